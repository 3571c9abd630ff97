import bs58 from "bs58";
import type { Account, Address } from "../account.js";
import { ACCOUNT_SIZE, AccountState, ExtendedAccountType, extendedAccountType, tokenAccountFields } from "../programs/token/layout.js";
import { ErrorCode, RpcError, invalidParam, invalidParams } from "./errors.js";
import { decodeBase58, decodeBase64 } from "./binary.js";
import { array, config, isAbsent, string, typeError, usize, variant } from "./params.js";

/** Looks an account up by address; undefined when it does not exist (the shape the token parser takes). */
export type AccountLookup = (address: Address) => Account | undefined;

/**
 * The `jsonParsed` encoder, injected by whoever starts the server: `{ parsed, program, space }` for accounts it
 * understands, null where the RPC falls back to base64.
 */
export type ParseAccount = (account: Account, lookup: AccountLookup) => object | null;

export const ACCOUNT_ENCODINGS = ["binary", "base58", "base64", "jsonParsed", "base64+zstd"] as const;
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number];

export interface DataSlice {
  offset: number;
  length: number;
}

export interface AccountEncodingOptions {
  encoding: AccountEncoding;
  dataSlice: DataSlice | null;
}

/** Solana refuses base58 account data longer than this. */
export const MAX_BASE58_BYTES = 128;

export function accountEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (isAbsent(value)) return fallback;
  const encoding = variant(value, ACCOUNT_ENCODINGS);
  if (encoding === "base64+zstd") throw invalidParams("base64+zstd encoding is not supported by this node; use base64");
  return encoding;
}

export function dataSlice(value: unknown): DataSlice | null {
  if (isAbsent(value)) return null;
  const cfg = config(value, "UiDataSliceConfig");
  if (isAbsent(cfg.offset)) throw invalidParams("Invalid params: missing field `offset`.");
  if (isAbsent(cfg.length)) throw invalidParams("Invalid params: missing field `length`.");
  return { offset: usize(cfg.offset), length: usize(cfg.length) };
}

/** `encoding` and `dataSlice` of a config object. Solana's default is the legacy "binary" (plain base58 text). */
export function accountOptions(cfg: Record<string, unknown>, fallback: AccountEncoding = "binary"): AccountEncodingOptions {
  return { encoding: accountEncoding(cfg.encoding, fallback), dataSlice: dataSlice(cfg.dataSlice) };
}

function slice(data: Buffer, range: DataSlice | null): Buffer {
  if (!range) return data;
  const start = Math.min(range.offset, data.length);
  return data.subarray(start, Math.min(start + range.length, data.length));
}

/** Solana checks base58 sizes before it encodes anything: -32600 for data it would not write as base58. */
export function checkEncodable(account: Account, options: AccountEncodingOptions): void {
  if (options.encoding !== "binary" && options.encoding !== "base58") return;
  if (slice(account.data, options.dataSlice).length > MAX_BASE58_BYTES) {
    throw new RpcError(
      ErrorCode.InvalidRequest,
      `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
    );
  }
}

/** An account as Solana's UiAccount. */
export function encodeAccount(
  account: Account,
  options: AccountEncodingOptions,
  parse: ParseAccount | undefined,
  lookup: AccountLookup,
): Record<string, unknown> {
  let data: unknown;
  const parsed = options.encoding === "jsonParsed" && parse ? parse(account, lookup) : null;
  if (parsed) data = parsed;
  else {
    const bytes = slice(account.data, options.dataSlice);
    if (options.encoding === "binary") data = bs58.encode(bytes);
    else if (options.encoding === "base58") data = [bs58.encode(bytes), "base58"];
    else data = [bytes.toString("base64"), "base64"];
  }
  return {
    lamports: account.lamports,
    data,
    owner: account.owner,
    executable: account.executable,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
}

// ---- getProgramAccounts filters -------------------------------------------------------------------------

export type AccountFilter =
  { kind: "dataSize"; size: number } | { kind: "memcmp"; offset: number; bytes: Buffer } | { kind: "tokenAccountState" };

export const MAX_FILTERS = 4;
const MAX_MEMCMP_BYTES = 128;
const MAX_MEMCMP_BASE58 = 175;
const MAX_MEMCMP_BASE64 = 172;

function memcmpFilter(value: unknown): AccountFilter {
  const cfg = config(value, "Memcmp");
  if (isAbsent(cfg.offset)) throw invalidParams("Invalid params: missing field `offset`.");
  const offset = usize(cfg.offset);
  const encoding = isAbsent(cfg.encoding) ? "base58" : variant(cfg.encoding, ["base58", "base64", "binary"] as const);
  const text = string(cfg.bytes);
  let bytes: Buffer;
  if (encoding === "base64") {
    if (text.length > MAX_MEMCMP_BASE64) throw invalidParam("Base64DataTooLarge");
    try {
      bytes = decodeBase64(text);
    } catch {
      throw invalidParam("DecodeError");
    }
  } else {
    if (text.length > MAX_MEMCMP_BASE58) throw invalidParam("Base58DataTooLarge");
    try {
      bytes = decodeBase58(text);
    } catch {
      throw invalidParam("DecodeError");
    }
  }
  if (bytes.length > MAX_MEMCMP_BYTES) throw invalidParam("DataTooLarge");
  return { kind: "memcmp", offset, bytes };
}

/** `filters` of getProgramAccounts / programSubscribe: `{ dataSize }`, `{ memcmp: { offset, bytes, encoding? } }`, `"tokenAccountState"`. */
export function accountFilters(value: unknown): AccountFilter[] {
  if (isAbsent(value)) return [];
  const list = array(value);
  if (list.length > MAX_FILTERS) throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  return list.map((item): AccountFilter => {
    if (item === "tokenAccountState") return { kind: "tokenAccountState" };
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw typeError(item, "enum RpcFilterType");
    const [kind, ...others] = Object.keys(item);
    if (kind === undefined || others.length > 0)
      throw invalidParams("Invalid params: expected an object with exactly one filter (`dataSize`, `memcmp` or `tokenAccountState`).");
    const body = (item as Record<string, unknown>)[kind];
    if (kind === "dataSize") return { kind: "dataSize", size: usize(body) };
    if (kind === "memcmp") return memcmpFilter(body);
    throw invalidParams(`Invalid params: unknown variant \`${kind}\`, expected one of \`dataSize\`, \`memcmp\`, \`tokenAccountState\`.`);
  });
}

/** An initialised token account: 165 bytes (or an extended Token-2022 account) whose state byte is not zero. */
export function isTokenAccountData(data: Buffer): boolean {
  if (data.length < ACCOUNT_SIZE) return false;
  const extended = extendedAccountType(data);
  if (extended !== null && extended !== ExtendedAccountType.Account) return false;
  // The raw byte, not the decoded state: an out-of-range state still counts, as in the RPC's filter.
  return data.readUInt8(tokenAccountFields.state.offset) !== AccountState.Uninitialized;
}

export function matchesFilters(account: Account, filters: readonly AccountFilter[]): boolean {
  for (const filter of filters) {
    if (filter.kind === "dataSize") {
      if (account.data.length !== filter.size) return false;
    } else if (filter.kind === "memcmp") {
      const end = filter.offset + filter.bytes.length;
      if (end > account.data.length || !account.data.subarray(filter.offset, end).equals(filter.bytes)) return false;
    } else if (!isTokenAccountData(account.data)) return false;
  }
  return true;
}
