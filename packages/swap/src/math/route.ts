// A route's amounts hop by hop, with the same curve math the pools apply: what a quote shows and what the router
// checks before it trades.
import { quoteExactIn, quoteExactOut, type CurveParams } from "./curve.js";

/** One hop as a quote sees it: the pool's curve and its reserves on the hop's input and output sides. */
export interface HopReserves {
  curve: CurveParams;
  reserveIn: bigint;
  reserveOut: bigint;
}

/** Amounts at each index of the route: [in, after hop 1, …, out]. */
export function routeExactIn(hops: readonly HopReserves[], amountIn: bigint): bigint[] {
  const amounts = [amountIn];
  let amount = amountIn;
  for (const hop of hops) {
    amount = quoteExactIn(hop.curve, hop.reserveIn, hop.reserveOut, amount);
    amounts.push(amount);
  }
  return amounts;
}

/** Amounts at each index for an exact output, solved from the last hop back: [in, …, out]. */
export function routeExactOut(hops: readonly HopReserves[], amountOut: bigint): bigint[] {
  const amounts = [amountOut];
  let amount = amountOut;
  for (const hop of [...hops].reverse()) {
    amount = quoteExactOut(hop.curve, hop.reserveIn, hop.reserveOut, amount);
    amounts.unshift(amount);
  }
  return amounts;
}

/** The least output a slippage tolerance accepts: floor(quoted · (10 000 − bps) / 10 000), as the router checks. */
export function minimumOut(quotedOutAmount: bigint, slippageBps: number): bigint {
  return (quotedOutAmount * BigInt(10_000 - slippageBps)) / 10_000n;
}

/** The most input a slippage tolerance accepts: floor(quoted · (10 000 + bps) / 10 000). */
export function maximumIn(quotedInAmount: bigint, slippageBps: number): bigint {
  return (quotedInAmount * BigInt(10_000 + slippageBps)) / 10_000n;
}
