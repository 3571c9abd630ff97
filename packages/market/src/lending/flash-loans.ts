// Flash loans on a reserve (klend's flash_borrow_reserve_liquidity / flash_repay_reserve_liquidity, MO §3.7): the
// borrow lends liquidity out of the reserve with no obligation, the repay brings it back with the flash-loan fee
// (exclusive, at least one unit), its referral part credited to the referrer when one is given.
import { fail } from "../errors.js";
import { feeSplit } from "../math/fees.js";
import * as fx from "../math/fraction.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { ReferrerTokenState } from "../state/referrer.js";
import type { Reserve } from "../state/reserve.js";
import { markStale } from "./last-update.js";
import type { Log } from "./preconditions.js";
import { addReferrerFee } from "./referral-fees.js";
import { refreshLimitTimestamps } from "./reserve-operations.js";

/** u64::MAX as the flash-loan fee switches flash loans off for the reserve. */
export function flashLoansDisabled(reserve: Reserve): boolean {
  return reserve.config.fees.flashLoanFeeSf === fx.U64_MAX;
}

/** Lends `amount` out of the reserve's available liquidity, counted as borrowed until the repay. */
export function flashBorrowReserveLiquidity(reserve: Reserve, amount: bigint, log: Log): void {
  if (flashLoansDisabled(reserve)) {
    log("Flash loans are disabled for this reserve");
    fail("FlashLoansDisabled");
  }
  const l = reserve.liquidity;
  if (amount > l.availableAmount) {
    log(`Borrow amount cannot exceed available amount borrow_amount=${amount}, available_amount=${l.availableAmount}`);
    fail("InsufficientLiquidity");
  }
  l.availableAmount -= amount;
  l.borrowedAmountSf = fx.add(l.borrowedAmountSf, fx.fromInt(amount));
  markStale(reserve.lastUpdate);
}

export interface FlashRepayAmounts {
  /** Native units the user pays into the vault: the loan and the referral part of the fee. */
  vaultAmount: bigint;
  /** Native units the user pays the fee receiver. */
  protocolFee: bigint;
}

/** Takes the loan back and charges its fee; `referrer` (already validated) receives the referral part. */
export function flashRepayReserveLiquidity(
  market: LendingMarket,
  reserve: Reserve,
  amount: bigint,
  timestamp: bigint,
  referrer: ReferrerTokenState | null,
): FlashRepayAmounts {
  const amountF = fx.fromInt(amount);
  const { protocolFee, referralFee } = feeSplit(
    amountF,
    reserve.config.fees.flashLoanFeeSf,
    "exclusive",
    market.referralFeeBps,
    referrer !== null,
  );
  const l = reserve.liquidity;
  l.availableAmount = fx.toU64(l.availableAmount + amount);
  l.borrowedAmountSf = fx.sub(l.borrowedAmountSf, fx.minOf(amountF, l.borrowedAmountSf));
  refreshLimitTimestamps(reserve, timestamp);
  markStale(reserve.lastUpdate);
  if (referrer && market.referralFeeBps > 0) {
    addReferrerFee(reserve, referrer, fx.fromInt(referralFee));
    l.availableAmount = fx.toU64(l.availableAmount + referralFee);
  }
  return { vaultAmount: amount + referralFee, protocolFee };
}
