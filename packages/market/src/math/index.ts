// The market's fixed-point arithmetic (reference §2), pure and on bigint.
export * as fraction from "./fraction.js";
export { FRACTION_BITS, fractionToDecimal, fractionDisplay } from "./fraction.js";
export * from "./big-fraction.js";
export * from "./borrow-rate-curve.js";
export * from "./compounding.js";
export * from "./reserve-liquidity.js";
export * from "./exchange-rate.js";
export * from "./market-value.js";
export * from "./price.js";
export * from "./fees.js";
export * from "./borrow-amounts.js";
export * from "./withdrawal-caps.js";
export * from "./liquidation.js";
export * from "./scope-chain.js";
