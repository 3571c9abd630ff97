/**
 * The lending program package without the program itself: fixed-point math, account layouts, interest, price feeds,
 * e-mode, errors and the IDL — what clients (the SDK in a browser) use. The `browser` export condition resolves here so
 * bundles never reach the ledger's Node-only modules.
 */
export * as i80f48 from "./math/i80f48.js";
export { FixedPointError, type I80F48 } from "./math/i80f48.js";

export {
  accountView,
  type BankData,
  type BankMetadataData,
  type FeeStateData,
  type LiquidationRecordData,
  type MarginfiAccountData,
  type MarginfiGroupData,
  type StakedSettingsData,
} from "./state/views.js";

export * from "./state/discriminators.js";
export * from "./state/enums.js";
export * from "./state/flags.js";
export * from "./state/group.js";
export * from "./state/bank.js";
export * from "./state/bank-config.js";
export * from "./state/interest-rate-config.js";
export * from "./state/bank-cache.js";
export * from "./state/emode-settings.js";
export * from "./state/marginfi-account.js";
export { kaminoObligationAddress } from "./state/kamino.js";
export * from "./state/balance.js";
export * from "./state/health-cache.js";
export * from "./state/fee-state.js";
export * from "./state/liquidation-record.js";
export * from "./state/staked-settings.js";
export * from "./state/bank-metadata.js";
export { DEFAULT_PUBKEY, MARGINFI_PROGRAM_ID, SEEDS } from "./program/ids.js";
export { U64_MAX } from "@ballast/ledger";
export { instructionDiscriminator } from "@ballast/anchor";
export { ERRORS, type ErrorName } from "./program/error-codes.js";
export { ANCHOR_ERRORS } from "@ballast/anchor";
export * from "./math/conversions.js";
export * from "./math/interest.js";
export * from "./math/value.js";
export { PriceBias, PriceType, loadPriceFeed, oracleAccountCount, type PriceFeed } from "./risk/price-feed.js";
export {
  reconcileEmode,
  reconcileEmodeEntries,
  emodeEntriesByTag,
  emodeEntryFor,
  type EmodeWeights,
  type ReconciledEmode,
} from "./risk/emode.js";
export { RequirementType, BANKRUPT_THRESHOLD } from "./risk/risk-engine.js";
export { PROGRAM_VERSION } from "./risk/health-cache.js";
export { ZERO_AMOUNT_THRESHOLD, EMPTY_BALANCE_THRESHOLD } from "./program/balances.js";
export { MARGINFI_IDL } from "./idl.js";
export * from "./instruction-table.js";
export { wrappedI80F48 } from "./instruction-arg-types.js";
export { emissionsFor, MIN_EMISSIONS_START_TIME } from "./program/balances.js";
export { ProgramFailure } from "@ballast/anchor";
