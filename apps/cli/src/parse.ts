// Validation of command-line values: each parser names the flag (or config field) and what it expected, so bad input
// fails with one readable line before anything is sent. Fixed-point values go through the program's own I80F48 parser.
import { PublicKey } from "@solana/web3.js";
import { centiToU32, i80f48, milliToU32, type I80F48 } from "@ballast/protocol";
import { InputError } from "./errors.js";

export const U64_MAX = (1n << 64n) - 1n;

const show = (value: unknown) => (typeof value === "string" ? `"${value}"` : JSON.stringify(value));

export function parsePubkey(field: string, value: unknown): PublicKey {
  if (typeof value === "string" && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) {
    try {
      return new PublicKey(value);
    } catch {
      // Falls through to the message below: base58 text that is not 32 bytes.
    }
  }
  throw new InputError(`${field}: expected a base58 public key, got ${show(value)}`);
}

/** An integer in [min, max], from a string of digits or a JSON number. */
export function parseInteger(field: string, value: unknown, min: bigint, max: bigint): bigint {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string" || !/^-?\d+$/.test(text)) {
    throw new InputError(`${field}: expected an integer from ${min} to ${max}, got ${show(value)}`);
  }
  const parsed = BigInt(text);
  if (parsed < min || parsed > max) throw new InputError(`${field}: expected an integer from ${min} to ${max}, got ${show(value)}`);
  return parsed;
}

export const parseU64 = (field: string, value: unknown): bigint =>
  value === "max" || value === "unlimited" ? U64_MAX : parseInteger(field, value, 0n, U64_MAX);

export const parseU32 = (field: string, value: unknown): number => Number(parseInteger(field, value, 0n, 4_294_967_295n));

export const parseU16 = (field: string, value: unknown): number => Number(parseInteger(field, value, 0n, 65_535n));

export const parseU8 = (field: string, value: unknown): number => Number(parseInteger(field, value, 0n, 255n));

/** A plain decimal (e.g. 0.8, 1.25) as I80F48, optionally bounded. */
export function parseDecimal(field: string, value: unknown, bounds: { min?: string; max?: string } = {}): I80F48 {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  const range = bounds.min !== undefined && bounds.max !== undefined ? ` from ${bounds.min} to ${bounds.max}` : "";
  const expected = `${field}: expected a decimal number${range}, got ${show(value)}`;
  if (typeof text !== "string" || !/^[+-]?\d+(\.\d+)?$/.test(text)) throw new InputError(expected);
  const parsed = i80f48.fromDecimal(text);
  if (bounds.min !== undefined && i80f48.cmp(parsed, i80f48.fromDecimal(bounds.min)) < 0) throw new InputError(expected);
  if (bounds.max !== undefined && i80f48.cmp(parsed, i80f48.fromDecimal(bounds.max)) > 0) throw new InputError(expected);
  return parsed;
}

/** A utilization fraction from 0 to 1 (0.8 = 80%), stored as the program's u32 share of 100%. */
export const parseUtilization = (field: string, value: unknown): number => centiToU32(parseDecimal(field, value, { min: "0", max: "1" }));

/** An APR fraction from 0 to 10 (0.05 = 5%), stored as the program's u32 share of 1000%. */
export const parseApr = (field: string, value: unknown): number => milliToU32(parseDecimal(field, value, { min: "0", max: "10" }));

export function parseBoolean(field: string, value: unknown): boolean {
  if (value === true || value === "true" || value === "yes" || value === "on") return true;
  if (value === false || value === "false" || value === "no" || value === "off") return false;
  throw new InputError(`${field}: expected true or false, got ${show(value)}`);
}

/** One of a fixed set of names (case-insensitive), as its canonical spelling. */
export function parseChoice<T extends string>(field: string, value: unknown, choices: readonly T[]): T {
  const found = typeof value === "string" ? choices.find((c) => c.toLowerCase() === value.toLowerCase()) : undefined;
  if (found === undefined) throw new InputError(`${field}: expected one of ${choices.join(", ")}, got ${show(value)}`);
  return found;
}
