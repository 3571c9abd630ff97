// The swap venue: constant-product and stable-swap pools, and a router at Jupiter v6's id executing routes over them.
export * from "./browser.js";
export { POOL_ACCOUNT_SPECS, poolProgram } from "./programs/pool/index.js";
export { ROUTER_ACCOUNT_SPECS, routerProgram } from "./programs/router/index.js";
