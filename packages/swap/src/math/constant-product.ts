// Constant-product pools (x·y = k). The fee is taken from the input and stays in the pool, so k grows with every
// swap; outputs round down and exact-out inputs round up, both in the pool's favour.
import { BPS_DENOMINATOR, SwapMathError, ceilDiv } from "./integer.js";

function checkReserves(reserveIn: bigint, reserveOut: bigint): void {
  if (reserveIn <= 0n || reserveOut <= 0n) throw new SwapMathError("InsufficientLiquidity", "the pool holds no liquidity");
}

/** Amount out for `amountIn`: floor(out_reserve · in·(1−fee) / (in_reserve + in·(1−fee))). */
export function constantProductExactIn(reserveIn: bigint, reserveOut: bigint, amountIn: bigint, feeBps: bigint): bigint {
  checkReserves(reserveIn, reserveOut);
  const inWithFee = amountIn * (BPS_DENOMINATOR - feeBps);
  return (reserveOut * inWithFee) / (reserveIn * BPS_DENOMINATOR + inWithFee);
}

/**
 * The least input whose exact-in output is at least `amountOut`: the exact-in formula solved for the input and
 * rounded up. The output must leave something in the pool.
 */
export function constantProductExactOut(reserveIn: bigint, reserveOut: bigint, amountOut: bigint, feeBps: bigint): bigint {
  checkReserves(reserveIn, reserveOut);
  if (amountOut >= reserveOut) throw new SwapMathError("InsufficientLiquidity", `the pool holds only ${reserveOut}`);
  return ceilDiv(reserveIn * amountOut * BPS_DENOMINATOR, (reserveOut - amountOut) * (BPS_DENOMINATOR - feeBps));
}
