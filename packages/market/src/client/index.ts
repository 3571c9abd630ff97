// Client side of the market: PDAs, seeds and instruction builders.
export * from "./seeds.js";
export * from "./addresses.js";
export { type ProgramOption } from "./coder.js";
export { KLEND_INSTRUCTIONS } from "./instructions.js";
export * from "./admin-instructions.js";
export * from "./position-instructions.js";
export * from "./liquidation-instructions.js";
export * from "./flash-instructions.js";
export * from "./refresh-batch-instructions.js";
export * from "./referrer-instructions.js";
export * from "./position-v2-instructions.js";
