// The origination fee on a borrow and the flash-loan fee (reference §2.12): at least one native unit when the reserve
// charges a fee, rounded to the nearest unit. "Exclusive" adds the fee to the amount asked for; "inclusive" takes it
// out of the amount. With a referrer and a market referral share, the referrer's part is split off the fee.
import { fail } from "../errors.js";
import * as fx from "./fraction.js";

export type FeeCalculation = "exclusive" | "inclusive";

/** A fee in native units: what the fee receiver gets and what the referrer is credited. */
export interface FeeSplit {
  protocolFee: bigint;
  referralFee: bigint;
}

/**
 * The fee on `amount` (Fraction) at `feeRateSf` (a Fraction stored in a u64), split with the referrer when there is
 * one and the market gives referrers `referralFeeBps` of fees (klend's calculate_fees).
 */
export function feeSplit(
  amount: bigint,
  feeRateSf: bigint,
  calculation: FeeCalculation,
  referralFeeBps: number,
  hasReferrer: boolean,
): FeeSplit {
  if (feeRateSf === 0n || amount === 0n) return { protocolFee: 0n, referralFee: 0n };
  const rate = calculation === "exclusive" ? feeRateSf : fx.div(feeRateSf, fx.add(feeRateSf, fx.ONE));
  const feeF = fx.maxOf(fx.mul(amount, rate), fx.ONE);
  if (feeF >= amount) fail("BorrowTooSmall");
  const fee = fx.toRound(feeF);
  let referralFee = 0n;
  if (hasReferrer && referralFeeBps > 0) {
    // The whole fee at 100%, else the referral share of the unrounded fee, rounded down.
    referralFee = referralFeeBps === 10_000 ? fee : fx.toFloor(fx.mul(feeF, fx.fromBps(referralFeeBps)));
  }
  return { protocolFee: fee - referralFee, referralFee };
}

/** The whole fee on `nativeAmount` (native units, as a client asks for it), in native units, with no referrer. */
export function originationFee(nativeAmount: bigint, feeRateSf: bigint, calculation: FeeCalculation): bigint {
  return feeSplit(fx.fromInt(nativeAmount), feeRateSf, calculation, 0, false).protocolFee;
}
