// One entry point over both curves, by the pool's curve kind: what the pool program, the router and quoting clients
// call with a pool's parameters and its two reserves.
import { constantProductExactIn, constantProductExactOut } from "./constant-product.js";
import { BPS_DENOMINATOR, SwapMathError } from "./integer.js";
import { stableExactIn, stableExactOut, stableInvariant } from "./stable-swap.js";

export const CurveKind = { ConstantProduct: 0, Stable: 1 } as const;
export type CurveKind = (typeof CurveKind)[keyof typeof CurveKind];

export const MAX_FEE_BPS = 1_000;
export const MIN_AMPLIFICATION = 1n;
export const MAX_AMPLIFICATION = 1_000_000n;

export interface CurveParams {
  curve: CurveKind;
  feeBps: number;
  /** A of the stable curve; unused by constant product. */
  amplification: bigint;
}

export function isCurveKind(value: number): value is CurveKind {
  return value === CurveKind.ConstantProduct || value === CurveKind.Stable;
}

/** Amount out for `amountIn` of the input side, given the pool's reserves on each side. */
export function quoteExactIn(params: CurveParams, reserveIn: bigint, reserveOut: bigint, amountIn: bigint): bigint {
  if (amountIn <= 0n) throw new SwapMathError("ZeroAmount", "the amount in must be positive");
  const fee = BigInt(params.feeBps);
  return params.curve === CurveKind.Stable
    ? stableExactIn(reserveIn, reserveOut, amountIn, fee, params.amplification)
    : constantProductExactIn(reserveIn, reserveOut, amountIn, fee);
}

/** The least input that buys `amountOut` of the output side. */
export function quoteExactOut(params: CurveParams, reserveIn: bigint, reserveOut: bigint, amountOut: bigint): bigint {
  if (amountOut <= 0n) throw new SwapMathError("ZeroAmount", "the amount out must be positive");
  const fee = BigInt(params.feeBps);
  return params.curve === CurveKind.Stable
    ? stableExactOut(reserveIn, reserveOut, amountOut, fee, params.amplification)
    : constantProductExactOut(reserveIn, reserveOut, amountOut, fee);
}

/** The fee part of `amountIn` (it stays in the pool), for quotes. */
export function feeOf(params: CurveParams, amountIn: bigint): bigint {
  return amountIn - (amountIn * (BPS_DENOMINATOR - BigInt(params.feeBps))) / BPS_DENOMINATOR;
}

/** The pool's invariant: k = x·y, or the stable D. It never decreases by a swap. */
export function poolInvariant(params: CurveParams, reserveA: bigint, reserveB: bigint): bigint {
  return params.curve === CurveKind.Stable ? stableInvariant(reserveA, reserveB, params.amplification) : reserveA * reserveB;
}
