// How a swap's figures read: slippage in basis points as a percent, a quote's price impact (already in percent), the
// route's hops, and token amounts with their symbols.
import { priceImpactLevel, type PriceImpactLevel } from "@ballast/sdk";
import { formatPercent, formatTokenAmount } from "../../format/index.js";

/** A token as the swap screens name it. */
export interface SwapToken {
  readonly symbol: string;
  readonly decimals: number;
}

/** 50 bps → "0.5%", 5,000 → "50%", 1 → "0.01%": basis points are hundredths of a percent, shown without padding. */
export function formatSlippageBps(bps: number): string {
  return `${(bps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** A price impact given in percent (1.5 = 1.5 %), to two decimals; a positive impact under 0.01 % reads "<0.01%". */
export function formatPriceImpact(priceImpactPct: number): string {
  return formatPercent(priceImpactPct / 100);
}

/** The route's hops in order, "Stable Swap → Constant Product"; "Direct" for a route that names none. */
export function formatRoute(labels: readonly string[]): string {
  return labels.length === 0 ? "Direct" : labels.join(" → ");
}

/** Native units as exact whole tokens with the symbol: 1500000 USDC at 6 decimals → "1.5 USDC". */
export function formatSwapAmount(native: bigint, token: SwapToken): string {
  return `${formatTokenAmount(native, token.decimals, { maxFractionDigits: token.decimals })} ${token.symbol}`;
}

/**
 * Whether the price impact lets the swap go ahead: always below the confirmation level, and above it only once the
 * user has accepted it.
 */
export function priceImpactAccepted(priceImpactPct: number, accepted: boolean): boolean {
  return priceImpactLevel(priceImpactPct) !== "confirm" || accepted;
}

/** The line a price impact above the warning level shows; null when it needs no attention. */
export function priceImpactMessage(
  priceImpactPct: number,
): { readonly level: Exclude<PriceImpactLevel, "ok">; readonly text: string } | null {
  const level = priceImpactLevel(priceImpactPct);
  if (level === "ok") return null;
  const impact = formatPriceImpact(priceImpactPct);
  return level === "warning"
    ? { level, text: `Price impact ${impact}: this swap moves the pool's price against you` }
    : { level, text: `Price impact ${impact} is high: you receive much less than the market price` };
}
