// Simulating, sending and bundling the client's signed transactions on the ledger. A transaction that fails is an
// answer (success false, the program error resolved to its description by the SDK); only a ledger that cannot be
// reached is an upstream error.
import { PublicKey, VersionedTransaction, type Connection } from "@solana/web3.js";
import bs58 from "bs58";
import {
  JsonRpcError,
  MESSAGES,
  ProcessTransactionError,
  confirmBundle,
  confirmSignature,
  errorMessage,
  isAlreadyProcessed,
  jsonRpcRequest,
  resolveTransactionError,
  simulateBundle,
  type BundleFailureDetails,
  type ErrorResolutionConfig,
  type PollSchedule,
  type SendBundleReply,
  type SendFailureDetails,
  type SendReply,
  type SimulatedTransaction,
  type SimulationFailureDetails,
  type TransactionFailure,
} from "@ballast/sdk";
import { upstreamError } from "../errors.js";

/** One call takes at most five transactions: the block engine's bundle size, and the health simulation's limit. */
export const MAX_TRANSACTIONS = 5;
/** The network's packet size: no valid transaction is larger. */
export const MAX_TRANSACTION_BYTES = 1232;
/** Base64 length of the largest transaction. */
export const MAX_ENCODED_TRANSACTION_LENGTH = Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4;

/** Each sent transaction is confirmed before the next: polled every 500 ms for up to 20 s. */
export const SEND_CONFIRMATION: PollSchedule = { attempts: 40, intervalMs: 500, timeoutMs: 20_000 };
/** A bundle must reach 'confirmed' within 10 polls 500 ms apart. */
export const BUNDLE_CONFIRMATION: PollSchedule = { attempts: 10, intervalMs: 500 };

export interface WireTransaction {
  /** As the client sent it: standard base64 of the serialized transaction. */
  readonly base64: string;
  readonly transaction: VersionedTransaction;
  /** The fee payer's signature, base58: the transaction's id. */
  readonly signature: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The transaction, or why the text is not one. */
export function decodeWireTransaction(base64: string): WireTransaction | string {
  if (base64.length === 0 || !BASE64.test(base64)) return "not base64";
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > MAX_TRANSACTION_BYTES) return `larger than ${MAX_TRANSACTION_BYTES} bytes`;
  let transaction: VersionedTransaction;
  try {
    transaction = VersionedTransaction.deserialize(bytes);
    // Trailing bytes or a non-canonical encoding would be dropped by deserialization; the ledger would refuse them.
    if (!Buffer.from(transaction.serialize()).equals(bytes)) return "not a serialized transaction";
  } catch {
    return "not a serialized transaction";
  }
  const [signature] = transaction.signatures;
  if (!signature) return "the transaction has no signatures";
  return { base64, transaction, signature: bs58.encode(signature) };
}

/** An HTTP, transport or reply-format failure rather than the ledger's answer about the transactions. */
function unreachable(error: unknown): boolean {
  if (error instanceof JsonRpcError) return false;
  // The SDK's own verdicts (a landed failure, a timeout) carry no cause; a wrapped failure is judged by its cause.
  if (error instanceof ProcessTransactionError) return error.cause !== undefined && !(error.cause instanceof JsonRpcError);
  return true;
}

function ledgerUnreachable(error: unknown, details?: unknown) {
  return upstreamError(`The ledger could not be reached: ${errorMessage(error) ?? MESSAGES.unknownError}`, details);
}

/** The resolved error's facts a client may act on. */
function errorFacts(error: ProcessTransactionError) {
  return { logs: error.logs ?? [], programId: error.programId ?? null, code: error.code ?? null };
}

// ---- simulation ---------------------------------------------------------------------------------------------

export interface SimulationConfig {
  /** Simulate without checking signatures (the transactions may be unsigned). */
  skipSigVerify: boolean;
  replaceRecentBlockhash: boolean;
  /** A bank whose account to return as the last transaction leaves it. */
  bank: string | null;
}

export interface SimulationSuccess {
  success: true;
  transactions: SimulatedTransaction[];
  /** The bank account's data after the last transaction; null when not asked for or when it no longer exists. */
  bankData: Buffer | null;
}

interface RawSimulation {
  value: { err: unknown; logs: string[] | null; unitsConsumed?: number; accounts: ({ data: [string, string] } | null)[] | null };
}

interface TransactionOutcome {
  err: unknown;
  logs: string[];
  unitsConsumed: number;
}

function simulationFailure(
  results: TransactionOutcome[],
  resolution: ErrorResolutionConfig,
): TransactionFailure<SimulationFailureDetails> | null {
  const failedIndex = results.findIndex((r) => r.err !== null);
  const failed = results[failedIndex];
  if (!failed) return null;
  const resolved = resolveTransactionError(
    { message: `Simulation failed: ${JSON.stringify(failed.err)}`, logs: failed.logs },
    resolution,
    "simulation",
  );
  return {
    success: false,
    error: resolved.message,
    errorType: "simulation",
    details: { failedIndex, err: failed.err, unitsConsumed: failed.unitsConsumed, ...errorFacts(resolved) },
  };
}

/** One transaction through simulateTransaction, several as a bundle through simulateBundle. */
export async function simulateTransactions(
  rpcUrl: string,
  transactions: readonly WireTransaction[],
  config: SimulationConfig,
  resolution: ErrorResolutionConfig,
): Promise<SimulationSuccess | TransactionFailure<SimulationFailureDetails>> {
  let results: TransactionOutcome[];
  let bankData: Buffer | null = null;
  try {
    const [only] = transactions;
    if (only && transactions.length === 1) {
      const { value } = await jsonRpcRequest<RawSimulation>(rpcUrl, "simulateTransaction", [
        only.base64,
        {
          encoding: "base64",
          commitment: "confirmed",
          sigVerify: !config.skipSigVerify,
          replaceRecentBlockhash: config.replaceRecentBlockhash,
          ...(config.bank === null ? {} : { accounts: { encoding: "base64", addresses: [config.bank] } }),
        },
      ]);
      results = [{ err: value.err, logs: value.logs ?? [], unitsConsumed: Number(value.unitsConsumed ?? 0) }];
      const account = value.accounts?.[0];
      if (account) bankData = Buffer.from(account.data[0], "base64");
    } else {
      const last = transactions.length - 1;
      const bank = config.bank;
      const simulation = await simulateBundle(
        rpcUrl,
        transactions.map((t) => t.transaction),
        {
          skipSigVerify: config.skipSigVerify,
          replaceRecentBlockhash: config.replaceRecentBlockhash,
          postExecutionAccounts: bank === null ? undefined : transactions.map((_, i) => (i === last ? [new PublicKey(bank)] : null)),
        },
      );
      results = simulation.transactionResults.map((r) => ({ err: r.err, logs: r.logs, unitsConsumed: Number(r.unitsConsumed ?? 0) }));
      const account = simulation.transactionResults[last]?.postExecutionAccounts?.[0];
      if (account) bankData = account.data;
    }
  } catch (error) {
    if (unreachable(error)) throw ledgerUnreachable(error);
    // The ledger refused the request as a whole (e.g. a signature that does not verify): which transaction it
    // objected to is only known when there is one.
    const resolved = resolveTransactionError(error, resolution, "simulation");
    const failedIndex = transactions.length === 1 ? 0 : null;
    return { success: false, error: resolved.message, errorType: "simulation", details: { failedIndex, ...errorFacts(resolved) } };
  }
  return (
    simulationFailure(results, resolution) ?? {
      success: true,
      transactions: results.map(({ unitsConsumed, logs }) => ({ unitsConsumed, logs })),
      bankData,
    }
  );
}

// ---- sending --------------------------------------------------------------------------------------------------

/**
 * Sends the transactions in order, each confirmed at 'confirmed' before the next goes out. One the ledger already
 * processed counts as sent, so a client may retry the whole list after a partial failure.
 */
export async function sendTransactions(
  rpcUrl: string,
  connection: Connection,
  transactions: readonly WireTransaction[],
  options: { skipPreflight: boolean },
  resolution: ErrorResolutionConfig,
): Promise<SendReply> {
  const landed: string[] = [];
  for (const [i, { base64, signature }] of transactions.entries()) {
    const failure = (error: unknown): TransactionFailure<SendFailureDetails> => {
      const resolved = resolveTransactionError(error, resolution, "sending");
      return {
        success: false,
        error: resolved.message,
        errorType: "sending",
        details: { signaturesLanded: [...landed], failedIndex: i, ...errorFacts(resolved) },
      };
    };
    try {
      await jsonRpcRequest(rpcUrl, "sendTransaction", [
        base64,
        { encoding: "base64", skipPreflight: options.skipPreflight, preflightCommitment: "confirmed" },
      ]);
    } catch (error) {
      if (unreachable(error)) throw ledgerUnreachable(error, { signaturesLanded: landed, failedIndex: i });
      if (!isAlreadyProcessed(error)) return failure(error);
    }
    try {
      await confirmSignature(connection, signature, { commitment: "confirmed", schedule: SEND_CONFIRMATION });
    } catch (error) {
      if (unreachable(error)) throw ledgerUnreachable(error, { signaturesLanded: landed, failedIndex: i });
      return failure(error);
    }
    landed.push(signature);
  }
  return { success: true, data: landed };
}

// ---- bundles --------------------------------------------------------------------------------------------------

/** The block engine's JSON-RPC endpoint beside the ledger's. */
export function blockEngineUrl(rpcUrl: string): string {
  return `${rpcUrl.replace(/\/+$/, "")}/api/v1/bundles`;
}

/** sendBundle to the block engine, then its status polled until the bundle is confirmed or failed. */
export async function sendBundle(
  rpcUrl: string,
  transactions: readonly WireTransaction[],
  resolution: ErrorResolutionConfig,
): Promise<SendBundleReply> {
  const url = blockEngineUrl(rpcUrl);
  const failure = (error: unknown, bundleId: string | null): TransactionFailure<BundleFailureDetails> => {
    const resolved = resolveTransactionError(error, resolution, "sending");
    return {
      success: false,
      error: `API bundle failed: ${resolved.message}`,
      errorType: "sending",
      details: { bundleId, ...errorFacts(resolved) },
    };
  };
  let bundleId: unknown;
  try {
    bundleId = await jsonRpcRequest(url, "sendBundle", [transactions.map((t) => t.base64), { encoding: "base64" }]);
  } catch (error) {
    if (unreachable(error)) throw ledgerUnreachable(error);
    return failure(error, null);
  }
  if (typeof bundleId !== "string" || bundleId.length === 0) return failure(MESSAGES.unknownError, null);
  try {
    await confirmBundle(url, bundleId, { commitment: "confirmed", schedule: BUNDLE_CONFIRMATION });
  } catch (error) {
    if (unreachable(error)) throw ledgerUnreachable(error, { bundleId });
    return failure(error, bundleId);
  }
  return { success: true, data: bundleId };
}
