// Client-side math: prices, health, rates, max amounts, liquidation prices, e-mode and slot projection, agreeing with
// the program to the I80F48 bit wherever the program computes the same quantity.
export * from "./units.js";
export * from "./price.js";
export * from "./priced-bank.js";
export * from "./emode.js";
export * from "./health.js";
export * from "./health-factor.js";
export * from "./positions.js";
export * from "./liquidation-price.js";
export * from "./capacity.js";
export * from "./bank-figures.js";
export * from "./max-amounts.js";
export * from "./bank-state.js";
export * from "./rates.js";
export * from "./bank-rates.js";
export * from "./emissions.js";
export * from "./points.js";
export * from "./net-apy.js";
export * from "./emode-impact.js";
export * from "./leverage.js";
export * from "./balance-projection.js";
export * from "./action-projection.js";
export * from "./kamino.js";
export * from "./liquidation.js";
export * from "./kamino-obligation.js";
