// USD values of token amounts (reference §8.6), in the program's operation order: (amount × weight) × price / 10^decimals.
import * as fx from "./i80f48.js";
import type { I80F48 } from "./i80f48.js";

const POWERS_OF_TEN = Array.from({ length: 24 }, (_, d) => fx.fromInt(10n ** BigInt(d)));

/** 10^decimals as I80F48 (EXP_10_I80F48). */
export function tenPow(decimals: number): I80F48 {
  const power = POWERS_OF_TEN[decimals];
  if (power === undefined) throw new RangeError(`no power of ten for ${decimals} decimals`);
  return power;
}

/** value = amount × weight × price / 10^decimals; weight omitted means 1. Zero amounts are worth 0 without touching the price. */
export function calcValue(amount: I80F48, price: I80F48, decimals: number, weight?: I80F48): I80F48 {
  if (amount === fx.ZERO) return fx.ZERO;
  const weighted = weight === undefined ? amount : fx.mul(amount, weight);
  return fx.div(fx.mul(weighted, price), tenPow(decimals));
}

/** amount = value × 10^decimals / price: the native amount worth `value`. */
export function calcAmount(value: I80F48, price: I80F48, decimals: number): I80F48 {
  return fx.div(fx.mul(value, tenPow(decimals)), price);
}

/** The nearest f64, as `to_num::<f64>()` (the health cache and liquidation records store f64 bytes). */
export function toF64(value: I80F48): number {
  return Number(value) / 2 ** 48;
}
