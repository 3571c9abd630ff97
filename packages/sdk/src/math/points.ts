// The points programme's math: points per USD-day lent and borrowed, the referral share, and the points boost an
// estimated token valuation earns (spec 000 §9).
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { fromNumber, toNumber } from "./units.js";

const BOOST_SHARE = fx.fromDecimal("0.2");
const DAYS_PER_YEAR = fx.fromInt(365);

/** 0.2 × amount × (multiplier − 1) / divisor × 365. */
export function pointsBoost(amount: I80F48, multiplier: I80F48, divisor: I80F48): I80F48 {
  const boosted = fx.mul(fx.mul(BOOST_SHARE, amount), fx.sub(multiplier, fx.ONE));
  return fx.mul(fx.div(boosted, divisor), DAYS_PER_YEAR);
}

export const SECONDS_PER_DAY = 86_400n;
const SECONDS_PER_DAY_FIXED = fx.fromInt(SECONDS_PER_DAY);

/** What one US dollar lent for one day earns: the programme's base rate. */
export const LENDING_POINTS_PER_USD_DAY: I80F48 = fx.ONE;
/** Borrowing weighs twice lending. */
export const BORROWING_POINTS_PER_USD_DAY: I80F48 = fx.fromInt(2);
/** A referrer earns one tenth (10%) of its referees' lending and borrowing points; a division keeps 10% exact. */
export const REFERRAL_POINTS_DIVISOR: I80F48 = fx.fromInt(10);

/** Points earned by holding `usdValue` for `seconds` at `pointsPerUsdDay`; multiplied before dividing so whole fractions of a day stay exact. */
export function usdDayPoints(usdValue: I80F48, pointsPerUsdDay: I80F48, seconds: bigint): I80F48 {
  return fx.div(fx.mul(fx.mul(usdValue, pointsPerUsdDay), fx.fromInt(seconds)), SECONDS_PER_DAY_FIXED);
}

/** The referral points a referee's lending and borrowing points earn its referrer. */
export function referralPoints(refereePoints: I80F48): I80F48 {
  return fx.div(refereePoints, REFERRAL_POINTS_DIVISOR);
}

/** Each side's points boost, an APR fraction. */
export interface PointsBoostRates {
  readonly lending: number;
  readonly borrowing: number;
}

/**
 * What the points each side earns above the base rate are worth per year, per dollar, if the 20% of a token worth
 * `valuationUsd` (a decimal string) that goes to points holders were shared over `totalPoints` (the programme's
 * total, divided at its nearest I80F48); null before one whole point exists.
 */
export function pointsBoostAt(valuationUsd: string, totalPoints: number): PointsBoostRates | null {
  if (!(totalPoints >= 1)) return null;
  const amount = fx.fromDecimal(valuationUsd);
  const divisor = fromNumber(totalPoints);
  return {
    lending: toNumber(pointsBoost(amount, LENDING_POINTS_PER_USD_DAY, divisor)),
    borrowing: toNumber(pointsBoost(amount, BORROWING_POINTS_PER_USD_DAY, divisor)),
  };
}
