// The swap venue: constant-product and stable-swap pools, and a router at Jupiter v6's id executing routes over them.
export * from "./browser.js";
