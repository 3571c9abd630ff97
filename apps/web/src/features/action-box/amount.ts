// The amount field's text: digits with thousands separators and at most the mint's decimals, read as exact native
// units (never through a float).
import { uiToNative } from "@ballast/sdk";

/** Keeps digits and the first decimal point, drops separators, and clips the fraction to `decimals` digits. */
export function cleanAmountText(text: string, decimals: number): string {
  const plain = text.replace(/[^\d.]/g, "");
  const point = plain.indexOf(".");
  if (point === -1) return plain.replace(/^0+(?=\d)/, "");
  const whole = plain.slice(0, point).replace(/^0+(?=\d)/, "");
  const fraction = plain
    .slice(point + 1)
    .replace(/\./g, "")
    .slice(0, decimals);
  return decimals === 0 ? whole : `${whole}.${fraction}`;
}

/** The cleaned text with thousands separators in the whole part: "12345.6" → "12,345.6". */
export function groupAmountText(clean: string): string {
  const [whole, fraction] = clean.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Native units of the cleaned text; empty or a lone point is zero. */
export function amountFromText(clean: string, decimals: number): bigint {
  if (clean === "" || clean === ".") return 0n;
  return uiToNative(clean.startsWith(".") ? `0${clean}` : clean, decimals);
}

/** Native units as exact cleaned text: 1500000 at 6 decimals → "1.5". */
export function textFromAmount(native: bigint, decimals: number): string {
  const digits = native.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
