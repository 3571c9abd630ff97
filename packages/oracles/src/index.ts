export * from "./program-ids.js";
export { type Address, OracleLayoutError, PUBKEY_LENGTH } from "./bytes.js";
export * from "./pyth/price-update-v2.js";
export * from "./pyth/legacy-price.js";
export * from "./switchboard/pull-feed.js";
