// The amount field: what the user typed, read exactly by the SDK (never through a float), and the messages saying why
// an entry is refused; MAX fills exact text from native units.
import { parseTypedAmount } from "@ballast/sdk";
import { formatTokenAmount } from "../../format/index.js";
import type { ActionMessage } from "./checks.js";

const AMOUNT_MESSAGES = {
  notANumber: "Enter the amount as a plain number, like 1.5 (no exponents, signs or thousands separators)",
  tooManyDecimals: (symbol: string, decimals: number) =>
    decimals === 0 ? `${symbol} comes in whole units only` : `${symbol} has at most ${decimals} decimal places`,
  zero: (symbol: string) => `Enter more than 0 ${symbol}: a transaction of 0 would move nothing`,
  commaDecimal: (amount: string, symbol: string) => `Read as ${amount} ${symbol}: the comma is taken as the decimal mark`,
} as const;

/** The typed text as native units, or the message refusing it; empty text is zero with no message. */
export interface AmountReading {
  readonly native: bigint;
  readonly error: string | null;
  readonly note: ActionMessage | null;
}

export function readAmount(text: string, decimals: number, symbol: string): AmountReading {
  const parsed = parseTypedAmount(text, decimals);
  switch (parsed.kind) {
    case "empty":
      return { native: 0n, error: null, note: null };
    case "not-a-number":
      return { native: 0n, error: AMOUNT_MESSAGES.notANumber, note: null };
    case "too-many-decimals":
      return { native: 0n, error: AMOUNT_MESSAGES.tooManyDecimals(symbol, parsed.decimals), note: null };
    case "amount": {
      if (parsed.native === 0n) return { native: 0n, error: AMOUNT_MESSAGES.zero(symbol), note: null };
      const shown = formatTokenAmount(parsed.native, decimals, { maxFractionDigits: decimals });
      const note = parsed.commaDecimal ? { tone: "info" as const, text: AMOUNT_MESSAGES.commaDecimal(shown, symbol) } : null;
      return { native: parsed.native, error: null, note };
    }
  }
}

/** Native units as exact text: 1500000 at 6 decimals → "1.5". */
export function textFromAmount(native: bigint, decimals: number): string {
  const digits = native.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The amount as entered: typed text, or MAX (which follows the max as fresh data arrives until the user types). */
export type AmountEntry = { readonly kind: "typed"; readonly text: string } | { readonly kind: "max" };
