import type { Account, Address } from "../../account.js";
import type { SimulationResult } from "../../service.js";
import { accountEncoding, encodeAccount, type AccountEncodingOptions } from "../accounts.js";
import { decodeBase64, decodeBinary, type BinaryEncoding } from "../binary.js";
import { lookupOf, withContext, type MethodTable, type RpcContext } from "../context.js";
import { invalidParams } from "../errors.js";
import {
  array,
  capped,
  config,
  contextConfig,
  isAbsent,
  optionalBoolean,
  positional,
  pubkey,
  signature,
  string,
  u64,
  usize,
  variant,
  type CommitmentLevel,
} from "../params.js";
import {
  TRANSACTION_ENCODINGS,
  allKeys,
  decodeWire,
  encodeReturnData,
  encodeTransactionRecord,
  extractMemo,
  parsedInner,
  resolveLoadedAddresses,
  type TransactionEncoding,
} from "../transaction.js";

/** Sending, simulating and looking up transactions. */

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

/** sendTransaction / simulateTransaction accept base58 (the default) and base64 wire text. */
export function wireEncoding(value: unknown): BinaryEncoding {
  if (isAbsent(value)) return "base58";
  const encoding = variant(value, TRANSACTION_ENCODINGS);
  if (encoding === "binary" || encoding === "base58") return "base58";
  if (encoding === "base64") return "base64";
  throw invalidParams(`unsupported encoding: ${encoding}. Supported encodings: base58, base64`);
}

function atLeastConfirmed(level: CommitmentLevel | null): void {
  if (level === "processed") throw invalidParams("Method does not support commitment below `confirmed`");
}

/**
 * `accounts: { addresses, encoding }` of simulateTransaction, in Solana's order of checks: base58 is refused, then
 * more addresses than the transaction has account keys, then each address is parsed.
 */
function simulationAccounts(value: unknown, wire: Buffer): { addresses: Address[]; options: AccountEncodingOptions } | null {
  if (isAbsent(value)) return null;
  const cfg = config(value, "RpcSimulateTransactionAccountsConfig");
  const encoding = accountEncoding(cfg.encoding, "base64");
  if (encoding === "binary" || encoding === "base58") throw invalidParams("base58 encoding not supported");
  const addresses = array(cfg.addresses);
  const keys = accountKeyCount(wire);
  if (keys !== null && addresses.length > keys) throw invalidParams(`Too many accounts provided; max ${keys}`);
  return { addresses: addresses.map(pubkey), options: { encoding, dataSlice: null } };
}

/**
 * The account keys a transaction names: its static keys and those it loads from lookup tables. Null when the bytes
 * are not a transaction, which the ledger then refuses in Solana's words.
 */
function accountKeyCount(wire: Buffer): number | null {
  let decoded: ReturnType<typeof decodeWire>;
  try {
    decoded = decodeWire(wire);
  } catch {
    return null;
  }
  const loaded = decoded.message.addressTableLookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  return decoded.staticKeys.length + loaded;
}

function encodeAccounts(ctx: RpcContext, accounts: (Account | null)[] | null, options: AccountEncodingOptions | undefined) {
  if (!accounts || !options) return null;
  const lookup = lookupOf(ctx.ledger);
  return accounts.map((account) => (account ? encodeAccount(account, options, ctx.parseAccount, lookup) : null));
}

function simulationValue(
  ctx: RpcContext,
  wire: Buffer,
  result: SimulationResult,
  accountOptions: AccountEncodingOptions | undefined,
  withInner: boolean,
) {
  let innerInstructions: unknown = null;
  if (withInner) {
    const decoded = decodeWire(wire);
    innerInstructions = parsedInner(result.innerInstructions, allKeys(decoded, resolveLoadedAddresses(decoded, ctx.ledger)));
  }
  return {
    err: result.err,
    logs: result.logs,
    accounts: encodeAccounts(ctx, result.accounts, accountOptions),
    unitsConsumed: result.unitsConsumed,
    returnData: encodeReturnData(result.returnData),
    innerInstructions,
    replacementBlockhash: result.replacementBlockhash && {
      blockhash: result.replacementBlockhash.blockhash,
      lastValidBlockHeight: result.replacementBlockhash.lastValidBlockHeight,
    },
    loadedAccountsDataSize: result.loadedAccountsDataSize,
    fee: result.fee,
    preBalances: result.preBalances,
    postBalances: result.postBalances,
  };
}

export const transactionMethods: MethodTable = {
  async sendTransaction(params, { ledger }) {
    const [encoded, cfgValue] = positional(params, 1, 2);
    const text = string(encoded);
    const cfg = config(cfgValue, "RpcSendTransactionConfig");
    const wire = decodeBinary(text, wireEncoding(cfg.encoding));
    const skipPreflight = optionalBoolean(cfg.skipPreflight, false);
    if (!isAbsent(cfg.maxRetries)) usize(cfg.maxRetries);
    contextConfig({ commitment: cfg.preflightCommitment, minContextSlot: cfg.minContextSlot }, ledger);
    return ledger.sendTransaction(wire, { skipPreflight });
  },

  simulateTransaction(params, ctx) {
    const [encoded, cfgValue] = positional(params, 1, 2);
    const text = string(encoded);
    const cfg = config(cfgValue, "RpcSimulateTransactionConfig");
    const wire = decodeBinary(text, wireEncoding(cfg.encoding));
    const sigVerify = optionalBoolean(cfg.sigVerify, false);
    const replaceRecentBlockhash = optionalBoolean(cfg.replaceRecentBlockhash, false);
    if (sigVerify && replaceRecentBlockhash) throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
    const accounts = simulationAccounts(cfg.accounts, wire);
    const withInner = optionalBoolean(cfg.innerInstructions, false);
    contextConfig(cfg, ctx.ledger);
    const result = ctx.ledger.simulateTransaction(wire, { sigVerify, replaceRecentBlockhash, accounts: accounts?.addresses ?? null });
    return withContext(ctx.ledger, simulationValue(ctx, wire, result, accounts?.options, withInner));
  },

  getFeeForMessage(params, { ledger }) {
    const [encoded, cfg] = positional(params, 1, 2);
    const message = decodeBase64(string(encoded));
    contextConfig(config(cfg, "RpcContextConfig"), ledger);
    return withContext(ledger, ledger.feeForMessage(message));
  },

  getSignatureStatuses(params, { ledger }) {
    const [signatures, cfgValue] = positional(params, 1, 2);
    const list = capped(signatures, MAX_SIGNATURE_STATUSES).map(signature);
    const cfg = config(cfgValue, "RpcSignatureStatusConfig");
    const search = optionalBoolean(cfg.searchTransactionHistory, false);
    return withContext(
      ledger,
      list.map((sig) => {
        const status = ledger.signatureStatus(sig, search);
        if (!status) return null;
        return {
          slot: status.slot,
          confirmations: status.confirmations,
          err: status.err,
          status: status.err === null ? { Ok: null } : { Err: status.err },
          confirmationStatus: status.confirmationStatus,
        };
      }),
    );
  },

  getTransaction(params, { ledger }) {
    const [sigValue, cfgValue] = positional(params, 1, 2);
    const sig = signature(sigValue);
    // The second param is either an encoding (the old form) or a config object.
    const cfg = typeof cfgValue === "string" ? { encoding: cfgValue } : config(cfgValue, "RpcTransactionConfig");
    const encoding: TransactionEncoding = isAbsent(cfg.encoding) ? "json" : variant(cfg.encoding, TRANSACTION_ENCODINGS);
    const maxVersion = isAbsent(cfg.maxSupportedTransactionVersion) ? null : usize(cfg.maxSupportedTransactionVersion);
    atLeastConfirmed(contextConfig(cfg, ledger));
    const record = ledger.getTransaction(sig);
    return record ? encodeTransactionRecord(record, encoding, maxVersion) : null;
  },

  getSignaturesForAddress(params, { ledger }) {
    const [address, cfgValue] = positional(params, 1, 2);
    const key = pubkey(address);
    const cfg = config(cfgValue, "RpcSignaturesForAddressConfig");
    const limit = isAbsent(cfg.limit) ? MAX_SIGNATURES_FOR_ADDRESS : usize(cfg.limit);
    if (limit === 0 || limit > MAX_SIGNATURES_FOR_ADDRESS) throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
    const before = isAbsent(cfg.before) ? null : signature(cfg.before);
    const until = isAbsent(cfg.until) ? null : signature(cfg.until);
    atLeastConfirmed(contextConfig(cfg, ledger));
    return ledger.signaturesForAddress(key, { before, until, limit }).map((record) => ({
      signature: record.signature,
      slot: record.slot,
      err: record.meta.err,
      memo: extractMemo(record.wire),
      blockTime: record.blockTime,
      confirmationStatus: ledger.signatureStatus(record.signature, false)?.confirmationStatus ?? "finalized",
    }));
  },

  requestAirdrop(params, { ledger }) {
    const [address, lamports, cfg] = positional(params, 2, 3);
    const key = pubkey(address);
    const amount = u64(lamports);
    contextConfig(config(cfg, "RpcRequestAirdropConfig"), ledger);
    return ledger.requestAirdrop(key, amount);
  },
};
