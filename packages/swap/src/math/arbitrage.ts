// What an arbitrageur needs from a pool: its spot price, and the input that moves that price to a target price.
// Prices are of mint A in units of mint B, base units on both sides (B base units per A base unit). The fee is taken
// from the input as the pool program takes it: the whole input enters the vault, only its after-fee part is priced.
import { constantProductExactIn } from "./constant-product.js";
import { CurveKind, type CurveParams } from "./curve.js";
import { BPS_DENOMINATOR, SwapMathError, isqrt } from "./integer.js";
import { stableExactIn, stableInvariant } from "./stable-swap.js";

/** A price as the exact ratio `numerator / denominator` (B base units per A base unit); both positive. */
export interface Price {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** One swap through the pool: `amountIn` of A (aToB) or of B. */
export interface ArbitrageTrade {
  readonly aToB: boolean;
  readonly amountIn: bigint;
}

/** Bisection steps of the stable curve's search: 2^-128 of the bracket, far below one base unit of any u64 amount. */
export const MAX_BISECTION_ITERATIONS = 128;

/** Doublings of the stable search's bracket: past 2^64 no token account could pay the input. */
const MAX_BRACKET_DOUBLINGS = 64;

function positive(value: bigint, what: string): void {
  if (value <= 0n) throw new SwapMathError("InsufficientLiquidity", `${what} must be positive`);
}

/**
 * The marginal price of A in B at reserves `reserveA`, `reserveB`, before the fee: y / x on the constant-product
 * curve; on the stable curve the ratio of the invariant's partial derivatives, (Ann + D³/(4x²y)) / (Ann + D³/(4xy²)).
 * A float, for comparisons within a fee band; sizing uses exact integers where the curve allows.
 */
export function spotPrice(params: CurveParams, reserveA: bigint, reserveB: bigint): number {
  positive(reserveA, "reserve A");
  positive(reserveB, "reserve B");
  if (params.curve === CurveKind.ConstantProduct) return Number(reserveB) / Number(reserveA);
  const d = Number(stableInvariant(reserveA, reserveB, params.amplification));
  const x = Number(reserveA);
  const y = Number(reserveB);
  const ann = Number(params.amplification) * 2;
  // D³/(4x²y) = (D/x)·(D/x)·(D/y)/4, in that order so that no intermediate leaves the float range.
  const dx = (((d / x) * d) / x) * (d / y);
  const dy = (((d / x) * d) / y) * (d / y);
  return (ann + dx / 4) / (ann + dy / 4);
}

/** The price as a float. */
export function priceValue(price: Price): number {
  return Number(price.numerator) / Number(price.denominator);
}

/** Whether `price` lies within one fee band of `target`: target · (1 − fee) ≤ price ≤ target / (1 − fee). */
export function withinFeeBand(price: number, target: number, feeBps: number): boolean {
  const keep = 1 - feeBps / Number(BPS_DENOMINATOR);
  return price >= target * keep && price <= target / keep;
}

/**
 * Constant product, closed form: the input `d` of the side whose price falls, so that after the trade
 * reserveOut′ / reserveIn′ = target (out units per in unit). With g = 1 − fee the pool ends at
 * (x + d, x·y / (x + g·d)), so g·d² + (2 − fee)·x·d + x² − x·y/target = 0; `d` is its positive root, rounded down
 * (the pool's rounding of the output leaves the price a hair above the target, never past it). Zero when the price
 * is already at or below the target.
 */
export function constantProductInputToPrice(reserveIn: bigint, reserveOut: bigint, feeBps: bigint, target: Price): bigint {
  positive(reserveIn, "reserve in");
  positive(reserveOut, "reserve out");
  const { numerator: p, denominator: q } = target;
  if (reserveOut * q <= reserveIn * p) return 0n;
  // Multiplied through by 10 000 · p to stay on integers: a·d² + b·d + c = 0 with c < 0.
  const a = (BPS_DENOMINATOR - feeBps) * p;
  const b = reserveIn * (2n * BPS_DENOMINATOR - feeBps) * p;
  const c = BPS_DENOMINATOR * reserveIn * (reserveIn * p - reserveOut * q);
  return (isqrt(b * b - 4n * a * c) - b) / (2n * a);
}

/**
 * Stable swap, by bisection on the curve: the largest input whose trade leaves the input side's price (in output
 * units) at or above the target, simulated with stableExactIn exactly as the pool swaps. The bracket doubles from
 * one unit until it passes the target (at most 64 times), then at most 128 halvings settle it.
 */
export function stableInputToPrice(reserveIn: bigint, reserveOut: bigint, feeBps: bigint, amplification: bigint, target: Price): bigint {
  const params: CurveParams = { curve: CurveKind.Stable, feeBps: Number(feeBps), amplification };
  const goal = priceValue(target);
  const priceAfter = (amountIn: bigint): number => {
    const out = stableExactIn(reserveIn, reserveOut, amountIn, feeBps, amplification);
    if (out >= reserveOut) return 0;
    return spotPrice(params, reserveIn + amountIn, reserveOut - out);
  };
  if (priceAfter(0n) <= goal) return 0n;
  let low = 0n;
  let high = 1n;
  for (let i = 0; priceAfter(high) > goal; i++) {
    if (i === MAX_BRACKET_DOUBLINGS) throw new SwapMathError("DidNotConverge", "no input moves the pool to the target price");
    low = high;
    high *= 2n;
  }
  for (let i = 0; i < MAX_BISECTION_ITERATIONS && high - low > 1n; i++) {
    const middle = (low + high) / 2n;
    if (priceAfter(middle) > goal) low = middle;
    else high = middle;
  }
  return low;
}

/** The target price seen from B's side: A per B. */
function inverse(price: Price): Price {
  return { numerator: price.denominator, denominator: price.numerator };
}

/**
 * The swap that brings the pool's price of A (in B) to `target`, or null when the pool is already within one fee band
 * of it (no arbitrage pays there). Above the target A is sold into the pool, below it B is.
 */
export function arbitrageTrade(params: CurveParams, reserveA: bigint, reserveB: bigint, target: Price): ArbitrageTrade | null {
  positive(target.numerator, "the target price");
  positive(target.denominator, "the target price");
  const spot = spotPrice(params, reserveA, reserveB);
  const goal = priceValue(target);
  if (withinFeeBand(spot, goal, params.feeBps)) return null;
  const aToB = spot > goal;
  const [reserveIn, reserveOut, price] = aToB ? [reserveA, reserveB, target] : [reserveB, reserveA, inverse(target)];
  const fee = BigInt(params.feeBps);
  const amountIn =
    params.curve === CurveKind.Stable
      ? stableInputToPrice(reserveIn, reserveOut, fee, params.amplification, price)
      : constantProductInputToPrice(reserveIn, reserveOut, fee, price);
  return amountIn > 0n ? { aToB, amountIn } : null;
}

/** The reserves after `trade`, as the pool program would leave them. */
export function reservesAfter(params: CurveParams, reserveA: bigint, reserveB: bigint, trade: ArbitrageTrade): [bigint, bigint] {
  const fee = BigInt(params.feeBps);
  const swapOut = (reserveIn: bigint, reserveOut: bigint) =>
    params.curve === CurveKind.Stable
      ? stableExactIn(reserveIn, reserveOut, trade.amountIn, fee, params.amplification)
      : constantProductExactIn(reserveIn, reserveOut, trade.amountIn, fee);
  if (trade.aToB) return [reserveA + trade.amountIn, reserveB - swapOut(reserveA, reserveB)];
  return [reserveA - swapOut(reserveB, reserveA), reserveB + trade.amountIn];
}

/**
 * Reserves worth `valueB` in all (counted in B at `target`) whose spot price is `target`: half and half on the
 * constant-product curve; on the stable curve, where an off-peg price needs an imbalance, the share of A found by
 * bisection (the price of A falls as its reserve grows).
 */
export function reservesAtPrice(params: CurveParams, target: Price, valueB: bigint): [bigint, bigint] {
  const { numerator: p, denominator: q } = target;
  positive(p, "the target price");
  positive(q, "the target price");
  const half = valueB / 2n;
  if (params.curve === CurveKind.ConstantProduct) return [(half * q) / p, half];
  const goal = priceValue(target);
  const reserveBOf = (reserveA: bigint) => valueB - (reserveA * p) / q;
  let low = 1n;
  let high = (valueB * q) / p;
  for (let i = 0; i < MAX_BISECTION_ITERATIONS && high - low > 1n; i++) {
    const middle = (low + high) / 2n;
    const reserveB = reserveBOf(middle);
    if (reserveB > 0n && spotPrice(params, middle, reserveB) > goal) low = middle;
    else high = middle;
  }
  return [low, reserveBOf(low)];
}
