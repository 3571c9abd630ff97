// Simulation: one transaction through the RPC's simulateTransaction, several as a bundle through simulateBundle
// (a Jito-validator method that our ledger serves too), to learn compute usage, logs and post-execution state.
import { VersionedTransaction, type Connection, type PublicKey } from "@solana/web3.js";
import { randomBytes } from "node:crypto";
import { encodeTransaction } from "./encoding.js";
import { MESSAGES, ProcessTransactionError, ProcessTransactionErrorType, buildingError, errorLogs, errorMessage } from "./errors.js";
import { jsonRpcRequest } from "./json-rpc.js";

export interface SimulatedAccount {
  lamports: number;
  owner: string;
  data: Buffer;
  executable: boolean;
}

export interface BundleTransactionResult {
  err: unknown;
  logs: string[];
  unitsConsumed?: number;
  /** The requested accounts after this transaction, null for those that do not exist. */
  postExecutionAccounts: (SimulatedAccount | null)[] | null;
}

export interface BundleSimulation {
  /** "succeeded", or the failure the simulator reports. */
  summary: "succeeded" | { failed: { error: unknown; txSignature: string | null } };
  transactionResults: BundleTransactionResult[];
}

export interface SimulateBundleOptions {
  /** Default true: the transactions may be unsigned. */
  skipSigVerify?: boolean;
  /** Default true. */
  replaceRecentBlockhash?: boolean;
  /** Per transaction, the accounts to return after it runs (null for none). */
  postExecutionAccounts?: (PublicKey[] | null)[];
}

const ZERO_SIGNATURE = new Uint8Array(64);

/**
 * A copy whose missing signatures are random: unsigned transactions would all carry the same zero signature, which
 * a bundle simulator refuses as already processed.
 */
function withPlaceholderSignatures(transaction: VersionedTransaction): VersionedTransaction {
  const signatures = transaction.signatures.map((s) => (Buffer.from(s).equals(ZERO_SIGNATURE) ? new Uint8Array(randomBytes(64)) : s));
  return new VersionedTransaction(transaction.message, signatures);
}

interface RawAccount {
  lamports: number;
  owner: string;
  data: [string, string];
  executable: boolean;
}

interface RawBundleSimulation {
  summary: BundleSimulation["summary"];
  transactionResults: (Omit<BundleTransactionResult, "postExecutionAccounts"> & { postExecutionAccounts: (RawAccount | null)[] | null })[];
}

function decodeAccount(raw: RawAccount | null): SimulatedAccount | null {
  if (!raw) return null;
  return { lamports: raw.lamports, owner: raw.owner, data: Buffer.from(raw.data[0], "base64"), executable: raw.executable };
}

/** simulateBundle on `rpcUrl`; an HTTP or JSON-RPC failure throws a SimulationError, a failed transaction does not. */
export async function simulateBundle(
  rpcUrl: string,
  transactions: VersionedTransaction[],
  options: SimulateBundleOptions = {},
): Promise<BundleSimulation> {
  if (transactions.length === 0) throw buildingError(MESSAGES.emptyBundle);
  const skipSigVerify = options.skipSigVerify ?? true;
  const encoded = transactions.map((tx) => encodeTransaction(skipSigVerify ? withPlaceholderSignatures(tx) : tx));
  const post = options.postExecutionAccounts ?? [];
  const config = {
    skipSigVerify,
    replaceRecentBlockhash: options.replaceRecentBlockhash ?? true,
    transactionEncoding: "base64",
    preExecutionAccountsConfigs: transactions.map(() => null),
    postExecutionAccountsConfigs: transactions.map((_, i) =>
      post[i] ? { addresses: post[i]!.map((key) => key.toBase58()), encoding: "base64" } : null,
    ),
  };
  let reply: { value: RawBundleSimulation };
  try {
    reply = await jsonRpcRequest(rpcUrl, "simulateBundle", [{ encodedTransactions: encoded }, config]);
  } catch (error) {
    throw new ProcessTransactionError(errorMessage(error) ?? MESSAGES.fallthrough, ProcessTransactionErrorType.SimulationError, {
      logs: errorLogs(error),
      cause: error,
    });
  }
  return {
    summary: reply.value.summary,
    transactionResults: reply.value.transactionResults.map((result) => ({
      err: result.err,
      logs: result.logs ?? [],
      unitsConsumed: result.unitsConsumed,
      postExecutionAccounts: result.postExecutionAccounts?.map(decodeAccount) ?? null,
    })),
  };
}

/** One draft's simulation: its error (null when it succeeded), logs and compute usage; null when none could run. */
export interface DraftSimulation {
  readonly err: unknown;
  readonly logs: string[];
  readonly unitsConsumed: number | undefined;
}

/**
 * Simulates the transactions in order, signatures skipped and the blockhash replaced: one through
 * simulateTransaction, several as a bundle. A simulation that cannot run (the RPC failed, a group too large for one
 * bundle) gives null for every transaction, never an error.
 */
export async function simulateDrafts(
  connection: Connection,
  transactions: VersionedTransaction[],
  bundleSimulationUrl: string = connection.rpcEndpoint,
): Promise<(DraftSimulation | null)[]> {
  const [single, ...others] = transactions;
  if (single !== undefined && others.length === 0) {
    try {
      const { value } = await connection.simulateTransaction(single, { sigVerify: false, replaceRecentBlockhash: true });
      return [{ err: value.err, logs: value.logs ?? [], unitsConsumed: value.unitsConsumed }];
    } catch {
      return [null];
    }
  }
  try {
    const simulation = await simulateBundle(bundleSimulationUrl, transactions);
    return transactions.map((_, i) => {
      const result = simulation.transactionResults[i];
      return result ? { err: result.err, logs: result.logs, unitsConsumed: result.unitsConsumed } : null;
    });
  } catch {
    return transactions.map(() => null);
  }
}

/** Compute units each transaction used in simulation; undefined where it failed or could not run. */
export async function simulateComputeUnits(
  connection: Connection,
  transactions: VersionedTransaction[],
  bundleSimulationUrl?: string,
): Promise<(number | undefined)[]> {
  const outcomes = await simulateDrafts(connection, transactions, bundleSimulationUrl);
  return outcomes.map((outcome) => (outcome && outcome.err === null ? outcome.unitsConsumed : undefined));
}
