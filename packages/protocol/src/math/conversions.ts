import { div, fromInt, mul, toIntFloor, cmp, ZERO, type I80F48 } from "./i80f48.js";

const U32_MAX = fromInt(0xffff_ffff);

/** Clamps to [0, max], then maps [0, max] onto [0, u32::MAX] as the program stores ratios (ratio first, then scale). */
function toU32(value: I80F48, max: I80F48): number {
  const clamped = cmp(value, max) > 0 ? max : cmp(value, ZERO) < 0 ? ZERO : value;
  return Number(toIntFloor(mul(div(clamped, max), U32_MAX)));
}

/** basis_to_u32: a value in [0, 100] (e.g. a leverage) stored as a u32 fraction of 100. */
export function basisToU32(value: I80F48): number {
  return toU32(value, fromInt(100));
}

/** milli_to_u32: a value in [0, 10] stored as a u32 fraction of 10. */
export function milliToU32(value: I80F48): number {
  return toU32(value, fromInt(10));
}

/** centi_to_u32: a value in [0, 1] stored as a u32 fraction of 1. */
export function centiToU32(value: I80F48): number {
  return toU32(value, fromInt(1));
}

/** u32_to_basis: the stored u32 back to a value in [0, 100]. */
export function u32ToBasis(stored: number): I80F48 {
  return mul(div(fromInt(stored), U32_MAX), fromInt(100));
}
