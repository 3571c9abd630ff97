// The 11-point piecewise-linear borrow-rate curve (reference §2.4): annual rates in basis points by utilization in
// basis points. Lookup rounds utilization to basis points only to pick the segment; inside a segment it interpolates
// from the exact utilization.
import { failMath } from "./math-errors.js";
import * as fx from "./fraction.js";

export interface CurvePoint {
  utilizationRateBps: number;
  borrowRateBps: number;
}

export const CURVE_POINTS = 11;
export const MAX_UTILIZATION_RATE_BPS = 10_000;

/** The curve's segments in order: each point with the next. */
function* segments(points: readonly CurvePoint[]): Generator<readonly [start: CurvePoint, end: CurvePoint]> {
  let start: CurvePoint | undefined;
  for (const end of points) {
    if (start) yield [start, end];
    start = end;
  }
}

/** Why the curve is invalid (klend's own wording), or null when it is valid. */
export function borrowRateCurveProblem(points: readonly CurvePoint[]): string | null {
  if (points.length !== CURVE_POINTS) return "Borrowing rate curve must have 11 points";
  if (points[0]?.utilizationRateBps !== 0) return "First point of borrowing rate curve must have an utilization rate of 0";
  if (points.at(-1)?.utilizationRateBps !== MAX_UTILIZATION_RATE_BPS) {
    return "Last point of borrowing rate curve must have an utilization rate of 1";
  }
  for (const [last, point] of segments(points)) {
    if (last.utilizationRateBps === MAX_UTILIZATION_RATE_BPS) {
      // Once utilization reaches 100% the remaining points only pad the curve.
      if (point.utilizationRateBps !== MAX_UTILIZATION_RATE_BPS) {
        return "Last point of borrowing rate curve must have an utilization rate of 1 but lower utilization rate found after last point";
      }
    } else if (point.utilizationRateBps <= last.utilizationRateBps) {
      return "Borrowing rate curve points must be sorted by utilization rate";
    }
    if (point.borrowRateBps < last.borrowRateBps) return "Borrowing rate must growing in the curve";
  }
  return null;
}

/** A curve through 2 to 11 points, padded to 11 with copies of the last point. */
export function curveFromPoints(points: readonly CurvePoint[]): CurvePoint[] {
  const last = points.at(-1);
  if (!last || points.length < 2 || points.length > CURVE_POINTS) throw new RangeError("a borrow rate curve has 2 to 11 points");
  return Array.from({ length: CURVE_POINTS }, (_, i) => ({ ...(points[i] ?? last) }));
}

/** The annual borrow rate (Fraction) at `utilization` (Fraction, clamped to 1). */
export function borrowRate(points: readonly CurvePoint[], utilization: bigint): bigint {
  const u = utilization > fx.ONE ? fx.ONE : utilization;
  const uBps = Number(fx.toBps(u));
  for (const [start, end] of segments(points)) {
    if (uBps < start.utilizationRateBps || uBps > end.utilizationRateBps) continue;
    if (uBps === start.utilizationRateBps) return fx.fromBps(start.borrowRateBps);
    if (uBps === end.utilizationRateBps) return fx.fromBps(end.borrowRateBps);
    if (end.borrowRateBps < start.borrowRateBps || end.utilizationRateBps <= start.utilizationRateBps) {
      failMath("InvalidBorrowRateCurvePoint");
    }
    const startUtilization = fx.fromBps(start.utilizationRateBps);
    if (u < startUtilization) failMath("InvalidUtilizationRate");
    const slopeNom = BigInt(end.borrowRateBps - start.borrowRateBps);
    const slopeDenom = BigInt(end.utilizationRateBps - start.utilizationRateBps);
    return fx.add(fx.divInt(fx.mulInt(u - startUtilization, slopeNom), slopeDenom), fx.fromBps(start.borrowRateBps));
  }
  // Only a curve that never reaches 100% has no segment for the utilization.
  return failMath("InvalidBorrowRateCurvePoint");
}
