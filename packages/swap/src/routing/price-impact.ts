// Spot prices of the pools and a route's price impact against them. These are reporting figures (Jupiter's
// `priceImpactPct` is a decimal string), so they are computed in floating point; amounts stay bigints everywhere else.
import { CurveKind, type CurveParams } from "../math/curve.js";
import { stableInvariant } from "../math/stable-swap.js";
import { BPS_DENOMINATOR } from "../math/integer.js";
import type { HopReserves } from "../math/route.js";

/**
 * The marginal rate of a pool, output units per input unit for an infinitesimal trade, fee excluded.
 * Constant product: y / x. Stable swap (Curve's invariant with Ann = A·n, Ann·(x+y) + D = Ann·D + D³/(4xy)):
 * −dy/dx = (Ann + D³/(4x²y)) / (Ann + D³/(4xy²)).
 */
export function spotRate(curve: CurveParams, reserveIn: bigint, reserveOut: bigint): number {
  const x = Number(reserveIn);
  const y = Number(reserveOut);
  if (!(x > 0 && y > 0)) return 0;
  if (curve.curve !== CurveKind.Stable) return y / x;
  const ann = Number(curve.amplification) * 2;
  const d = Number(stableInvariant(reserveIn, reserveOut, curve.amplification));
  const d3Over4xy = (d / x) * (d / y) * (d / 4);
  return (ann + d3Over4xy / x) / (ann + d3Over4xy / y);
}

/**
 * How far a route's output falls short of the same input traded at the pools' spot prices after their fees, as a
 * fraction (0.01 = 1 %): 1 − out / (in · Π (1 − feeᵢ) · spotᵢ). Fees are not impact; rounding never makes it negative.
 */
export function priceImpact(hops: readonly HopReserves[], amountIn: bigint, amountOut: bigint): number {
  let ideal = Number(amountIn);
  for (const hop of hops) {
    const keep = Number(BPS_DENOMINATOR - BigInt(hop.curve.feeBps)) / Number(BPS_DENOMINATOR);
    ideal *= keep * spotRate(hop.curve, hop.reserveIn, hop.reserveOut);
  }
  if (!(ideal > 0)) return 0;
  return Math.max(0, 1 - Number(amountOut) / ideal);
}

/** A fraction as Jupiter prints `priceImpactPct`: a plain decimal string, no exponent, trailing zeros dropped. */
export function formatPriceImpact(impact: number): string {
  if (!(impact > 0)) return "0";
  const fixed = impact.toFixed(12).replace(/0+$/, "").replace(/\.$/, "");
  return fixed === "0" ? "0" : fixed;
}
