// Simulating, sending and bundling signed transactions (spec §7): POST /api/transaction/simulate, /send and
// /send-bundle. A transaction that fails is the ledger's answer, not a server failure: 200 with success false.
import type { BankDto } from "../state/bank-dto.js";
import type { SendRouteConfig, SimulateRouteConfig } from "../transactions/server-api.js";

/** POST /api/transaction/simulate's body: one transaction alone, several (at most 5) as a bundle. */
export interface SimulateRequest {
  /** Serialized transactions, base64, in execution order. */
  readonly transactions: readonly string[];
  readonly config?: SimulateRouteConfig;
}

/** POST /api/transaction/send's and /send-bundle's body. */
export interface SendRequest {
  /** Serialized signed transactions, base64, in execution order (at most 5). */
  readonly transactions: readonly string[];
  readonly config?: SendRouteConfig;
}

/** The facts of a resolved transaction error a client may act on. */
export interface TransactionErrorFacts {
  readonly logs: readonly string[];
  /** The program whose error it is, when the logs name one. */
  readonly programId: string | null;
  /** The program's error code (e.g. 6009). */
  readonly code: number | null;
}

/** A failed simulation: which transaction failed (null when the ledger refused a bundle as a whole) and why. */
export interface SimulationFailureDetails extends TransactionErrorFacts {
  readonly failedIndex: number | null;
  /** The ledger's transaction error, when a transaction ran and failed. */
  readonly err?: unknown;
  /** Compute units the failed transaction consumed, when it ran. */
  readonly unitsConsumed?: number;
}

/** A failed send: the signatures confirmed before it, in order, and the failing transaction's index. */
export interface SendFailureDetails extends TransactionErrorFacts {
  readonly signaturesLanded: readonly string[];
  readonly failedIndex: number;
}

/** A failed bundle: its id, null when the block engine did not accept it. */
export interface BundleFailureDetails extends TransactionErrorFacts {
  readonly bundleId: string | null;
}

export interface TransactionFailure<Details> {
  readonly success: false;
  /** The program error's description ("API bundle failed: …" for bundles). */
  readonly error: string;
  readonly errorType: "simulation" | "sending";
  readonly details: Details;
}

export interface SimulatedTransaction {
  readonly unitsConsumed: number;
  readonly logs: readonly string[];
}

export interface SimulationData {
  /** Compute units of all the transactions together. */
  readonly unitsConsumed: number;
  /** Every transaction's logs, in order. */
  readonly logs: readonly string[];
  readonly transactions: readonly SimulatedTransaction[];
  /**
   * With config.simulationBank: that bank as the last transaction leaves it, with the listed bank's off-chain facts;
   * null when it no longer exists or is left in a state the app does not decode.
   */
  readonly simulationBank?: BankDto | null;
}

/** POST /api/transaction/simulate's reply. */
export type SimulateReply = { readonly success: true; readonly data: SimulationData } | TransactionFailure<SimulationFailureDetails>;

/** POST /api/transaction/send's reply: the signatures, in order, each confirmed. One already processed counts as sent. */
export type SendReply = { readonly success: true; readonly data: readonly string[] } | TransactionFailure<SendFailureDetails>;

/** POST /api/transaction/send-bundle's reply: the bundle id, once the bundle is confirmed. */
export type SendBundleReply = { readonly success: true; readonly data: string } | TransactionFailure<BundleFailureDetails>;
