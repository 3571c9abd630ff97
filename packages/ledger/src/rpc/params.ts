import bs58 from "bs58";
import type { Address } from "../account.js";
import type { LedgerService } from "../service.js";
import { ErrorCode, RpcError, invalidParam, invalidParams } from "./errors.js";
import { U64_MAX } from "../integers.js";

/**
 * Parameter checks with Solana's wording. Its RPC parses positional params into a Rust tuple with serde, so a
 * wrong type reads `Invalid params: invalid type: integer \`5\`, expected a string.`; its own parsers (keys,
 * signatures, hashes) answer `Invalid param: WrongSize`.
 */

/** How serde names a JSON value it did not expect. */
export function describeJsonValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return `string ${JSON.stringify(value)}`;
  if (typeof value === "bigint") return `integer \`${value}\``;
  if (typeof value === "number") return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === "boolean") return `boolean \`${value}\``;
  if (Array.isArray(value)) return "sequence";
  return "map";
}

export function typeError(value: unknown, expected: string): RpcError {
  return invalidParams(`Invalid params: invalid type: ${describeJsonValue(value)}, expected ${expected}.`);
}

/** The params array, with jsonrpc-derive's arity checks. Missing and null params are an empty list. */
export function positional(params: unknown, min: number, max: number): unknown[] {
  if (params === undefined || params === null) params = [];
  if (!Array.isArray(params)) throw invalidParams("`params` should be an array");
  if (params.length < min) throw invalidParams(`\`params\` should have at least ${min} argument(s)`);
  if (params.length > max)
    throw new RpcError(ErrorCode.InvalidParams, `Invalid parameters: Expected from ${min} to ${max} parameters.`, `Got: ${params.length}`);
  return params;
}

export function isAbsent(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

export function string(value: unknown): string {
  if (typeof value !== "string") throw typeError(value, "a string");
  return value;
}

export function boolean(value: unknown): boolean {
  if (typeof value !== "boolean") throw typeError(value, "a boolean");
  return value;
}

export function optionalBoolean(value: unknown, fallback: boolean): boolean {
  return isAbsent(value) ? fallback : boolean(value);
}

export function array(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw typeError(value, "a sequence");
  return value;
}

/** A config object; absent (or null) is an empty one. */
export function config(value: unknown, name: string): Record<string, unknown> {
  if (isAbsent(value)) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw typeError(value, `struct ${name}`);
  return value as Record<string, unknown>;
}

export function u64(value: unknown): bigint {
  if (typeof value === "bigint") {
    if (value < 0n || value > U64_MAX) throw invalidParams(`Invalid params: invalid value: integer \`${value}\`, expected u64.`);
    return value;
  }
  if (typeof value !== "number" || !Number.isInteger(value)) throw typeError(value, "u64");
  if (value < 0) throw invalidParams(`Invalid params: invalid value: integer \`${value}\`, expected u64.`);
  return BigInt(value);
}

const I64_MAX = 0x7fff_ffff_ffff_ffffn;

/**
 * A slot: a u64 as Solana reads it, but the ledger keys slots by SQLite's signed 64-bit integers, so a slot of 2^63
 * or more (which no chain reaches) is refused as a bad parameter rather than failing the lookup.
 */
export function slot(value: unknown): bigint {
  const n = u64(value);
  if (n > I64_MAX) throw invalidParams(`Invalid params: invalid value: integer \`${n}\`, expected a slot below 2^63.`);
  return n;
}

/** A usize small enough to index with (sizes, offsets, limits). */
export function usize(value: unknown): number {
  const n = u64(value);
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
}

export function optionalUsize(value: unknown): number | null {
  return isAbsent(value) ? null : usize(value);
}

/** One of serde's unit variants; the list is in declaration order, as its message names them. */
export function variant<T extends string>(value: unknown, variants: readonly T[]): T {
  if (typeof value !== "string") throw typeError(value, "a string");
  if (!(variants as readonly string[]).includes(value)) {
    const names = variants.map((v) => `\`${v}\``);
    const expected = names.length === 1 ? names[0] : names.length === 2 ? `${names[0]} or ${names[1]}` : `one of ${names.join(", ")}`;
    throw invalidParams(`Invalid params: unknown variant \`${value}\`, expected ${expected}.`);
  }
  return value as T;
}

/** Base58 text of a fixed-size value (key, hash, signature), as Solana's FromStr impls check it. */
function fixedBase58(value: unknown, size: number, maxLength: number): { text: string; bytes: Uint8Array } {
  const text = string(value);
  if (text.length > maxLength) throw invalidParam("WrongSize");
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(text);
  } catch {
    throw invalidParam("Invalid");
  }
  if (bytes.length !== size) throw invalidParam("WrongSize");
  return { text, bytes };
}

export function pubkey(value: unknown): Address {
  return fixedBase58(value, 32, 44).text;
}

export function hash(value: unknown): string {
  return fixedBase58(value, 32, 44).text;
}

export function signature(value: unknown): string {
  return fixedBase58(value, 64, 88).text;
}

export const COMMITMENTS = ["processed", "confirmed", "finalized"] as const;
export type CommitmentLevel = (typeof COMMITMENTS)[number];

export function commitment(value: unknown): CommitmentLevel | null {
  return isAbsent(value) ? null : variant(value, COMMITMENTS);
}

/** Reads `commitment` and enforces `minContextSlot` the way Solana does (-32016 until the slot is reached). */
export function contextConfig(cfg: Record<string, unknown>, ledger: LedgerService): CommitmentLevel | null {
  const level = commitment(cfg.commitment);
  if (!isAbsent(cfg.minContextSlot)) {
    const min = u64(cfg.minContextSlot);
    const slot = ledger.slot();
    if (slot < min)
      throw new RpcError(ErrorCode.MinContextSlotNotReached, "Minimum context slot has not been reached", { contextSlot: slot });
  }
  return level;
}

/** Lists of inputs Solana caps (getMultipleAccounts 100, getSignatureStatuses 256, ...). */
export function capped(value: unknown, max: number): unknown[] {
  const list = array(value);
  if (list.length > max) throw invalidParams(`Too many inputs provided; max ${max}`);
  return list;
}
