// I80F48: the program's fixed-point decimal (the `fixed` crate's FixedI128<U48>), kept as the raw
// signed 128-bit bit pattern in a bigint. Real value = bits / 2^48. Rounding follows the program:
// mul floors (arithmetic shift of the exact product), div truncates toward zero, parsing rounds
// to nearest with ties to even. Every operation is checked, as the program uses checked_* ops.

declare const i80f48Brand: unique symbol;

/** Raw I80F48 bits. Branded so integer token amounts cannot be passed where a fixed-point value is meant. */
export type I80F48 = bigint & { readonly [i80f48Brand]: "I80F48" };

export const FRAC_BITS = 48n;
export const BYTE_SIZE = 16;

const SCALE = 1n << FRAC_BITS;
const MIN_BITS = -(1n << 127n);
const MAX_BITS = (1n << 127n) - 1n;
const U64_MASK = (1n << 64n) - 1n;

/** Raised on overflow and division by zero; the program layer maps it to MathError (6062). */
export class FixedPointError extends Error {
  constructor(
    readonly kind: "overflow" | "division-by-zero",
    readonly operation: string,
  ) {
    super(`I80F48 ${operation}: ${kind}`);
    this.name = "FixedPointError";
  }
}

function checked(bits: bigint, operation: string): I80F48 {
  if (bits < MIN_BITS || bits > MAX_BITS) throw new FixedPointError("overflow", operation);
  return bits as I80F48;
}

export const ZERO = 0n as I80F48;
export const ONE = SCALE as I80F48;
export const MIN = MIN_BITS as I80F48;
export const MAX = MAX_BITS as I80F48;
/** The smallest positive value, 2^-48. */
export const DELTA = 1n as I80F48;

export function fromBits(bits: bigint): I80F48 {
  return checked(bits, "fromBits");
}

/** Exact conversion of an integer (e.g. a native token amount). */
export function fromInt(value: bigint | number): I80F48 {
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    throw new RangeError(`I80F48 fromInt: ${value} is not a safe integer`);
  }
  return checked(BigInt(value) << FRAC_BITS, "fromInt");
}

export function add(a: I80F48, b: I80F48): I80F48 {
  return checked(a + b, "add");
}

export function sub(a: I80F48, b: I80F48): I80F48 {
  return checked(a - b, "sub");
}

/** Exact 256-bit product shifted right by 48; bigint `>>` is arithmetic, so this rounds toward -infinity. */
export function mul(a: I80F48, b: I80F48): I80F48 {
  return checked((a * b) >> FRAC_BITS, "mul");
}

/** (a << 48) / b; bigint division truncates toward zero, as the program's does. */
export function div(a: I80F48, b: I80F48): I80F48 {
  if (b === 0n) throw new FixedPointError("division-by-zero", "div");
  return checked((a << FRAC_BITS) / b, "div");
}

export function neg(a: I80F48): I80F48 {
  return checked(-a, "neg");
}

export function abs(a: I80F48): I80F48 {
  return a < 0n ? neg(a) : a;
}

export function cmp(a: I80F48, b: I80F48): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Largest integer value not above `a` (`int()` / `checked_floor`); cannot overflow. */
export function floor(a: I80F48): I80F48 {
  return ((a >> FRAC_BITS) << FRAC_BITS) as I80F48;
}

/** Smallest integer value not below `a` (`checked_ceil`); overflows just under MAX. */
export function ceil(a: I80F48): I80F48 {
  const down = floor(a);
  return down === a ? down : checked(down + SCALE, "ceil");
}

/** The integer part toward -infinity, as `to_num::<integer>()` does. */
export function toIntFloor(a: I80F48): bigint {
  return a >> FRAC_BITS;
}

/** The integer part toward +infinity (for amounts the program charges with `ceil`). */
export function toIntCeil(a: I80F48): bigint {
  return -(-a >> FRAC_BITS);
}

export function read(buf: Uint8Array, offset: number): I80F48 {
  const view = new DataView(buf.buffer, buf.byteOffset + offset, BYTE_SIZE);
  const low = view.getBigUint64(0, true);
  const high = view.getBigInt64(8, true);
  return ((high << 64n) | low) as I80F48;
}

export function write(buf: Uint8Array, offset: number, value: I80F48): void {
  const bits = checked(value, "write");
  const view = new DataView(buf.buffer, buf.byteOffset + offset, BYTE_SIZE);
  view.setBigUint64(0, bits & U64_MASK, true);
  view.setBigInt64(8, bits >> 64n, true);
}

const FRAC_DIGITS = 48;
// 10^48 / 2^48: turns the 48 fractional bits into exactly 48 decimal digits.
const FIVE_POW_48 = 5n ** 48n;

/** The exact decimal expansion (always finite: at most 48 fractional digits), without trailing zeros. */
export function toDecimal(a: I80F48): string {
  const negative = a < 0n;
  const magnitude: bigint = negative ? -a : a;
  const integer = (magnitude >> FRAC_BITS).toString();
  const fraction = magnitude & (SCALE - 1n);
  const sign = negative ? "-" : "";
  if (fraction === 0n) return sign + integer;
  const digits = (fraction * FIVE_POW_48).toString().padStart(FRAC_DIGITS, "0").replace(/0+$/, "");
  return `${sign}${integer}.${digits}`;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Parses a plain decimal to the nearest I80F48, ties to even, as `I80F48::from_str` and `I80F48!` do. */
export function fromDecimal(text: string): I80F48 {
  const match = DECIMAL.exec(text);
  if (match === null) throw new SyntaxError(`I80F48 fromDecimal: not a decimal number: ${JSON.stringify(text)}`);
  const [, sign, integer, fraction = ""] = match;
  const denominator = 10n ** BigInt(fraction.length);
  const scaled = BigInt(integer + fraction) * SCALE;
  let bits = scaled / denominator;
  const twiceRemainder = 2n * (scaled % denominator);
  if (twiceRemainder > denominator || (twiceRemainder === denominator && (bits & 1n) === 1n)) bits += 1n;
  return checked(sign === "-" ? -bits : bits, "fromDecimal");
}
