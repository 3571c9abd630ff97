// klend's Fraction: U68F60, an unsigned 128-bit fixed-point number with 60 fractional bits, held as its raw bits in a
// bigint (reference §2.1). Operations reproduce the `fixed` crate's: multiplication keeps the top bits of the double
// width product (floor), division shifts the dividend first (floor), and any result outside the u128 range is the
// overflow the program panics on, reported here as MathOverflow.
import { U64_MAX } from "@ballast/ledger";
import { failMath } from "./math-errors.js";

export const FRACTION_BITS = 60;
const SHIFT = 60n;
/** 1.0 */
export const ONE = 1n << SHIFT;
const HALF = ONE >> 1n;
export { U64_MAX };
export const U128_MAX = (1n << 128n) - 1n;

function inRange(bits: bigint): bigint {
  if (bits < 0n || bits > U128_MAX) failMath("MathOverflow");
  return bits;
}

export function fromInt(n: bigint | number): bigint {
  return inRange(BigInt(n) << SHIFT);
}

/** p / 100 (the crate divides the converted integer, truncating the raw bits). */
export function fromPercent(p: bigint | number): bigint {
  return inRange(BigInt(p) << SHIFT) / 100n;
}

/** b / 10,000. */
export function fromBps(b: bigint | number): bigint {
  return inRange(BigInt(b) << SHIFT) / 10_000n;
}

export function add(a: bigint, b: bigint): bigint {
  return inRange(a + b);
}

/** Subtraction below zero panics in the program. */
export function sub(a: bigint, b: bigint): bigint {
  return inRange(a - b);
}

export function saturatingSub(a: bigint, b: bigint): bigint {
  return a > b ? a - b : 0n;
}

export function mul(a: bigint, b: bigint): bigint {
  return inRange((a * b) >> SHIFT);
}

export function div(a: bigint, b: bigint): bigint {
  if (b === 0n) failMath("MathOverflow");
  return inRange((a << SHIFT) / b);
}

/** a / b rounded up (klend's `div_ceil`). */
export function divCeil(a: bigint, b: bigint): bigint {
  if (b === 0n) failMath("MathOverflow");
  return inRange(((a << SHIFT) + b - 1n) / b);
}

/** Fraction × integer: a raw multiplication. */
export function mulInt(a: bigint, n: bigint): bigint {
  return inRange(a * n);
}

/** Fraction ÷ integer: a raw division. */
export function divInt(a: bigint, n: bigint): bigint {
  if (n === 0n) failMath("MathOverflow");
  return a / n;
}

export function toFloor(a: bigint): bigint {
  return a >> SHIFT;
}

export function toCeil(a: bigint): bigint {
  return (a + ONE - 1n) >> SHIFT;
}

/** Nearest integer, halves away from zero. */
export function toRound(a: bigint): bigint {
  return (a + HALF) >> SHIFT;
}

/** The value in basis points, rounded to nearest (klend's `to_bps`). */
export function toBps(a: bigint): bigint {
  return toRound(mulInt(a, 10_000n));
}

/** The value in percent, rounded to nearest (klend's `to_percent`). */
export function toPercent(a: bigint): bigint {
  return toRound(mulInt(a, 100n));
}

/** An integer result that must fit a u64 (token amounts), as the program's conversions require. */
export function toU64(n: bigint): bigint {
  if (n < 0n || n > U64_MAX) failMath("IntegerOverflow");
  return n;
}

export function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

const FRACTION_MASK = ONE - 1n;
// 10^60 / 2^60 = 5^60: turns 60 fractional bits into exactly 60 decimal digits.
const FIVE_POW_60 = 5n ** SHIFT;

/** The exact decimal value of scaled-fraction bits (at most 60 fractional digits, no trailing zeros). */
export function fractionToDecimal(bits: bigint): string {
  const negative = bits < 0n;
  const magnitude = negative ? -bits : bits;
  const integer = (magnitude >> SHIFT).toString();
  const fraction = magnitude & FRACTION_MASK;
  const sign = negative ? "-" : "";
  if (fraction === 0n) return sign + integer;
  const digits = (fraction * FIVE_POW_60).toString().padStart(FRACTION_BITS, "0").replace(/0+$/, "");
  return `${sign}${integer}.${digits}`;
}

/** klend's `to_display`: four decimals, rounded half up, as its logs print fractions. */
export function fractionDisplay(bits: bigint): string {
  const rounded = bits + ONE / 20_000n;
  const integer = rounded >> SHIFT;
  const decimals = (((rounded & FRACTION_MASK) >> 30n) * 10_000n) >> 30n;
  return `${integer}.${decimals.toString().padStart(4, "0")}`;
}
