// Conversions at the edge of the math: I80F48 values to display numbers and token amounts between native and UI units.
import { i80f48 as fx, tenPow, toF64, type I80F48 } from "@ballast/protocol";

/** The nearest double (the program's to_num::<f64>()), for display only; all math stays in I80F48. */
export function toNumber(value: I80F48): number {
  return toF64(value);
}

/** The nearest I80F48 to a double (exact for a double of at most 48 fraction bits). */
export function fromNumber(value: number): I80F48 {
  return fx.fromBits(BigInt(Math.round(value * Number(fx.ONE))));
}

/** A native amount as a UI amount (for display). */
export function nativeToUi(amount: bigint, decimals: number): number {
  return Number(amount) / 10 ** decimals;
}

/** A native I80F48 amount (fractions of a native unit kept) in whole tokens. */
export function nativeToUiAmount(amount: I80F48, decimals: number): I80F48 {
  return fx.div(amount, tenPow(decimals));
}

const UI_AMOUNT = /^(\d+)(?:\.(\d*))?$/;

/** A UI amount given as a decimal string (e.g. "1.25") in native units, rounded down to the mint's precision. */
export function uiToNative(amount: string, decimals: number): bigint {
  const match = UI_AMOUNT.exec(amount.trim());
  if (match === null) throw new SyntaxError(`not a token amount: ${JSON.stringify(amount)}`);
  const [, whole, fraction = ""] = match;
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0"));
}

/** What a typed amount reads as: nothing yet, an exact native amount, or why it is refused. */
export type TypedAmount =
  | { readonly kind: "empty" }
  | { readonly kind: "amount"; readonly native: bigint; readonly commaDecimal: boolean }
  | { readonly kind: "not-a-number" }
  | { readonly kind: "too-many-decimals"; readonly decimals: number };

/** Plain decimals only: digits with at most one decimal mark, a point or a comma (as many keyboards type it). */
const TYPED_AMOUNT = /^(\d*)(?:([.,])(\d*))?$/;

/**
 * A user's typed amount in native units, exactly: "1.5" and "1,5" are one and a half tokens, while exponents, signs,
 * thousands separators and more fraction digits than the mint has are refused rather than read as something else.
 */
export function parseTypedAmount(text: string, decimals: number): TypedAmount {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  const match = TYPED_AMOUNT.exec(trimmed);
  if (match === null) return { kind: "not-a-number" };
  const [, whole, mark, fraction = ""] = match;
  if (whole === "" && fraction === "") return { kind: "not-a-number" };
  if (fraction.length > decimals) return { kind: "too-many-decimals", decimals };
  return { kind: "amount", native: BigInt((whole || "0") + fraction.padEnd(decimals, "0")), commaDecimal: mark === "," };
}

/** Rounds a native I80F48 amount down to whole native units (what a transfer can move). */
export function floorNative(amount: I80F48): bigint {
  return fx.toIntFloor(amount);
}

/** Rounds a native I80F48 amount up to whole native units (what repaying all of a debt costs). */
export function ceilNative(amount: I80F48): bigint {
  return fx.toIntCeil(amount);
}
