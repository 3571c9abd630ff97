// How much more a bank can take: deposit and borrow room under its limits, kept clear of the interest that accrues
// before the transaction lands, and the liquidity its utilization check leaves.
import { SECONDS_PER_YEAR, U64_MAX, i80f48 as fx, type I80F48 } from "@ballast/protocol";

const TWO = fx.fromInt(2);
const SECONDS_PER_YEAR_FIXED = fx.fromInt(SECONDS_PER_YEAR);

/**
 * limit − total − 2 × apr × (now − last update) / year × total, in whole native units, with the program's rule that
 * the total after the action must stay strictly below the limit. Null when the limit is u64::MAX (unlimited).
 */
export function remainingCapacity(limit: bigint, total: I80F48, apr: I80F48, lastUpdate: bigint, now: bigint): bigint | null {
  if (limit === U64_MAX) return null;
  const elapsed = now > lastUpdate ? now - lastUpdate : 0n;
  const accrual = fx.mul(fx.div(fx.mul(fx.mul(TWO, apr), fx.fromInt(elapsed)), SECONDS_PER_YEAR_FIXED), total);
  const room = fx.sub(fx.sub(fx.fromInt(limit), total), accrual);
  const whole = fx.toIntCeil(room) - 1n;
  return whole > 0n ? whole : 0n;
}

/** Booked deposits minus booked borrows, whole units: a withdraw or borrow may not push liabilities above assets. */
export function availableLiquidity(totalAssets: I80F48, totalLiabilities: I80F48): bigint {
  const free = fx.toIntFloor(fx.sub(totalAssets, totalLiabilities));
  return free > 0n ? free : 0n;
}
