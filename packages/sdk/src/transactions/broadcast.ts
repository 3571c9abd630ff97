// Broadcasting signed transactions: over RPC, as a bundle through the block engine's JSON-RPC API or through
// the app server's send-bundle route, trying the configured methods in order until one succeeds.
import type { Connection, VersionedTransaction } from "@solana/web3.js";
import {
  BUNDLE_LANDING,
  bundleFailed,
  confirmBundle,
  confirmSignature,
  fetchBundleStatus,
  poll,
  systemClock,
  type Clock,
  type ConfirmationLevel,
} from "./confirm.js";
import { MESSAGES, ProcessTransactionError, ProcessTransactionErrorType, errorLogs, errorMessage } from "./errors.js";
import { jsonRpcRequest } from "./json-rpc.js";
import { postTransactionSendBundle } from "./server-api.js";
import { encodeTransaction, serializeTransaction, signatureOf } from "./encoding.js";
import { BallastSdkError } from "../errors.js";

export type BroadcastType = "RPC" | "BUNDLE" | "DYNAMIC";
export type BroadcastRoute = "RPC" | "BUNDLE";
/**
 * GRPC_BUNDLE: the app server's send-bundle route. API_BUNDLE: the block engine's JSON-RPC. RPC_BUNDLE: the group
 * over RPC, sequential unless `rpcMode` is "parallel". RPC_SEQUENTIAL: over RPC one at a time, each confirmed
 * before the next; as the last fallback it resumes after whatever already landed, since resending a landed
 * transaction counts as success.
 */
export type BroadcastMethod = "GRPC_BUNDLE" | "API_BUNDLE" | "RPC_BUNDLE" | "RPC_SEQUENTIAL";

export interface ExecutionStrategy {
  /** The route DYNAMIC takes for one transaction. */
  singleTx: BroadcastRoute;
  /** The route DYNAMIC takes for several. */
  multiTx: BroadcastRoute;
  fallbackSequence: BroadcastMethod[];
}

export const DEFAULT_EXECUTION_STRATEGY: ExecutionStrategy = {
  singleTx: "RPC",
  multiTx: "RPC",
  fallbackSequence: ["GRPC_BUNDLE", "API_BUNDLE", "RPC_BUNDLE", "RPC_SEQUENTIAL"],
};

const METHOD_ROUTE: Record<BroadcastMethod, BroadcastRoute> = {
  GRPC_BUNDLE: "BUNDLE",
  API_BUNDLE: "BUNDLE",
  RPC_BUNDLE: "RPC",
  RPC_SEQUENTIAL: "RPC",
};

/** DYNAMIC picks the strategy's route by transaction count (RPC either way by default). */
export function resolveBroadcastRoute(
  type: BroadcastType,
  transactionCount: number,
  strategy = DEFAULT_EXECUTION_STRATEGY,
): BroadcastRoute {
  if (type !== "DYNAMIC") return type;
  return transactionCount > 1 ? strategy.multiTx : strategy.singleTx;
}

export interface BroadcastEndpoints {
  connection: Connection;
  /** The block engine's JSON-RPC endpoint (sendBundle, getBundleStatuses); on our ledger `${rpcUrl}/api/v1/bundles`. */
  blockEngineUrl?: string;
  /** The app server, for its /api/transaction/send-bundle route. */
  serverUrl?: string;
  /** Default "confirmed". */
  commitment?: ConfirmationLevel;
  clock?: Clock;
  /** How RPC_BUNDLE sends: each confirmed before the next (default), or all sent then all confirmed. */
  rpcMode?: "sequential" | "parallel";
}

/** The fallback sequence's methods for the route, without those whose endpoint is not configured. */
export function broadcastMethods(
  route: BroadcastRoute,
  endpoints: BroadcastEndpoints,
  strategy = DEFAULT_EXECUTION_STRATEGY,
): BroadcastMethod[] {
  return strategy.fallbackSequence.filter((method) => {
    if (METHOD_ROUTE[method] !== route) return false;
    if (method === "GRPC_BUNDLE") return !!endpoints.serverUrl;
    if (method === "API_BUNDLE") return !!endpoints.blockEngineUrl;
    return true;
  });
}

export interface BroadcastAttempt {
  method: BroadcastMethod;
  error: unknown;
}

export interface BroadcastResult {
  method: BroadcastMethod;
  signatures: string[];
  bundleId?: string;
  /** Methods tried before the one that succeeded. */
  failedAttempts: BroadcastAttempt[];
}

export function isAlreadyProcessed(error: unknown): boolean {
  return /already (been )?processed/i.test(errorMessage(error) ?? "");
}

/** web3.js's response validation failing: the request went out, so the transaction may have landed. */
function isUnionValidationFailure(error: unknown): boolean {
  return /satisfy a union/i.test(errorMessage(error) ?? "");
}

function possiblyLanded(type: ProcessTransactionErrorType, cause: unknown): ProcessTransactionError {
  return new ProcessTransactionError(MESSAGES.possiblyLanded, type, { possiblyLanded: true, cause });
}

async function sendOverRpc(transaction: VersionedTransaction, endpoints: BroadcastEndpoints): Promise<string> {
  const signature = signatureOf(transaction);
  try {
    await endpoints.connection.sendRawTransaction(serializeTransaction(transaction), {
      preflightCommitment: endpoints.commitment ?? "confirmed",
    });
  } catch (error) {
    // Landed through an earlier attempt: what matters now is its confirmation.
    if (!isAlreadyProcessed(error)) throw error;
  }
  return signature;
}

function confirm(signature: string, endpoints: BroadcastEndpoints): Promise<void> {
  return confirmSignature(endpoints.connection, signature, { commitment: endpoints.commitment, clock: endpoints.clock });
}

async function confirmAll(signatures: string[], endpoints: BroadcastEndpoints): Promise<void> {
  for (const signature of signatures) await confirm(signature, endpoints);
}

async function sendSequentially(transactions: VersionedTransaction[], endpoints: BroadcastEndpoints): Promise<string[]> {
  const signatures: string[] = [];
  try {
    for (const transaction of transactions) {
      const signature = await sendOverRpc(transaction, endpoints);
      await confirm(signature, endpoints);
      signatures.push(signature);
    }
  } catch (error) {
    if (isUnionValidationFailure(error)) throw possiblyLanded(ProcessTransactionErrorType.TransactionSendingError, error);
    throw error;
  }
  return signatures;
}

async function sendInParallel(transactions: VersionedTransaction[], endpoints: BroadcastEndpoints): Promise<string[]> {
  try {
    const signatures: string[] = [];
    for (const transaction of transactions) signatures.push(await sendOverRpc(transaction, endpoints));
    await Promise.all(signatures.map((signature) => confirm(signature, endpoints)));
    return signatures;
  } catch (error) {
    if (isUnionValidationFailure(error)) throw possiblyLanded(ProcessTransactionErrorType.TransactionTupleError, error);
    throw error;
  }
}

/** "API bundle failed: …" / "GRPC bundle failed: …"; a timeout stays a TimeoutError. */
function bundleFailure(route: "API" | "GRPC", error: unknown): ProcessTransactionError {
  const timedOut = error instanceof ProcessTransactionError && error.type === ProcessTransactionErrorType.TimeoutError;
  return new ProcessTransactionError(
    `${route} bundle failed: ${errorMessage(error) ?? MESSAGES.unknownError}`,
    timedOut ? ProcessTransactionErrorType.TimeoutError : ProcessTransactionErrorType.TransactionSendingError,
    { logs: errorLogs(error), cause: error },
  );
}

interface Sent {
  signatures: string[];
  bundleId?: string;
}

/** sendBundle to the block engine, wait 500 ms, poll for landing (10 × 1 s), then confirm (5 × 2 s within 20 s). */
async function landApiBundle(transactions: VersionedTransaction[], endpoints: BroadcastEndpoints): Promise<Sent> {
  const url = endpoints.blockEngineUrl!;
  const signatures = transactions.map(signatureOf);
  let bundleId: unknown;
  try {
    bundleId = await jsonRpcRequest(url, "sendBundle", [transactions.map(encodeTransaction), { encoding: "base64" }]);
  } catch (error) {
    if (!isAlreadyProcessed(error)) throw error;
    await confirmAll(signatures, endpoints);
    return { signatures };
  }
  if (typeof bundleId !== "string" || bundleId.length === 0) throw new BallastSdkError("BUNDLE_UNKNOWN_ERROR");
  const id = bundleId;
  const clock = endpoints.clock ?? systemClock;
  await poll(
    async () => {
      const status = await fetchBundleStatus(url, id);
      if (status && bundleFailed(status)) throw new BallastSdkError("BUNDLE_FAILED", { bundleId: id });
      return status ?? undefined;
    },
    BUNDLE_LANDING,
    clock,
  );
  await confirmBundle(url, id, { commitment: endpoints.commitment, clock });
  return { signatures, bundleId: id };
}

/** The app server's send-bundle route, then each signature confirmed over RPC. */
async function landServerBundle(transactions: VersionedTransaction[], endpoints: BroadcastEndpoints): Promise<Sent> {
  const signatures = transactions.map(signatureOf);
  const reply = await postTransactionSendBundle(endpoints.serverUrl!, transactions);
  if (!reply.success && !isAlreadyProcessed(reply.error)) {
    // The route's details carry the failed transaction's logs: the program error in them is what the user is told.
    throw Object.assign(
      reply.error ? new BallastSdkError("BUNDLE_REFUSED", { reason: reply.error }) : new BallastSdkError("BUNDLE_UNKNOWN_ERROR"),
      { logs: errorLogs(reply.details) },
    );
  }
  if (reply.success && !reply.data) throw new BallastSdkError("BUNDLE_UNKNOWN_ERROR");
  await confirmAll(signatures, endpoints);
  return { signatures, bundleId: reply.data };
}

function send(method: BroadcastMethod, transactions: VersionedTransaction[], endpoints: BroadcastEndpoints): Promise<Sent> {
  switch (method) {
    case "GRPC_BUNDLE":
      return landServerBundle(transactions, endpoints).catch((error) => Promise.reject(bundleFailure("GRPC", error)));
    case "API_BUNDLE":
      return landApiBundle(transactions, endpoints).catch((error) => Promise.reject(bundleFailure("API", error)));
    case "RPC_BUNDLE":
      return (endpoints.rpcMode === "parallel" ? sendInParallel : sendSequentially)(transactions, endpoints).then((signatures) => ({
        signatures,
      }));
    case "RPC_SEQUENTIAL":
      return sendSequentially(transactions, endpoints).then((signatures) => ({ signatures }));
  }
}

/**
 * Tries each method in order and returns at the first success. A failure that may have landed ends the sequence
 * at once (resending could act twice); otherwise the last failure is thrown.
 */
export async function broadcast(
  transactions: VersionedTransaction[],
  methods: BroadcastMethod[],
  endpoints: BroadcastEndpoints,
): Promise<BroadcastResult> {
  const failedAttempts: BroadcastAttempt[] = [];
  for (const method of methods) {
    try {
      const sent = await send(method, transactions, endpoints);
      return { method, ...sent, failedAttempts };
    } catch (error) {
      if (error instanceof ProcessTransactionError && error.possiblyLanded) throw error;
      failedAttempts.push({ method, error });
    }
  }
  const lastAttempt = failedAttempts.at(-1);
  // No attempt at all means no method was configured.
  if (lastAttempt === undefined) {
    throw new ProcessTransactionError(MESSAGES.noBroadcastMethod, ProcessTransactionErrorType.TransactionSendingError);
  }
  throw lastAttempt.error;
}
