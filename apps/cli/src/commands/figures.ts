// How the read-side reports print fixed-point figures: exact decimals in JSON output (scripts compare them to the
// native unit), rounded to a few places in tables (people read them).
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { CliContext } from "../context.js";

const FRACTION_BITS = 48n;

/** `value` rounded half away from zero to `places` decimals, trailing zeros dropped. */
export function roundedDecimal(value: I80F48, places: number): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const scale = 10n ** BigInt(places);
  const scaled = (magnitude * scale + (1n << (FRACTION_BITS - 1n))) >> FRACTION_BITS;
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(places, "0").replace(/0+$/, "");
  const text = fraction === "" ? whole.toString() : `${whole}.${fraction}`;
  return negative && scaled !== 0n ? `-${text}` : text;
}

/** The figure as the output mode shows it; null stays null ("-" in tables). */
export function figure(ctx: CliContext, value: I80F48 | null, places = 6): string | null {
  if (value === null) return null;
  return ctx.output === "table" ? roundedDecimal(value, places) : fx.toDecimal(value);
}
