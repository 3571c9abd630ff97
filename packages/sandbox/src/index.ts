// The sandbox: a seeded set of lending markets on a local ledger, with live prices, simulated users and a faucet,
// which `npm start` runs behind the API and web app.
export * from "./catalog.js";
export * from "./state.js";
export * from "./store.js";
export { airdrop } from "./send.js";
export { STATE_KEY, seedSandbox, type SeedOptions } from "./seed.js";
export {
  DEFAULT_HOLD_SECONDS,
  MAX_HOLD_SECONDS,
  MAX_SET_PRICE_USD,
  MIN_HOLD_SECONDS,
  PRICE_CONTROL_ERRORS,
  PriceWalk,
  annualVolatility,
  stakingRate,
  type FeedPrice,
  type PriceSet,
  type PriceSetResult,
  type PriceWalkOptions,
  type PricedUpdate,
  type TokenPrice,
} from "./prices.js";
export { VENUE_KEY, createMarketLookupTables, createSwapLookupTables, swapLookupTableKeys, swapLookupTables } from "./lookup-tables.js";
export {
  CAUTIOUS,
  RISK_TAKER,
  SimulatedUsers,
  appetiteOf,
  type Appetite,
  type SimulatedUsersOptions,
  type UserAction,
  type UserActionKind,
} from "./users.js";
export {
  LOOP_ACCOUNT_INDEX,
  MAX_LOOP_SHARE,
  MIN_LOOP_LEVERAGE,
  loopAccountAddress,
  loopLeverage,
  loopPairs,
  type LoopPair,
} from "./loops.js";
export { FAUCET_LAMPORTS, FAUCET_TOKEN_USD, createFaucet, type Faucet, type FaucetGrant } from "./faucet.js";
export { prepareSandboxLiquidator, type SandboxLiquidator } from "./liquidator.js";
export { SANDBOX_JOB_INTERVALS, sandboxJobIntervals, type SandboxJobIntervals } from "./intervals.js";
export { SANDBOX_KEEPER_INTERVAL_MS, sandboxKeeperIntervalMs } from "./intervals.js";
export { oraclePricesE18 } from "./prices.js";
export { pairPrice, seedVenue, startingReserves, venuePools, type SeedVenueOptions, type VenuePool, type VenueSide } from "./venue.js";
export { ArbitrageKeeper, type ArbitrageKeeperOptions, type KeeperTrade } from "./keeper.js";
