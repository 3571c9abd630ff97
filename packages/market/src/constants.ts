// klend constants (reference §1.7) and the LastUpdate price-status bits (§1.3).

/** The only account version the program operates on. */
export const PROGRAM_VERSION = 1n;
/** klend assumes 2 slots per second: 2 × 86,400 × 365. */
export const SLOTS_PER_YEAR = 63_072_000n;
export const FULL_BPS = 10_000n;

/** Lending market defaults written by init_lending_market. */
export const MARKET_DEFAULTS = {
  liquidationMaxDebtCloseFactorPct: 20,
  insolvencyRiskUnhealthyLtvPct: 95,
  minFullLiquidationValueThreshold: 2n,
  maxLiquidatableDebtMarketValueAtOnce: 500_000n,
  globalAllowedBorrowValue: 45_000_000n,
  /** Liquidity seeded into every new reserve, never withdrawable. */
  minInitialDepositAmount: 100_000n,
  /** An empty elevation group still allows 255 collateral reserves. */
  elevationGroupMaxReservesAsCollateral: 255,
} as const;

/** Reserve status (ReserveConfig.status). */
export const ReserveStatus = { Active: 0, Obsolete: 1, Hidden: 2 } as const;

/** LastUpdate.price_status bits: which price checks the last refresh passed. */
export const PriceStatus = {
  PRICE_LOADED: 1,
  PRICE_AGE_CHECKED: 2,
  TWAP_CHECKED: 4,
  TWAP_AGE_CHECKED: 8,
  HEURISTIC_CHECKED: 16,
  PRICE_USAGE_ALLOWED: 32,
  NONE: 0,
  ALL_CHECKS: 63,
  LIQUIDATION_CHECKS: 35,
} as const;

/** Obligations hold at most 8 collateral and 5 debt positions. */
export const MAX_OBLIGATION_DEPOSITS = 8;
export const MAX_OBLIGATION_BORROWS = 5;
/** Asset tier byte of an empty obligation slot. */
export const EMPTY_ASSET_TIER = 255;
/** Solana's DEFAULT_MS_PER_SLOT, used to back-date Switchboard results by slot distance. */
export const MS_PER_SLOT = 400n;
/** mark_obligation_for_deleveraging's target that unmarks the obligation. */
export const NO_DELEVERAGING_MARKER = 255;
