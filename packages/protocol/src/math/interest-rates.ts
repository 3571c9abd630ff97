// Lending and borrowing rates with the insurance, group and program fees (reference §8.4, §16.2).
// All values are APR fractions in I80F48 (0.4 = 40%), computed in the program's operation order.
import * as fx from "./i80f48.js";
import type { I80F48 } from "./i80f48.js";
import { InterestMathError, baseRate, type InterestCurveConfig } from "./interest-curve.js";

/** PROGRAM_FEES_ENABLED in MarginfiGroup.group_flags. */
const PROGRAM_FEES_ENABLED = 1n;

/** The fee fields of InterestRateConfig (decoded names). "protocol" in these names means the group. */
export interface InterestFeeConfig {
  readonly insuranceFeeFixedApr: I80F48;
  readonly insuranceIrFee: I80F48;
  readonly protocolFixedFeeApr: I80F48;
  readonly protocolIrFee: I80F48;
}

/** Everything of InterestRateConfig the rate computation reads; a decoded InterestRateConfig fits. */
export type InterestRateInputs = InterestCurveConfig & InterestFeeConfig;

/** The program-wide fee, from the group's fee_state_cache, applied only when the group enables it. */
export interface ProgramFees {
  readonly enabled: boolean;
  readonly programFeeRate: I80F48;
  readonly programFeeFixed: I80F48;
}

export const NO_PROGRAM_FEES: ProgramFees = { enabled: false, programFeeRate: fx.ZERO, programFeeFixed: fx.ZERO };

/** ProgramFees from a decoded MarginfiGroup (group_flags and fee_state_cache). */
export function programFeesOf(group: {
  readonly groupFlags: bigint;
  readonly feeStateCache: { readonly programFeeRate: I80F48; readonly programFeeFixed: I80F48 };
}): ProgramFees {
  return {
    enabled: (group.groupFlags & PROGRAM_FEES_ENABLED) === PROGRAM_FEES_ENABLED,
    programFeeRate: group.feeStateCache.programFeeRate,
    programFeeFixed: group.feeStateCache.programFeeFixed,
  };
}

/** The six fee terms as the program's `get_fees` sees them (program terms zero unless enabled). */
export interface InterestFees {
  readonly insuranceFeeRate: I80F48;
  readonly insuranceFeeFixed: I80F48;
  readonly groupFeeRate: I80F48;
  readonly groupFeeFixed: I80F48;
  readonly programFeeRate: I80F48;
  readonly programFeeFixed: I80F48;
}

export function interestFees(config: InterestFeeConfig, programFees: ProgramFees = NO_PROGRAM_FEES): InterestFees {
  return {
    insuranceFeeRate: config.insuranceIrFee,
    insuranceFeeFixed: config.insuranceFeeFixedApr,
    groupFeeRate: config.protocolIrFee,
    groupFeeFixed: config.protocolFixedFeeApr,
    programFeeRate: programFees.enabled ? programFees.programFeeRate : fx.ZERO,
    programFeeFixed: programFees.enabled ? programFees.programFeeFixed : fx.ZERO,
  };
}

/** One fee's APR on the liabilities: base × rate fee + fixed fee; just the fixed fee when the rate fee is 0. */
export function feeApr(base: I80F48, rateFee: I80F48, fixedFee: I80F48): I80F48 {
  if (rateFee === fx.ZERO) return fixedFee;
  return fx.add(fx.mul(base, rateFee), fixedFee);
}

/** Utilization = total liabilities / total assets (token amounts); total assets 0 fails (MathError). */
export function utilization(totalAssets: I80F48, totalLiabilities: I80F48): I80F48 {
  return fx.div(totalLiabilities, totalAssets);
}

export interface ComputedInterestRates {
  readonly baseRate: I80F48;
  /** base × utilization. */
  readonly lendingRate: I80F48;
  /** base × (1 + Σ rate fees) + Σ fixed fees. */
  readonly borrowingRate: I80F48;
  readonly groupFeeApr: I80F48;
  readonly insuranceFeeApr: I80F48;
  readonly programFeeApr: I80F48;
}

/** The program's `calc_interest_rate` at a utilization. */
export function computeInterestRates(
  config: InterestRateInputs,
  utilizationRate: I80F48,
  programFees: ProgramFees = NO_PROGRAM_FEES,
): ComputedInterestRates {
  const fees = interestFees(config, programFees);
  const feeIr = fx.add(fx.add(fees.insuranceFeeRate, fees.groupFeeRate), fees.programFeeRate);
  const feeFixed = fx.add(fx.add(fees.insuranceFeeFixed, fees.groupFeeFixed), fees.programFeeFixed);

  const base = baseRate(config, utilizationRate);
  const lendingRate = fx.mul(base, utilizationRate);
  const borrowingRate = fx.add(fx.mul(base, fx.add(fx.ONE, feeIr)), feeFixed);

  const groupFeeApr = feeApr(base, fees.groupFeeRate, fees.groupFeeFixed);
  const insuranceFeeApr = feeApr(base, fees.insuranceFeeRate, fees.insuranceFeeFixed);
  const programFeeApr = feeApr(base, fees.programFeeRate, fees.programFeeFixed);

  // The program asserts these (a panic, not an error code); only negative configured fees or a
  // negative utilization can trip them.
  for (const [name, value] of [
    ["lending rate", lendingRate],
    ["borrowing rate", borrowingRate],
    ["group fee", groupFeeApr],
    ["insurance fee", insuranceFeeApr],
    ["program fee", programFeeApr],
  ] as const) {
    if (value < 0n) throw new InterestMathError("negative-rate", `interest rates: negative ${name}`);
  }

  return { baseRate: base, lendingRate, borrowingRate, groupFeeApr, insuranceFeeApr, programFeeApr };
}
