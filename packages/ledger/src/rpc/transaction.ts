import { VersionedTransaction, type VersionedMessage } from "@solana/web3.js";
import bs58 from "bs58";
import type { Address } from "../account.js";
import type { CompiledInnerInstruction, LedgerService, ReturnData, TransactionMeta, TransactionRecord } from "../service.js";
import { unsupportedTransactionVersion } from "./errors.js";
import { elementAt } from "../indexing.js";
import { LOOKUP_TABLE_META_SIZE } from "../programs/address-lookup-table.js";

/** How getTransaction writes a landed transaction: Solana's UiTransactionEncoding. */
export const TRANSACTION_ENCODINGS = ["binary", "base64", "base58", "json", "jsonParsed"] as const;
export type TransactionEncoding = (typeof TRANSACTION_ENCODINGS)[number];

export interface DecodedTransaction {
  signatures: string[];
  message: VersionedMessage;
  version: "legacy" | number;
  staticKeys: Address[];
}

export function decodeWire(wire: Buffer): DecodedTransaction {
  const tx = VersionedTransaction.deserialize(wire);
  const message = tx.message;
  return {
    signatures: tx.signatures.map((s) => bs58.encode(s)),
    message,
    version: message.version,
    staticKeys: message.staticAccountKeys.map((k) => k.toBase58()),
  };
}

export function encodeReturnData(returnData: ReturnData | null): { programId: Address; data: [string, "base64"] } | null {
  return returnData && { programId: returnData.programId, data: [returnData.data.toString("base64"), "base64"] };
}

/** All keys a transaction's instructions index into: static keys, then loaded writable, then loaded readonly. */
export function allKeys(decoded: DecodedTransaction, loaded: { writable: Address[]; readonly: Address[] }): Address[] {
  return [...decoded.staticKeys, ...loaded.writable, ...loaded.readonly];
}

/** An instruction as jsonParsed writes one it has no parser for: keys by address. */
export function partiallyDecoded(programIdIndex: number, accounts: number[], data: string, stackHeight: number | null, keys: Address[]) {
  return {
    accounts: accounts.map((i) => keys[i] ?? null),
    data,
    programId: keys[programIdIndex] ?? null,
    stackHeight,
  };
}

function compiledInner(inner: TransactionMeta["innerInstructions"]) {
  return inner.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((ix: CompiledInnerInstruction) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: ix.data,
      stackHeight: ix.stackHeight,
    })),
  }));
}

export function parsedInner(inner: TransactionMeta["innerInstructions"], keys: Address[]) {
  return inner.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((ix) => partiallyDecoded(ix.programIdIndex, ix.accounts, ix.data, ix.stackHeight, keys)),
  }));
}

/** UiTransactionStatusMeta. jsonParsed leaves out loadedAddresses (its account keys carry their source instead). */
function encodeMeta(meta: TransactionMeta, parsed: boolean, keys: Address[]): Record<string, unknown> {
  return {
    err: meta.err,
    status: meta.err === null ? { Ok: null } : { Err: meta.err },
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    innerInstructions: parsed ? parsedInner(meta.innerInstructions, keys) : compiledInner(meta.innerInstructions),
    logMessages: meta.logMessages,
    preTokenBalances: meta.preTokenBalances,
    postTokenBalances: meta.postTokenBalances,
    rewards: [],
    loadedAddresses: parsed ? undefined : { writable: meta.loadedAddresses.writable, readonly: meta.loadedAddresses.readonly },
    returnData: encodeReturnData(meta.returnData) ?? undefined,
    computeUnitsConsumed: meta.computeUnitsConsumed,
  };
}

function jsonTransaction(decoded: DecodedTransaction) {
  const m = decoded.message;
  return {
    signatures: decoded.signatures,
    message: {
      header: {
        numRequiredSignatures: m.header.numRequiredSignatures,
        numReadonlySignedAccounts: m.header.numReadonlySignedAccounts,
        numReadonlyUnsignedAccounts: m.header.numReadonlyUnsignedAccounts,
      },
      accountKeys: decoded.staticKeys,
      recentBlockhash: m.recentBlockhash,
      instructions: m.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: [...ix.accountKeyIndexes],
        data: bs58.encode(ix.data),
        stackHeight: null,
      })),
      addressTableLookups: decoded.version === "legacy" ? undefined : lookups(m),
    },
  };
}

function lookups(m: VersionedMessage) {
  return m.addressTableLookups.map((l) => ({
    accountKey: l.accountKey.toBase58(),
    writableIndexes: [...l.writableIndexes],
    readonlyIndexes: [...l.readonlyIndexes],
  }));
}

function parsedTransaction(decoded: DecodedTransaction, loaded: { writable: Address[]; readonly: Address[] }) {
  const m = decoded.message;
  const keys = allKeys(decoded, loaded);
  const staticCount = decoded.staticKeys.length;
  return {
    signatures: decoded.signatures,
    message: {
      accountKeys: keys.map((pubkey, i) => ({
        pubkey,
        signer: i < m.header.numRequiredSignatures,
        source: i < staticCount ? "transaction" : "lookupTable",
        writable: i < staticCount ? m.isAccountWritable(i) : i < staticCount + loaded.writable.length,
      })),
      recentBlockhash: m.recentBlockhash,
      instructions: m.compiledInstructions.map((ix) =>
        partiallyDecoded(ix.programIdIndex, [...ix.accountKeyIndexes], bs58.encode(ix.data), null, keys),
      ),
      addressTableLookups: decoded.version === "legacy" ? undefined : lookups(m),
    },
  };
}

/**
 * A landed transaction as getTransaction returns it. Without maxSupportedTransactionVersion a legacy transaction
 * has no `version` field and a versioned one is refused (-32015), as Solana does.
 */
export function encodeTransactionRecord(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | null,
): Record<string, unknown> {
  let version: "legacy" | 0 | undefined;
  if (maxSupportedTransactionVersion === null) {
    if (record.version !== "legacy") throw unsupportedTransactionVersion(record.version);
  } else {
    if (record.version !== "legacy" && record.version > maxSupportedTransactionVersion) throw unsupportedTransactionVersion(record.version);
    version = record.version;
  }
  let transaction: unknown;
  let keys: Address[] = [];
  if (encoding === "base64") transaction = [record.wire.toString("base64"), "base64"];
  else if (encoding === "base58") transaction = [bs58.encode(record.wire), "base58"];
  else if (encoding === "binary") transaction = bs58.encode(record.wire);
  else {
    const decoded = decodeWire(record.wire);
    keys = allKeys(decoded, record.meta.loadedAddresses);
    transaction = encoding === "jsonParsed" ? parsedTransaction(decoded, record.meta.loadedAddresses) : jsonTransaction(decoded);
  }
  return {
    slot: record.slot,
    transaction,
    meta: encodeMeta(record.meta, encoding === "jsonParsed", keys),
    version,
    blockTime: record.blockTime,
  };
}

const MEMO_PROGRAMS = new Set(["MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr", "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** getSignaturesForAddress's `memo`: each memo instruction as `[length] text`, joined by "; "; null if none. */
export function extractMemo(wire: Buffer): string | null {
  let decoded: DecodedTransaction;
  try {
    decoded = decodeWire(wire);
  } catch {
    return null;
  }
  const memos: string[] = [];
  for (const ix of decoded.message.compiledInstructions) {
    if (!MEMO_PROGRAMS.has(elementAt(decoded.staticKeys, ix.programIdIndex))) continue;
    let text: string;
    try {
      text = utf8.decode(ix.data);
    } catch {
      text = "(unparseable)";
    }
    memos.push(`[${ix.data.length}] ${text}`);
  }
  return memos.length > 0 ? memos.join("; ") : null;
}

/**
 * Addresses a v0 message loads from its lookup tables, read from the ledger's current state (for simulation
 * replies, where the ledger does not report them). Entries that cannot be resolved are left out.
 */
export function resolveLoadedAddresses(decoded: DecodedTransaction, ledger: LedgerService): { writable: Address[]; readonly: Address[] } {
  const writable: Address[] = [];
  const readonly: Address[] = [];
  for (const lookup of decoded.message.addressTableLookups) {
    const table = ledger.getAccount(lookup.accountKey.toBase58());
    const at = (i: number): Address | null => {
      const start = LOOKUP_TABLE_META_SIZE + 32 * i;
      return table && start + 32 <= table.data.length ? bs58.encode(table.data.subarray(start, start + 32)) : null;
    };
    for (const i of lookup.writableIndexes) {
      const key = at(i);
      if (key) writable.push(key);
    }
    for (const i of lookup.readonlyIndexes) {
      const key = at(i);
      if (key) readonly.push(key);
    }
  }
  return { writable, readonly };
}
