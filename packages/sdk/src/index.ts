// The Ballast client SDK: state, client-side math, instruction builders and the transaction layer.
export * from "./errors.js";
export * from "./transactions/index.js";
export * from "./instructions/coder.js";
export * from "./instructions/program.js";
export type {
  BankConfigChanges,
  BankConfigParams,
  EmodeEntryParams,
  GlobalFeeSettings,
  InterestRateChanges,
  InterestRateParams,
  StakedSettingsChanges,
  StakedSettingsParams,
} from "./instructions/config-args.js";
export * from "./instructions/pda.js";
export type { TokenProgramOptions } from "./instructions/token-program.js";
export * from "./instructions/risk-accounts.js";
export * from "./instructions/account.js";
export * from "./instructions/lending.js";
export * from "./instructions/kamino.js";
export * from "./instructions/kamino-refresh.js";
export * from "./instructions/lookup-tables.js";
export * from "./instructions/flashloan.js";
export * from "./instructions/liquidation.js";
export * from "./instructions/admin/index.js";
export * from "./instructions/permissionless.js";
export * from "./instructions/tokens.js";
export * from "./validation/index.js";
export * from "./actions/index.js";
export * from "./swap/index.js";
export * from "./state/index.js";
export * from "./math/index.js";
export * from "./explorer/index.js";
export type * from "./wire/index.js";
