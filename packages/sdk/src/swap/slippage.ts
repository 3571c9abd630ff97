// How much a swap may move against the quote before the router refuses, and when its price impact needs the user's
// attention.

export const SLIPPAGE = {
  /** The tolerance when the user keeps the automatic setting. */
  AUTO_BPS: 50,
  /** The largest custom tolerance the app accepts. */
  MAX_BPS: 5_000,
} as const;

/** Price impact above this percent is shown as a warning. */
export const PRICE_IMPACT_WARNING_PCT = 1;
/** Price impact above this percent needs the user's confirmation. */
export const PRICE_IMPACT_CONFIRM_PCT = 5;

export type PriceImpactLevel = "ok" | "warning" | "confirm";

/** The attention a quote's price impact (in percent, e.g. 1.5) needs. */
export function priceImpactLevel(priceImpactPct: number): PriceImpactLevel {
  if (priceImpactPct > PRICE_IMPACT_CONFIRM_PCT) return "confirm";
  if (priceImpactPct > PRICE_IMPACT_WARNING_PCT) return "warning";
  return "ok";
}
