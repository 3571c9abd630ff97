// The transaction layer: sizing and packing, compute budget and fees, tips, simulation, broadcast with fallback,
// confirmation, error resolution, and health simulation.
export * from "./size.js";
export * from "./packing.js";
export * from "./compute-budget.js";
export * from "./priority-fee.js";
export * from "./tips.js";
export * from "./format.js";
export * from "./encoding.js";
export * from "./json-rpc.js";
export * from "./simulate.js";
export * from "./server-api.js";
export * from "./confirm.js";
export * from "./broadcast.js";
export * from "./errors.js";
export * from "./error-tables.js";
export * from "./process.js";
export * from "./simulate-health.js";
