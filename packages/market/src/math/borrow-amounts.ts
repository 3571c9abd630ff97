// How much a borrow adds to debt and pays out, and how much a repayment settles (reference §2.12; klend's
// calculate_borrow and calculate_repay). With a referrer, the market's referral share of the origination fee is split
// off it: it stays in the reserve as the referrer's, and only the rest goes to the fee receiver.
import { fail } from "../errors.js";
import { feeSplit } from "./fees.js";
import * as fx from "./fraction.js";

export const BORROW_ALL_AVAILABLE = fx.U64_MAX;

export interface BorrowTerms {
  /** Reserve price per whole token (Fraction). */
  price: bigint;
  decimals: bigint;
  /** Effective borrow factor (Fraction, at least 1). */
  borrowFactor: bigint;
  /** The reserve's origination fee rate (Fraction bits in a u64). */
  originationFeeSf: bigint;
  /** Liquidity the reserve holds. */
  availableAmount: bigint;
  /** The obligation's remaining borrow value (Fraction, quote currency). */
  remainingBorrowValue: bigint;
  /** Borrow limit minus total borrowed (Fraction). */
  remainingReserveCapacity: bigint;
  /** The market's referral share of fees, in bps. */
  referralFeeBps: number;
  /** The obligation has a referrer (its ReferrerTokenState given). */
  hasReferrer: boolean;
}

export interface BorrowAmounts {
  /** Debt added, fee included (Fraction). */
  borrowAmount: bigint;
  /** Native units the borrower receives. */
  receiveAmount: bigint;
  /** Native units paid to the fee receiver. */
  originationFee: bigint;
  /** Native units of the fee credited to the referrer. */
  referralFee: bigint;
}

/** A borrow of exactly `receive` native units (fee on top), or of everything allowed for u64::MAX (fee inside). */
export function calculateBorrow(receive: bigint, t: BorrowTerms): BorrowAmounts {
  const factor = 10n ** t.decimals;
  if (receive === BORROW_ALL_AVAILABLE) {
    const byValue = fx.div(fx.div(fx.mulInt(t.remainingBorrowValue, factor), t.price), t.borrowFactor);
    const borrowAmount = fx.minOf(fx.minOf(byValue, t.remainingReserveCapacity), fx.fromInt(t.availableAmount));
    const fees = feeSplit(borrowAmount, t.originationFeeSf, "inclusive", t.referralFeeBps, t.hasReferrer);
    const receiveAmount = fx.toFloor(borrowAmount) - fees.protocolFee - fees.referralFee;
    return { borrowAmount, receiveAmount, originationFee: fees.protocolFee, referralFee: fees.referralFee };
  }
  const receiveF = fx.fromInt(receive);
  const fees = feeSplit(receiveF, t.originationFeeSf, "exclusive", t.referralFeeBps, t.hasReferrer);
  const borrowAmount = fx.add(receiveF, fx.fromInt(fees.protocolFee + fees.referralFee));
  const adjustedValue = fx.mul(fx.divInt(fx.mul(borrowAmount, t.price), factor), t.borrowFactor);
  if (adjustedValue > t.remainingBorrowValue) fail("BorrowTooLarge");
  if (borrowAmount > t.remainingReserveCapacity) fail("BorrowLimitExceeded");
  return { borrowAmount, receiveAmount: receive, originationFee: fees.protocolFee, referralFee: fees.referralFee };
}

export interface RepayAmounts {
  /** Debt settled (Fraction). */
  settleAmount: bigint;
  /** Native units the payer transfers: the settled debt rounded up. */
  repayAmount: bigint;
}

/** A repayment of `amount` native units against `borrowed` (Fraction); u64::MAX repays everything. */
export function calculateRepay(amount: bigint, borrowed: bigint): RepayAmounts {
  const settleAmount = amount === fx.U64_MAX ? borrowed : fx.minOf(fx.fromInt(amount), borrowed);
  return { settleAmount, repayAmount: fx.toCeil(settleAmount) };
}
