// The send flow: latest blockhash, simulation for compute usage, compute budget and tip, signing, broadcast with
// fallback, confirmation; every failure resolved into a ProcessTransactionError.
import { PublicKey, TransactionMessage, VersionedTransaction, type Connection, type Keypair } from "@solana/web3.js";
import {
  DEFAULT_EXECUTION_STRATEGY,
  broadcast,
  broadcastMethods,
  resolveBroadcastRoute,
  type BroadcastResult,
  type BroadcastType,
  type ExecutionStrategy,
} from "./broadcast.js";
import type { Clock, ConfirmationLevel } from "./confirm.js";
import {
  MESSAGES,
  ProcessTransactionError,
  ProcessTransactionErrorType,
  TransactionErrorKind,
  buildingError,
  resolveTransactionError,
  type ErrorResolutionConfig,
} from "./errors.js";
import { formatTransactions, type TransactionDraft } from "./format.js";
import { simulateDrafts, type DraftSimulation } from "./simulate.js";
import { DEFAULT_BUNDLE_TIP_LAMPORTS, TIP_ACCOUNTS, pickTipAccount } from "./tips.js";

/** Signs on behalf of the fee payer (a browser wallet, or a keypair via `keypairWallet`). */
export interface TransactionWallet {
  publicKey: PublicKey;
  signAllTransactions(transactions: VersionedTransaction[]): Promise<VersionedTransaction[]>;
}

export function keypairWallet(keypair: Keypair): TransactionWallet {
  return {
    publicKey: keypair.publicKey,
    async signAllTransactions(transactions) {
      for (const transaction of transactions) transaction.sign([keypair]);
      return transactions;
    },
  };
}

export interface TransactionSettings {
  /** Default "RPC". */
  broadcastType: BroadcastType;
  /** µlamports per compute unit for RPC broadcasts; default 1. */
  priorityFeeMicroLamports: number;
  /** The user's manual cap on each transaction's priority fee in SOL; 0 means none. */
  maxCapSol: number;
  /** Default 100,000 lamports; a bundled broadcast needs a positive tip. */
  bundleTipLamports: number;
}

export interface ProcessTransactionsOptions {
  connection: Connection;
  wallet: TransactionWallet;
  drafts: TransactionDraft[];
  /** The lending program, for error descriptions and compute estimates; other programs' ids optionally. */
  programs: ErrorResolutionConfig & { lendingProgramId: PublicKey };
  settings?: Partial<TransactionSettings>;
  strategy?: ExecutionStrategy;
  blockEngineUrl?: string;
  serverUrl?: string;
  /** Where simulateBundle is served; default the connection's endpoint. */
  bundleSimulationUrl?: string;
  /** Default "confirmed". */
  commitment?: ConfirmationLevel;
  rpcMode?: "sequential" | "parallel";
  clock?: Clock;
  tipAccounts?: readonly PublicKey[];
  /**
   * Sends only what simulated cleanly: a failed simulation throws the program's error instead of estimating compute
   * and sending anyway (a liquidator re-checks its view of the accounts this way before paying for a transaction).
   */
  requireSimulation?: boolean;
}

function unsignedDraft(draft: TransactionDraft, payer: PublicKey, blockhash: string): VersionedTransaction {
  const message = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions: draft.instructions });
  return new VersionedTransaction(message.compileToV0Message(draft.lookupTables));
}

async function latestBlockhash(connection: Connection, commitment: ConfirmationLevel): Promise<string> {
  try {
    return (await connection.getLatestBlockhashAndContext(commitment)).value.blockhash;
  } catch (error) {
    throw new ProcessTransactionError(MESSAGES.blockhash, ProcessTransactionErrorType.TransactionBuildingError, {
      kind: TransactionErrorKind.BlockhashFailure,
      cause: error,
    });
  }
}

/** Throws the first failed (or unrun) simulation as a simulation error, resolved to the program's error by its logs. */
function refuseUnlessSimulated(simulations: (DraftSimulation | null)[]): void {
  for (const simulation of simulations) {
    if (simulation === null) {
      throw new ProcessTransactionError(MESSAGES.simulationUnavailable, ProcessTransactionErrorType.SimulationError, {
        kind: TransactionErrorKind.SimulationFailure,
      });
    }
    if (simulation.err !== null) {
      throw new ProcessTransactionError(
        `Simulation failed: ${JSON.stringify(simulation.err)}`,
        ProcessTransactionErrorType.SimulationError,
        {
          kind: TransactionErrorKind.SimulationFailure,
          logs: simulation.logs,
        },
      );
    }
  }
}

/**
 * Builds, signs and sends the drafts in order. A failed pre-signing simulation only means compute units are
 * estimated instead of measured.
 */
export async function processTransactions(options: ProcessTransactionsOptions): Promise<BroadcastResult> {
  const { connection, wallet, drafts, programs } = options;
  const commitment = options.commitment ?? "confirmed";
  const strategy = options.strategy ?? DEFAULT_EXECUTION_STRATEGY;
  const settings = options.settings ?? {};
  const route = resolveBroadcastRoute(settings.broadcastType ?? "RPC", drafts.length, strategy);
  const tipLamports = settings.bundleTipLamports ?? DEFAULT_BUNDLE_TIP_LAMPORTS;
  if (route === "BUNDLE" && !(tipLamports > 0)) throw buildingError(MESSAGES.tipRequired);
  const blockhash = await latestBlockhash(connection, commitment);
  try {
    const payer = wallet.publicKey;
    const simulations = await simulateDrafts(
      connection,
      drafts.map((draft) => unsignedDraft(draft, payer, blockhash)),
      options.bundleSimulationUrl,
    );
    if (options.requireSimulation) refuseUnlessSimulated(simulations);
    const units = simulations.map((s) => (s && s.err === null ? s.unitsConsumed : undefined));
    const formatted = formatTransactions(
      drafts.map((draft, i) => ({ ...draft, unitsConsumed: draft.unitsConsumed ?? units[i] })),
      {
        payer,
        blockhash,
        lendingProgramId: programs.lendingProgramId,
        priorityFeeMicroLamports: settings.priorityFeeMicroLamports,
        maxCapSol: settings.maxCapSol,
        bundleTip: route === "BUNDLE" ? { lamports: tipLamports, account: pickTipAccount(options.tipAccounts ?? TIP_ACCOUNTS) } : undefined,
      },
    );
    for (const { transaction, signers } of formatted) if (signers.length > 0) transaction.sign(signers);
    const signed = await wallet.signAllTransactions(formatted.map((f) => f.transaction));
    const endpoints = {
      connection,
      blockEngineUrl: options.blockEngineUrl,
      serverUrl: options.serverUrl,
      commitment,
      clock: options.clock,
      rpcMode: options.rpcMode,
    };
    return await broadcast(signed, broadcastMethods(route, endpoints, strategy), endpoints);
  } catch (error) {
    throw resolveTransactionError(error, programs, "sending");
  }
}
