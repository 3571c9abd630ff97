// The lending program's interest math (reference §8.2-§8.8), one import for the instruction layer
// and the SDK: curves, rates and fees, accrual, the bank cache and token-flow rounding.
export * from "./interest-curve.js";
export * from "./interest-rates.js";
export * from "./accrual.js";
export * from "./settlement.js";
export { centiToU32, milliToU32 } from "./conversions.js";
