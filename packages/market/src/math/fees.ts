// The origination fee on a borrow (reference §2.12): at least one native unit when the reserve charges a fee, rounded
// to the nearest unit. "Exclusive" adds the fee to the amount asked for; "inclusive" takes it out of the amount.
import { fail } from "../errors.js";
import * as fx from "./fraction.js";

export type FeeCalculation = "exclusive" | "inclusive";

/** The fee in native units on `amount` (Fraction) at `feeRateSf` (a Fraction stored in a u64). */
export function originationFee(amount: bigint, feeRateSf: bigint, calculation: FeeCalculation): bigint {
  if (feeRateSf === 0n || amount === 0n) return 0n;
  const rate = calculation === "exclusive" ? feeRateSf : fx.div(feeRateSf, fx.add(feeRateSf, fx.ONE));
  const fee = fx.maxOf(fx.mul(amount, rate), fx.ONE);
  if (fee >= amount) fail("BorrowTooSmall");
  return fx.toRound(fee);
}
