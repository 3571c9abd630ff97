// LP token math. The first deposit mints √(a·b) LP tokens, of which MINIMUM_LIQUIDITY are locked in the pool for
// good, so the supply can never return to zero and the first depositor cannot set an LP token's price at will;
// later deposits and withdrawals are proportional to the reserves, rounded in the pool's favour.
import { SwapMathError, ceilDiv, isqrt } from "./integer.js";

export const MINIMUM_LIQUIDITY = 1_000n;

export interface InitialLiquidity {
  /** LP tokens to the depositor. */
  minted: bigint;
  /** LP tokens locked in the pool. */
  locked: bigint;
}

export function initialLiquidity(amountA: bigint, amountB: bigint): InitialLiquidity {
  const total = isqrt(amountA * amountB);
  if (total <= MINIMUM_LIQUIDITY) {
    throw new SwapMathError("InitialLiquidityTooSmall", `√(a·b) = ${total} must exceed the ${MINIMUM_LIQUIDITY} locked LP tokens`);
  }
  return { minted: total - MINIMUM_LIQUIDITY, locked: MINIMUM_LIQUIDITY };
}

export interface PoolAmounts {
  amountA: bigint;
  amountB: bigint;
}

function checkSupply(lpSupply: bigint): void {
  if (lpSupply <= 0n) throw new SwapMathError("InsufficientLiquidity", "the pool has no LP supply");
}

/** What `lpAmount` new LP tokens cost: each reserve's share, rounded up. */
export function depositAmounts(lpAmount: bigint, reserveA: bigint, reserveB: bigint, lpSupply: bigint): PoolAmounts {
  checkSupply(lpSupply);
  return { amountA: ceilDiv(lpAmount * reserveA, lpSupply), amountB: ceilDiv(lpAmount * reserveB, lpSupply) };
}

/** What burning `lpAmount` LP tokens pays out: each reserve's share, rounded down. */
export function withdrawAmounts(lpAmount: bigint, reserveA: bigint, reserveB: bigint, lpSupply: bigint): PoolAmounts {
  checkSupply(lpSupply);
  if (lpAmount > lpSupply) throw new SwapMathError("InsufficientLiquidity", `only ${lpSupply} LP tokens exist`);
  return { amountA: (lpAmount * reserveA) / lpSupply, amountB: (lpAmount * reserveB) / lpSupply };
}

/** The most LP tokens a deposit of at most `maxA` and `maxB` buys (for clients choosing `lp_amount`). */
export function lpForDeposit(maxA: bigint, maxB: bigint, reserveA: bigint, reserveB: bigint, lpSupply: bigint): bigint {
  checkSupply(lpSupply);
  if (reserveA <= 0n || reserveB <= 0n) throw new SwapMathError("InsufficientLiquidity", "the pool holds no liquidity");
  const byA = (maxA * lpSupply) / reserveA;
  const byB = (maxB * lpSupply) / reserveB;
  return byA < byB ? byA : byB;
}
