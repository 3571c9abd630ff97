/**
 * Oracle account layouts and client instructions without the on-chain programs or the price pusher: what clients (the
 * SDK in a browser) use of this package. The `browser` export condition resolves here so bundles never reach the
 * ledger's Node-only modules.
 */
export * from "./program-ids.js";
export { type Address, OracleLayoutError, PUBKEY_LENGTH } from "./bytes.js";
export * from "./pyth/price-update-v2.js";
export * from "./pyth/legacy-price.js";
export * from "./pyth/wormhole.js";
export * from "./pyth/accumulator.js";
export * from "./pyth/receiver-config.js";
export * from "./switchboard/pull-feed.js";
export * from "./switchboard/accounts.js";
export * from "./switchboard/signing.js";
export * from "./switchboard/slot-hash.js";
export { aggregateResult, isFreshSubmission } from "./switchboard/aggregate.js";
export * from "./scope/oracle-prices.js";
export * from "./client.js";
export { PYTH_RECEIVER_INSTRUCTIONS, SCOPE_INSTRUCTIONS, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS } from "./instructions.js";
