// Integer helpers for the curves: every amount is a bigint of token base units, never a float.

/** Fees and slippage are in basis points of this. */
export const BPS_DENOMINATOR = 10_000n;

export const U64_MAX = (1n << 64n) - 1n;

/** Why a curve cannot answer; the pool program maps each reason to one of its errors. */
export type SwapMathFailure = "ZeroAmount" | "InsufficientLiquidity" | "InitialLiquidityTooSmall" | "DidNotConverge";

export class SwapMathError extends Error {
  constructor(
    readonly reason: SwapMathFailure,
    detail: string,
  ) {
    super(detail);
    this.name = "SwapMathError";
  }
}

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("division by a non-positive number");
  return numerator === 0n ? 0n : (numerator - 1n) / denominator + 1n;
}

/** floor(√n) by Newton's method on integers. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError("square root of a negative number");
  if (n < 2n) return n;
  let x = 1n << (BigInt(n.toString(2).length + 1) / 2n);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** The amount left after the fee: floor(amount · (10 000 − fee) / 10 000); the difference stays in the pool. */
export function afterFee(amount: bigint, feeBps: bigint): bigint {
  return (amount * (BPS_DENOMINATOR - feeBps)) / BPS_DENOMINATOR;
}
