// The liquidator as a library: start it in process (the product launcher and tests do) or through src/main.ts.
export {
  startLiquidator,
  LIQUIDATION_TX_COST_LAMPORTS,
  type RunningLiquidator,
  type PassReport,
  type StartLiquidatorOptions,
} from "./liquidator.js";
export {
  resolveConfig,
  settingsFrom,
  readKeypairFile,
  ConfigError,
  PRIORITY_TIERS,
  type LiquidatorConfig,
  type LiquidatorSettings,
} from "./config.js";
export { LiquidatorMetrics } from "./metrics.js";
export { AccountIndex, type IndexedAccount } from "./account-index.js";
