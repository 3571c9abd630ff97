// Decoded values as JSON can carry them: the codec layer yields bigints, byte arrays and keys, which the explorer's
// API and pages show as decimal strings, hex and base58.
import { PublicKey } from "@solana/web3.js";

export type DisplayValue = string | number | boolean | null | readonly DisplayValue[] | { readonly [key: string]: DisplayValue };

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

/** A decoded value made JSON-safe: bigints as decimal strings, bytes as hex, keys as base58, BN-like values by toString. */
export function displayValue(value: unknown): DisplayValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (value instanceof PublicKey) return value.toBase58();
  if (value instanceof Uint8Array) return toHex(value);
  if (Array.isArray(value)) return value.map(displayValue);
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    // Anchor's BN and similar number wrappers.
    if (typeof record.toArrayLike === "function") return String(value);
    const out: Record<string, DisplayValue> = {};
    for (const [key, inner] of Object.entries(record)) out[key] = displayValue(inner);
    return out;
  }
  return String(value);
}
