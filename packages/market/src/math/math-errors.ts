// The failures the fixed-point math and the rate curve raise, kept apart from klend's full error table so that a
// client carrying the math (the web app's bundle) does not carry the table; errors.ts lists them in their places.
import { ProgramFailure, type ErrorEntry } from "@ballast/anchor";

export const MATH_ERRORS = {
  MathOverflow: { code: 6007, message: "Math operation overflow" },
  IntegerOverflow: { code: 6049, message: "Conversion between integers failed" },
  InvalidBorrowRateCurvePoint: { code: 6060, message: "Invalid borrow rate curve point" },
  InvalidUtilizationRate: { code: 6061, message: "Invalid utilization rate" },
} as const satisfies Record<string, ErrorEntry>;

export type MathErrorName = keyof typeof MATH_ERRORS;

/** Fails with one of the math's klend errors, logged as Anchor logs it. */
export function failMath(name: MathErrorName): never {
  throw new ProgramFailure(name, MATH_ERRORS[name], null);
}
