// The app server's HTTP API (spec §7) with the spec §8 error messages. Every function takes the Http client first.
export * from "./http.js";
export * from "./config.js";
export * from "./banks.js";
export * from "./bad-debt.js";
export * from "./oracles.js";
export * from "./accounts.js";
export * from "./activity.js";
export * from "./liquidation-record.js";
export * from "./points.js";
export * from "./labels.js";
export * from "./auth.js";
export * from "./faucet.js";
export * from "./sandbox-prices.js";
export * from "./fees.js";
export * from "./lookup-tables.js";
export * from "./portfolio.js";
export * from "./explorer.js";
