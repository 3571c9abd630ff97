// klend v1.12.5's asset tiers (reference SML §2.8; removed at HEAD): an isolated collateral stands alone among the
// deposits, an isolated debt alone among the borrows, the two never meet, and neither is used the other way round.
// Checked at the end of every collateral deposit and every borrow, over the slots holding something.
import { fail } from "../errors.js";
import type { Obligation } from "../state/obligation.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import type { Log } from "./preconditions.js";

export const AssetTier = { Regular: 0, IsolatedCollateral: 1, IsolatedDebt: 2 } as const;

/** The tiers of the deposit slots holding collateral and the borrow slots holding debt. */
function tiersInUse(obligation: Obligation): { deposits: number[]; borrows: number[] } {
  const deposits = obligation.deposits.flatMap((d, i) =>
    d.depositReserve !== ZERO_PUBKEY && d.depositedAmount > 0n ? [obligation.depositsAssetTiers[i] ?? AssetTier.Regular] : [],
  );
  const borrows = obligation.borrows.flatMap((b, i) =>
    b.borrowReserve !== ZERO_PUBKEY && b.borrowedAmountSf > 0n ? [obligation.borrowsAssetTiers[i] ?? AssetTier.Regular] : [],
  );
  return { deposits, borrows };
}

/** IsolatedAssetTierViolation when the obligation's positions break a tier rule (klend's validate_obligation_asset_tiers). */
export function validateObligationAssetTiers(obligation: Obligation, log: Log): void {
  const { deposits, borrows } = tiersInUse(obligation);
  const isolatedDeposits = deposits.filter((t) => t === AssetTier.IsolatedCollateral).length;
  const isolatedBorrows = borrows.filter((t) => t === AssetTier.IsolatedDebt).length;
  const violation = (message: string): never => {
    log(message);
    return fail("IsolatedAssetTierViolation");
  };
  if (isolatedDeposits > 1) violation("Cannot deposit more than one isolated collateral tier asset");
  if (isolatedBorrows > 1) violation("Cannot borrow more than one isolated debt tier asset");
  if (isolatedDeposits > 0 && isolatedBorrows > 0)
    violation("Cannot borrow an isolated tier asset while depositing and isolated tier asset");
  if (deposits.length > 1 && isolatedDeposits > 0) violation("Cannot deposit isolated collateral tier asset with other assets");
  if (borrows.length > 1 && isolatedBorrows > 0) violation("Cannot borrow isolated debt tier asset with other assets");
  if (deposits.includes(AssetTier.IsolatedDebt)) violation("Cannot deposit an isolated debt tier asset");
  if (borrows.includes(AssetTier.IsolatedCollateral)) violation("Cannot borrow an isolated collateral tier asset");
}
