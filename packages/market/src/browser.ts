/**
 * The market without its on-chain program: ids, constants, the klend error table, account layouts, the fixed-point
 * math, PDAs and instruction builders. The `browser` export condition resolves here so bundles never reach the
 * ledger's Node-only modules.
 */
export * from "./program-ids.js";
export * from "./constants.js";
export { KLEND_ERRORS, MARKET_ANCHOR_ERRORS, type KlendErrorName } from "./errors.js";
export * from "./state/index.js";
export * from "./math/index.js";
export { UpdateConfigMode, UPDATE_CONFIG_MODE_COUNT } from "./lending/config-update.js";
export * from "./client/index.js";
export { readReservePrice } from "./lending/oracle-prices.js";
export type { OracleAccount, OracleAccounts } from "./lending/oracle-config.js";
export type { PriceResult } from "./lending/reserve-operations.js";
export type { MarketClock } from "./lending/last-update.js";
export { ConditionType, OpportunityType, emptyOrder } from "./lending/orders.js";
export {
  UpdateLendingMarketMode,
  LENDING_MARKET_UPDATE_VALUE_SIZE,
  type UpdateLendingMarketModeName,
} from "./lending/lending-market-modes.js";
export * from "./farms/index.js";
export * from "./client/farm-instructions.js";
export { AssetTier } from "./lending/asset-tiers.js";
