// How much a borrow adds to debt and pays out, and how much a repayment settles (reference §2.12; klend's
// calculate_borrow and calculate_repay). No referrers here, so the whole origination fee is the protocol's.
import { fail } from "../errors.js";
import { originationFee } from "./fees.js";
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
}

export interface BorrowAmounts {
  /** Debt added, fee included (Fraction). */
  borrowAmount: bigint;
  /** Native units the borrower receives. */
  receiveAmount: bigint;
  /** Native units paid to the fee receiver. */
  originationFee: bigint;
}

/** A borrow of exactly `receive` native units (fee on top), or of everything allowed for u64::MAX (fee inside). */
export function calculateBorrow(receive: bigint, t: BorrowTerms): BorrowAmounts {
  const factor = 10n ** t.decimals;
  if (receive === BORROW_ALL_AVAILABLE) {
    const byValue = fx.div(fx.div(fx.mulInt(t.remainingBorrowValue, factor), t.price), t.borrowFactor);
    const borrowAmount = fx.minOf(fx.minOf(byValue, t.remainingReserveCapacity), fx.fromInt(t.availableAmount));
    const fee = originationFee(borrowAmount, t.originationFeeSf, "inclusive");
    return { borrowAmount, receiveAmount: fx.toFloor(borrowAmount) - fee, originationFee: fee };
  }
  const receiveF = fx.fromInt(receive);
  const fee = originationFee(receiveF, t.originationFeeSf, "exclusive");
  const borrowAmount = fx.add(receiveF, fx.fromInt(fee));
  const adjustedValue = fx.mul(fx.divInt(fx.mul(borrowAmount, t.price), factor), t.borrowFactor);
  if (adjustedValue > t.remainingBorrowValue) fail("BorrowTooLarge");
  if (borrowAmount > t.remainingReserveCapacity) fail("BorrowLimitExceeded");
  return { borrowAmount, receiveAmount: receive, originationFee: fee };
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
