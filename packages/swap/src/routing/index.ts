// Route search and quote figures over a snapshot of the pools, for quote services, keepers and the SDK.
export * from "./route-index.js";
export * from "./price-impact.js";
