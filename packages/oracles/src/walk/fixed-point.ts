// Integer fixed-point helpers of the price walk: decimal strings to feed units, fractions with 9 decimals, and e^x
// with 18 decimals, so a walk's prices never depend on floating-point rounding.

export const E9 = 1_000_000_000n;
export const E18 = E9 * E9;

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Divides rounding half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (2n * (r < 0n ? -r : r) >= b) return q + (a < 0n ? -1n : 1n);
  return q;
}

/** The integer in units of 10^exponent nearest to a decimal string ("-12.5", "0.000123"). */
export function decimalToUnits(decimal: string, exponent: number): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`not a decimal number: ${JSON.stringify(decimal)}`);
  const fraction = match[3] ?? "";
  const digits = BigInt(match[2] + fraction) * (match[1] ? -1n : 1n);
  const shift = -fraction.length - exponent;
  return shift >= 0 ? digits * pow10(shift) : divRound(digits, pow10(-shift));
}

/** A fraction (0.001) as an integer with 9 decimals. */
export function fractionE9(what: string, value: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a finite fraction ≥ 0, got ${value}`);
  return BigInt(Math.round(value * 1e9));
}

/** e^x for x and the result in 18-decimal fixed point: halve x below 1/2, sum the Taylor series, square back. */
export function expE18(x: bigint): bigint {
  const limit = 100n * E18; // e^±100 is far past any sane step; clamp rather than build enormous numbers
  if (x > limit) x = limit;
  if (x < -limit) x = -limit;
  let halvings = 0;
  while (x > E18 / 2n || x < -E18 / 2n) {
    x /= 2n;
    halvings++;
  }
  let sum = E18;
  let term = E18;
  for (let n = 1n; n <= 60n; n++) {
    term = (term * x) / E18 / n;
    if (term === 0n) break;
    sum += term;
  }
  for (let i = 0; i < halvings; i++) sum = (sum * sum) / E18;
  return sum;
}
