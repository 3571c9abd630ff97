// The HTTP API's wire types (`/api/...`), one module per resource: what the server sends and the web app reads.
// Types only: nothing here exists at run time.
export type * from "./errors.js";
export type * from "./config.js";
export type * from "./auth.js";
export type * from "./accounts.js";
export type * from "./activity.js";
export type * from "./banks.js";
export type * from "./bad-debt.js";
export type * from "./liquidation-record.js";
export type * from "./oracles.js";
export type * from "./transactions.js";
export type * from "./fees.js";
export type * from "./points.js";
export type * from "./labels.js";
export type * from "./faucet.js";
export type * from "./sandbox-prices.js";
export type * from "./lookup-tables.js";
export type * from "./portfolio.js";
