// Oracle numbers as Fractions: an integer mantissa scaled down by a power of ten, computed in BigFraction width and
// narrowed (reference §6.4, §7.4).
import { bigToFraction } from "./big-fraction.js";

export function priceToFraction(value: bigint, exponent: bigint | number): bigint {
  return bigToFraction((value << 60n) / 10n ** BigInt(exponent));
}
