// Interest rates as users see them: the program's lending and borrowing APRs (math/interest) at a utilization,
// compounded into APYs, and the 101-point utilization curve of a bank.
import {
  NO_PROGRAM_FEES,
  computeInterestRates,
  i80f48 as fx,
  type I80F48,
  type InterestRateInputs,
  type ProgramFees,
} from "@ballast/protocol";
import type { PricedBank } from "./priced-bank.js";

/** Half-second slots: interest compounds 63,072,000 times a year. */
export const COMPOUNDING_PERIODS_PER_YEAR = 63_072_000n;

/** Internal precision of the compounding: 128 fractional bits keep n = 6.3e7 squarings' rounding far below 2^-48. */
const Q = 128n;
const Q_ONE = 1n << Q;
const TO_Q = Q - 48n;
/** e^50 still fits I80F48; beyond that an APY means nothing anyway. */
const MAX_COMPOUNDABLE_APR = fx.fromInt(50);

/** APY = (1 + APR / n)^n − 1, by exact binary powering in 128-bit fixed point. */
export function aprToApy(apr: I80F48, periods: bigint = COMPOUNDING_PERIODS_PER_YEAR): I80F48 {
  if (fx.cmp(fx.abs(apr), MAX_COMPOUNDABLE_APR) > 0) throw new RangeError(`APR ${fx.toDecimal(apr)} is outside ±50`);
  let base = Q_ONE + (BigInt(apr) << TO_Q) / periods;
  let result = Q_ONE;
  for (let e = periods; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) >> Q;
    base = (base * base) >> Q;
  }
  return fx.fromBits((result - Q_ONE) >> TO_Q);
}

/** Utilization = liabilities / assets; 0 for a bank without deposits. */
export function utilizationRate(bank: PricedBank): I80F48 {
  // A Kamino bank lends nothing itself: its deposits are as busy as the reserve they sit in.
  if (bank.kamino !== null) return bank.kamino.utilization;
  return bank.totalAssets === fx.ZERO ? fx.ZERO : fx.div(bank.totalLiabilities, bank.totalAssets);
}

export interface InterestRates {
  /** APR fractions, as the program accrues them. */
  readonly lendingApr: I80F48;
  readonly borrowingApr: I80F48;
  readonly lendingApy: I80F48;
  readonly borrowingApy: I80F48;
}

/** The bank's current rates (at its utilization). */
export function interestRates(bank: PricedBank): InterestRates {
  const { lendingRate, borrowingRate } = bank.rates;
  return { lendingApr: lendingRate, borrowingApr: borrowingRate, lendingApy: aprToApy(lendingRate), borrowingApy: aprToApy(borrowingRate) };
}

export interface CurvePoint {
  /** 0, 0.01, …, 1. */
  readonly utilization: I80F48;
  readonly baseRate: I80F48;
  readonly lendingRate: I80F48;
  readonly borrowingRate: I80F48;
}

const CURVE_STEPS = 100;

/** The bank's APR curve at every whole percent of utilization (101 points), for charts. */
export function utilizationCurve(config: InterestRateInputs, programFees: ProgramFees = NO_PROGRAM_FEES): CurvePoint[] {
  const steps = fx.fromInt(CURVE_STEPS);
  return Array.from({ length: CURVE_STEPS + 1 }, (_, i) => {
    const utilization = fx.div(fx.fromInt(i), steps);
    const rates = computeInterestRates(config, utilization, programFees);
    return { utilization, baseRate: rates.baseRate, lendingRate: rates.lendingRate, borrowingRate: rates.borrowingRate };
  });
}
