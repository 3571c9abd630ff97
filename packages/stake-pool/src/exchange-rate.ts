// How many pool tokens (LST) a SOL deposit buys. The pool's stake account always keeps a non-refundable minimum
// delegation that no token is minted for; the lending program prices LST as (stake − that minimum) / supply.

/** Lamports delegated at pool creation and never backed by tokens (SPL single-pool's 1 SOL minimum). */
export const MINIMUM_POOL_STAKE = 1_000_000_000n;

/** Decimals of every pool's LST mint, as SOL's. */
export const POOL_TOKEN_DECIMALS = 9;

/** Lamports the LST supply is backed by: the delegated stake less the non-refundable minimum. */
export function backingLamports(delegatedStake: bigint): bigint {
  return delegatedStake - MINIMUM_POOL_STAKE;
}

/**
 * LST minted for `lamports` at the pool's current rate, rounded down (in the pool's favour). An empty pool mints
 * 1:1, and so does one whose tokens have nothing behind them yet.
 */
export function lstForDeposit(lamports: bigint, lstSupply: bigint, delegatedStake: bigint): bigint {
  const backing = backingLamports(delegatedStake);
  if (lstSupply === 0n || backing <= 0n) return lamports;
  return (lamports * lstSupply) / backing;
}
