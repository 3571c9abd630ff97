// Curve's StableSwap invariant for two coins, A·n^n·Σx + D = A·D·n^n + D^(n+1) / (n^n·Πx), solved by Newton's
// method on bigints with Curve's bound of 255 iterations (convergence within one unit, as Curve's get_D/get_y).
// The fee is taken from the input and stays in the pool; the output is one unit short of the curve's, as in Curve,
// so rounding never lowers D.
import { BPS_DENOMINATOR, SwapMathError, U64_MAX, afterFee, ceilDiv } from "./integer.js";

const N_COINS = 2n;
export const MAX_NEWTON_ITERATIONS = 255;

function converged(a: bigint, b: bigint): boolean {
  return a > b ? a - b <= 1n : b - a <= 1n;
}

/** The invariant D of reserves `x`, `y` at amplification `amplification` (A). */
export function stableInvariant(x: bigint, y: bigint, amplification: bigint): bigint {
  const sum = x + y;
  if (sum === 0n) return 0n;
  if (x <= 0n || y <= 0n) throw new SwapMathError("InsufficientLiquidity", "the pool holds no liquidity on one side");
  const ann = amplification * N_COINS;
  let d = sum;
  for (let i = 0; i < MAX_NEWTON_ITERATIONS; i++) {
    let dP = d;
    dP = (dP * d) / (x * N_COINS);
    dP = (dP * d) / (y * N_COINS);
    const previous = d;
    d = ((ann * sum + dP * N_COINS) * d) / ((ann - 1n) * d + (N_COINS + 1n) * dP);
    if (converged(d, previous)) return d;
  }
  throw new SwapMathError("DidNotConverge", "the stable invariant did not converge");
}

/** The other reserve that keeps invariant `d` when one reserve is `x` (Curve's get_y). */
export function stableOtherReserve(x: bigint, d: bigint, amplification: bigint): bigint {
  if (x <= 0n) throw new SwapMathError("InsufficientLiquidity", "a reserve would be empty");
  const ann = amplification * N_COINS;
  let c = (d * d) / (x * N_COINS);
  c = (c * d) / (ann * N_COINS);
  const b = x + d / ann;
  let y = d;
  for (let i = 0; i < MAX_NEWTON_ITERATIONS; i++) {
    const previous = y;
    y = (y * y + c) / (2n * y + b - d);
    if (converged(y, previous)) return y;
  }
  throw new SwapMathError("DidNotConverge", "the stable reserve did not converge");
}

/** Amount out for `amountIn` on the stable curve. */
export function stableExactIn(reserveIn: bigint, reserveOut: bigint, amountIn: bigint, feeBps: bigint, amplification: bigint): bigint {
  const d = stableInvariant(reserveIn, reserveOut, amplification);
  const inAfterFee = afterFee(amountIn, feeBps);
  if (inAfterFee === 0n) return 0n;
  const newOut = stableOtherReserve(reserveIn + inAfterFee, d, amplification);
  return newOut + 1n >= reserveOut ? 0n : reserveOut - newOut - 1n;
}

/**
 * The least input whose exact-in output is at least `amountOut`: the curve solved for the input gives a first
 * guess, then a doubling search and bisection settle it against stableExactIn itself, so the two directions agree
 * to the unit whatever the rounding of each Newton solve.
 */
export function stableExactOut(reserveIn: bigint, reserveOut: bigint, amountOut: bigint, feeBps: bigint, amplification: bigint): bigint {
  if (amountOut >= reserveOut) throw new SwapMathError("InsufficientLiquidity", `the pool holds only ${reserveOut}`);
  if (amountOut === 0n) return 0n;
  const enough = (amountIn: bigint) => stableExactIn(reserveIn, reserveOut, amountIn, feeBps, amplification) >= amountOut;
  const d = stableInvariant(reserveIn, reserveOut, amplification);
  const newIn = stableOtherReserve(reserveOut - amountOut - 1n, d, amplification);
  const guess = newIn > reserveIn ? ceilDiv((newIn - reserveIn + 1n) * BPS_DENOMINATOR, BPS_DENOMINATOR - feeBps) : 1n;

  let low = 0n;
  let high = guess;
  for (let step = 1n; !enough(high); step *= 2n) {
    // Past u64 no token account could pay: the pool cannot give that much.
    if (high > U64_MAX) throw new SwapMathError("InsufficientLiquidity", `no input buys ${amountOut} of ${reserveOut}`);
    low = high;
    high += step;
  }
  for (let step = 1n; low === 0n && high > 1n; step *= 2n) {
    const below = high > step ? high - step : 0n;
    if (below === 0n || !enough(below)) {
      low = below;
      break;
    }
    high = below;
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (enough(middle)) high = middle;
    else low = middle;
  }
  return high;
}
