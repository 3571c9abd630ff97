// Kamino Farms without the on-chain program: ids, layouts, errors, reward math, addresses and builders.
export * from "./ids.js";
export * from "./state.js";
export { FARMS_ERRORS } from "./errors.js";
export { FARMS_INSTRUCTIONS, FarmConfigMode } from "./instruction-table.js";
export { scheduledEmission } from "./rewards.js";
export * from "./client.js";
