export * from "./program-ids.js";
export { type Address, OracleLayoutError, PUBKEY_LENGTH } from "./bytes.js";
export * from "./pyth/price-update-v2.js";
export * from "./pyth/legacy-price.js";
export * from "./switchboard/pull-feed.js";
export { PYTH_FEED_SEED, PYTH_RECEIVER_ERRORS, pythReceiverProgram } from "./programs/pyth-receiver.js";
export { SWITCHBOARD_FEED_SEED, SWITCHBOARD_ON_DEMAND_ERRORS, switchboardOnDemandProgram } from "./programs/switchboard-on-demand.js";
export * from "./client.js";
export * from "./pusher.js";
