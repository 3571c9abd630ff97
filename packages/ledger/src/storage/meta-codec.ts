// A transaction's meta as the store keeps it: compact binary, written on the main thread for every landed transaction
// and read back by getTransaction and history queries. Binary rather than JSON because the text form was most of
// what the store wrote per transaction (a token transfer's meta: 1,850 bytes of JSON, 833 here), and the store
// writer's time goes with the bytes. Stores written before keep their JSON rows; both read back.
//
// Layout (little-endian; counts and lengths u32):
//   u8 format (1)
//   err          u32 length + JSON (length 0: null)
//   fee          u64
//   preBalances  count + u64 each; postBalances likewise
//   preTokenBalances, postTokenBalances: count + per balance u32 accountIndex, mint, owner, programId (32 bytes
//                each), u64 amount, u8 decimals; the UI amounts are derived from amount and decimals, as the
//                runtime derives them
//   logMessages  count + per message u32 length + UTF-8
//   innerInstructions, loadedAddresses: u32 length + JSON (length 0: none)
//   returnData   u8 present; when 1, programId (32 bytes), u32 length, the bytes
//   computeUnitsConsumed u64
import { ArgsReader } from "@ballast/codec";
import { uiTokenAmount } from "../programs/token/parse.js";
import type { TokenBalance, TransactionMeta, UiTokenAmount } from "../service.js";
import { writeBase58Key } from "../tx/base58.js";

const FORMAT = 1;
const KEY = 32;
/** A token balance after its accountIndex: mint, owner, programId, amount, decimals. */
const BALANCE_BODY = 3 * KEY + 8 + 1;

/**
 * The encoder's working buffer, grown as needed and copied out once per meta. Not the codec's ArgsWriter, which
 * allocates a Buffer per field: every landed transaction's meta is encoded here, on the main thread.
 */
let scratch = Buffer.allocUnsafe(16 * 1024);
let at = 0;

function reserve(bytes: number): void {
  if (at + bytes <= scratch.length) return;
  const grown = Buffer.allocUnsafe(Math.max(2 * scratch.length, at + bytes));
  scratch.copy(grown, 0, 0, at);
  scratch = grown;
}

function u32(value: number): void {
  reserve(4);
  at = scratch.writeUInt32LE(value, at);
}

function u64(value: bigint): void {
  reserve(8);
  at = scratch.writeBigUInt64LE(value, at);
}

function utf8(text: string): void {
  // UTF-8 takes at most three bytes per UTF-16 unit.
  reserve(4 + 3 * text.length);
  const length = scratch.write(text, at + 4, "utf8");
  scratch.writeUInt32LE(length, at);
  at += 4 + length;
}

/** JSON text with its length; an absent value (by `isEmpty`) is length 0. */
function json(value: unknown, isEmpty: boolean): void {
  if (isEmpty) u32(0);
  else utf8(JSON.stringify(value));
}

function balances(values: readonly bigint[]): void {
  u32(values.length);
  reserve(8 * values.length);
  for (const value of values) at = scratch.writeBigUInt64LE(value, at);
}

/**
 * Each balance body by its amount object: the runtime shares one amount object per token account state (one
 * transaction's post balance is the next one's pre balance), so most bodies are built once.
 */
const balanceBodies = new WeakMap<UiTokenAmount, Buffer>();

function balanceBody({ mint, owner, programId, uiTokenAmount: amount }: TokenBalance): Buffer {
  let body = balanceBodies.get(amount);
  if (body === undefined) {
    body = Buffer.allocUnsafe(BALANCE_BODY);
    if (
      writeBase58Key(mint, body, 0) !== KEY ||
      writeBase58Key(owner, body, KEY) !== KEY ||
      writeBase58Key(programId, body, 2 * KEY) !== KEY
    )
      throw new Error(`a token balance with a malformed key: ${mint} ${owner} ${programId}`);
    body.writeBigUInt64LE(BigInt(amount.amount), 3 * KEY);
    body.writeUInt8(amount.decimals, 3 * KEY + 8);
    balanceBodies.set(amount, body);
  }
  return body;
}

function tokenBalances(values: readonly TokenBalance[]): void {
  u32(values.length);
  reserve((4 + BALANCE_BODY) * values.length);
  for (const balance of values) {
    at = scratch.writeUInt32LE(balance.accountIndex, at);
    at += balanceBody(balance).copy(scratch, at);
  }
}

export function encodeTransactionMeta(meta: TransactionMeta): Buffer {
  at = 0;
  reserve(1);
  at = scratch.writeUInt8(FORMAT, at);
  json(meta.err, meta.err === null);
  u64(meta.fee);
  balances(meta.preBalances);
  balances(meta.postBalances);
  tokenBalances(meta.preTokenBalances);
  tokenBalances(meta.postTokenBalances);
  u32(meta.logMessages.length);
  for (const message of meta.logMessages) utf8(message);
  json(meta.innerInstructions, meta.innerInstructions.length === 0);
  const loaded = meta.loadedAddresses;
  json(loaded, loaded.writable.length === 0 && loaded.readonly.length === 0);
  const returned = meta.returnData;
  if (returned === null) {
    reserve(1);
    at = scratch.writeUInt8(0, at);
  } else {
    reserve(1 + KEY + 4 + returned.data.length);
    at = scratch.writeUInt8(1, at);
    if (writeBase58Key(returned.programId, scratch, at) !== KEY) throw new Error(`return data from a malformed key: ${returned.programId}`);
    at = scratch.writeUInt32LE(returned.data.length, at + KEY);
    at += returned.data.copy(scratch, at);
  }
  u64(meta.computeUnitsConsumed);
  return Buffer.from(scratch.subarray(0, at));
}

/** Reads one encoded meta in order; a meta that ends early or has trailing bytes throws. */
class MetaReader extends ArgsReader {
  constructor(stored: Uint8Array) {
    // Cloned from another thread, a Buffer arrives as a plain Uint8Array.
    super(Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength));
    const format = this.u8();
    if (format !== FORMAT) throw new Error(`a stored transaction meta of unknown format ${format}`);
  }

  protected override malformed(reason: string): never {
    throw new Error(`a stored transaction meta is malformed: ${reason}`);
  }

  /** JSON written by json(); `empty` when its length is 0. */
  json<T>(empty: T): T {
    const text = this.string();
    return text === "" ? empty : (JSON.parse(text) as T);
  }
  balances(): bigint[] {
    return this.vec(() => this.u64());
  }
  tokenBalances(): TokenBalance[] {
    return this.vec(() => {
      const accountIndex = this.u32();
      const mint = this.pubkey();
      const owner = this.pubkey();
      const programId = this.pubkey();
      const amount = this.u64();
      const decimals = this.u8();
      return { accountIndex, mint, owner, programId, uiTokenAmount: uiTokenAmount(amount, decimals) };
    });
  }
  returnData(): TransactionMeta["returnData"] {
    return this.option(() => {
      const programId = this.pubkey();
      return { programId, data: this.bytes(this.u32()) };
    });
  }
}

function decodeTransactionMeta(stored: Uint8Array): TransactionMeta {
  const r = new MetaReader(stored);
  const meta: TransactionMeta = {
    err: r.json(null),
    fee: r.u64(),
    preBalances: r.balances(),
    postBalances: r.balances(),
    preTokenBalances: r.tokenBalances(),
    postTokenBalances: r.tokenBalances(),
    logMessages: r.vec(() => r.string()),
    innerInstructions: r.json([]),
    loadedAddresses: r.json({ writable: [], readonly: [] }),
    returnData: r.returnData(),
    computeUnitsConsumed: r.u64(),
  };
  r.end();
  return meta;
}

/**
 * JSON as stores before the binary format wrote metas: bigints tagged as {"$n":"123"}, Buffers as {"$b":"<base64>"},
 * both read back as their own types.
 */
function parseLegacyJson<T>(text: string): T {
  return JSON.parse(text, (_key, v) => {
    if (v === null || typeof v !== "object" || Object.keys(v).length !== 1) return v;
    if (typeof v.$n === "string") return BigInt(v.$n);
    if (typeof v.$b === "string") return Buffer.from(v.$b, "base64");
    return v;
  }) as T;
}

/** A stored meta: binary, or a JSON row from an older store. */
export function readTransactionMeta(stored: string | Uint8Array): TransactionMeta {
  return typeof stored === "string" ? parseLegacyJson<TransactionMeta>(stored) : decodeTransactionMeta(stored);
}

/** Only the error of a stored meta: what a restarted ledger's status cache needs of every recent transaction. */
export function readTransactionError(stored: string | Uint8Array): TransactionMeta["err"] {
  return typeof stored === "string" ? parseLegacyJson<TransactionMeta>(stored).err : new MetaReader(stored).json(null);
}
