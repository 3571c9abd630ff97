// Rounding directions where fractional token amounts meet integer SPL transfers (reference §8.8,
// §16.3, §16.4). Amounts are I80F48 native token units; transfers are u64 bigints.
import * as fx from "./i80f48.js";
import type { I80F48 } from "./i80f48.js";
import { InterestMathError } from "./interest-curve.js";
import { U64_MAX } from "@ballast/ledger";

function toU64(value: bigint, what: string): bigint {
  if (value < 0n || value > U64_MAX) throw new InterestMathError("amount-out-of-range", `${what}: ${value} is not a u64`);
  return value;
}

/** withdraw_all: floor(asset amount) is transferred; the fraction goes to collected_insurance_fees_outstanding. */
export function withdrawAllAmount(assetAmount: I80F48): { transfer: bigint; remainderToInsurance: I80F48 } {
  const whole = fx.floor(assetAmount);
  return { transfer: toU64(fx.toIntFloor(whole), "withdraw_all"), remainderToInsurance: fx.sub(assetAmount, whole) };
}

/** repay_all: ceil(liability amount) is charged; the excess over the exact amount goes to insurance. */
export function repayAllAmount(liabilityAmount: I80F48): { charge: bigint; excessToInsurance: I80F48 } {
  const whole = fx.ceil(liabilityAmount);
  return { charge: toU64(fx.toIntFloor(whole), "repay_all"), excessToInsurance: fx.sub(whole, liabilityAmount) };
}

export interface OutstandingFees {
  readonly collectedInsuranceFeesOutstanding: I80F48;
  readonly collectedGroupFeesOutstanding: I80F48;
  readonly collectedProgramFeesOutstanding: I80F48;
}

export interface FeeCollection {
  readonly insuranceTransfer: bigint;
  readonly groupTransfer: bigint;
  readonly programTransfer: bigint;
  /** The counters after collection: only integer parts leave, fractions stay outstanding. */
  readonly outstanding: OutstandingFees;
}

/**
 * lending_pool_collect_bank_fees: with avail = the liquidity vault balance, each of insurance,
 * group, program in that priority takes floor(min(outstanding, avail)) and reduces avail.
 */
export function collectBankFees(fees: OutstandingFees, liquidityVaultBalance: bigint): FeeCollection {
  let avail = fx.fromInt(toU64(liquidityVaultBalance, "liquidity vault balance"));
  const take = (outstanding: I80F48, what: string): { transfer: I80F48; rest: I80F48 } => {
    const transfer = fx.floor(fx.cmp(outstanding, avail) < 0 ? outstanding : avail);
    toU64(fx.toIntFloor(transfer), what);
    avail = fx.sub(avail, transfer);
    return { transfer, rest: fx.sub(outstanding, transfer) };
  };
  const insurance = take(fees.collectedInsuranceFeesOutstanding, "insurance fee transfer");
  const group = take(fees.collectedGroupFeesOutstanding, "group fee transfer");
  const program = take(fees.collectedProgramFeesOutstanding, "program fee transfer");
  return {
    insuranceTransfer: fx.toIntFloor(insurance.transfer),
    groupTransfer: fx.toIntFloor(group.transfer),
    programTransfer: fx.toIntFloor(program.transfer),
    outstanding: {
      collectedInsuranceFeesOutstanding: insurance.rest,
      collectedGroupFeesOutstanding: group.rest,
      collectedProgramFeesOutstanding: program.rest,
    },
  };
}

/**
 * Borrow origination fee: fee = amount × protocol_origination_fee (exact fraction added to the
 * liability); program part = fee × program_fee_rate, group part = fee − program part; the event
 * reports the truncated integer fee.
 */
export function originationFee(
  amountPreFee: bigint,
  originationFeeRate: I80F48,
  programFeeRate: I80F48,
): { fee: I80F48; programPart: I80F48; groupPart: I80F48; eventAmount: bigint } {
  const fee = fx.mul(fx.fromInt(toU64(amountPreFee, "borrow amount")), originationFeeRate);
  const programPart = fx.mul(fee, programFeeRate);
  return { fee, programPart, groupPart: fx.sub(fee, programPart), eventAmount: fx.toIntFloor(fee) };
}
