// klend's BigFraction: a U256 with the same 60 fractional bits, for the cumulative borrow index and exact
// intermediate products (reference §2.2). Serialized as four little-endian u64 limbs.
import { failMath } from "./math-errors.js";
import { U128_MAX } from "./fraction.js";

const SHIFT = 60n;
export const U256_MAX = (1n << 256n) - 1n;

function inRange(bits: bigint): bigint {
  if (bits < 0n || bits > U256_MAX) failMath("MathOverflow");
  return bits;
}

/** (a × b) >> 60; the product itself must fit 256 bits, as the U256 multiplication requires. */
export function bigMul(a: bigint, b: bigint): bigint {
  return inRange(a * b) >> SHIFT;
}

/** (a << 60) / b; the shift must not lose bits. */
export function bigDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) failMath("MathOverflow");
  return inRange(a << SHIFT) / b;
}

/** BigFraction ÷ integer (raw). */
export function bigDivInt(a: bigint, n: bigint): bigint {
  if (n === 0n) failMath("MathOverflow");
  return a / n;
}

/** Narrowing to a Fraction fails when the value needs more than 128 bits. */
export function bigToFraction(bits: bigint): bigint {
  if (bits > U128_MAX) failMath("IntegerOverflow");
  return bits;
}
