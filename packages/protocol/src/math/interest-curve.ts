// Base-rate curves of the lending program (reference §8.3): the legacy three-point curve
// (optimal utilization, plateau, max) and the seven-point piecewise-linear curve, plus the u32
// percentage encodings they and the bank cache use. Every step is an I80F48 operation in the
// program's order, so results agree with the program to the raw bit.
import * as fx from "./i80f48.js";
import type { I80F48 } from "./i80f48.js";

/** u32::MAX, the denominator of every u32 percentage encoding. */
export const U32_MAX = 4_294_967_295;

/** InterestRateConfig.curve_type values. */
export const INTEREST_CURVE_LEGACY = 0;
export const INTEREST_CURVE_SEVEN_POINT = 1;

const U32_MAX_FIXED = fx.fromInt(U32_MAX);
/** 1000%: the top of the "u32 %-of-1000%" encoding. */
const TEN = fx.fromInt(10);

/**
 * Raised where the program's interest math returns None or asserts (a decreasing curve segment,
 * a negative computed rate, a clock that went backwards). The instruction layer maps it, like
 * FixedPointError, to MathError (6062) or to a failed transaction.
 */
export class InterestMathError extends Error {
  constructor(
    readonly reason: "decreasing-segment" | "outside-segment" | "negative-rate" | "negative-time-delta" | "amount-out-of-range",
    message: string,
  ) {
    super(message);
    this.name = "InterestMathError";
  }
}

function checkU32(value: number, what: string): bigint {
  if (!Number.isInteger(value) || value < 0 || value > U32_MAX) {
    throw new RangeError(`${what}: ${value} is not a u32`);
  }
  return BigInt(value);
}

/** A "u32 %-of-1000%" rate as an APR fraction: (v / u32::MAX) × 10, dividing first as the program does. */
export function rateFromU32(rate: number): I80F48 {
  const ratio = fx.div(fx.fromInt(checkU32(rate, "rateFromU32")), U32_MAX_FIXED);
  return fx.mul(ratio, TEN);
}

/** A "u32 %-of-100%" utilization as a fraction: v / u32::MAX. */
export function utilFromU32(util: number): I80F48 {
  return fx.div(fx.fromInt(checkU32(util, "utilFromU32")), U32_MAX_FIXED);
}

/**
 * Legacy curve: ur ≤ O → ur / O × P; else (ur − O) / (1 − O) × (M − P) + P.
 * O = optimal utilization, P = plateau, M = max. O = 0 or O = 1 fails as the program's checked
 * division does (FixedPointError, i.e. MathError).
 */
export function legacyBaseRate(utilization: I80F48, optimalUtilization: I80F48, plateau: I80F48, max: I80F48): I80F48 {
  if (fx.cmp(utilization, optimalUtilization) <= 0) {
    return fx.mul(fx.div(utilization, optimalUtilization), plateau);
  }
  const proportion = fx.div(fx.sub(utilization, optimalUtilization), fx.sub(fx.ONE, optimalUtilization));
  return fx.add(fx.mul(proportion, fx.sub(max, plateau)), plateau);
}

/**
 * Linear interpolation between (startX, startY) and (endX, endY) at targetX, as the program's
 * `lerp`: a degenerate segment (endX ≤ startX) yields startY; a target outside the segment or a
 * decreasing segment fails.
 */
export function lerp(startX: I80F48, startY: I80F48, endX: I80F48, endY: I80F48, targetX: I80F48): I80F48 {
  if (fx.cmp(endX, startX) <= 0) return startY;
  if (fx.cmp(targetX, startX) < 0 || fx.cmp(targetX, endX) > 0) {
    throw new InterestMathError("outside-segment", "interest curve: utilization outside the segment");
  }
  if (fx.cmp(endY, startY) < 0) {
    throw new InterestMathError("decreasing-segment", "interest curve: decreasing segment");
  }
  const proportion = fx.div(fx.sub(targetX, startX), fx.sub(endX, startX));
  const scaledDelta = fx.mul(fx.sub(endY, startY), proportion);
  return fx.add(startY, scaledDelta);
}

/** One RatePoint as stored: util a "u32 %-of-100%", rate a "u32 %-of-1000%". util 0 = unused padding. */
export interface RatePointU32 {
  readonly util: number;
  readonly rate: number;
}

/**
 * Seven-point curve: (0, zero) → used points in order → (1, hundred), utilization clamped to [0, 1].
 * Interpolates on the first segment whose right end is at or past the utilization.
 */
export function sevenPointBaseRate(
  utilization: I80F48,
  zeroUtilRate: number,
  hundredUtilRate: number,
  points: readonly RatePointU32[],
): I80F48 {
  const zeroRate = rateFromU32(zeroUtilRate);
  const hundredRate = rateFromU32(hundredUtilRate);
  let prevUtil = fx.ZERO;
  let prevRate = zeroRate;
  const low = fx.cmp(utilization, fx.ZERO) > 0 ? utilization : fx.ZERO;
  const ur = fx.cmp(low, fx.ONE) < 0 ? low : fx.ONE;
  for (const point of points) {
    if (point.util === 0) continue;
    const pointUtil = utilFromU32(point.util);
    const pointRate = rateFromU32(point.rate);
    if (fx.cmp(ur, pointUtil) <= 0) return lerp(prevUtil, prevRate, pointUtil, pointRate, ur);
    prevUtil = pointUtil;
    prevRate = pointRate;
  }
  return lerp(prevUtil, prevRate, fx.ONE, hundredRate, ur);
}

/** The curve fields of InterestRateConfig (decoded names), as the base-rate functions read them. */
export interface InterestCurveConfig {
  readonly optimalUtilizationRate: I80F48;
  readonly plateauInterestRate: I80F48;
  readonly maxInterestRate: I80F48;
  readonly zeroUtilRate: number;
  readonly hundredUtilRate: number;
  readonly points: readonly RatePointU32[];
  readonly curveType: number;
}

/** The base APR at a utilization: seven-point when curve_type is 1, otherwise (as the program) legacy. */
export function baseRate(config: InterestCurveConfig, utilization: I80F48): I80F48 {
  if (config.curveType === INTEREST_CURVE_SEVEN_POINT) {
    return sevenPointBaseRate(utilization, config.zeroUtilRate, config.hundredUtilRate, config.points);
  }
  return legacyBaseRate(utilization, config.optimalUtilizationRate, config.plateauInterestRate, config.maxInterestRate);
}
