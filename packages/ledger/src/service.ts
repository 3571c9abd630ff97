import type { EventEmitter } from "node:events";
import type { Account, Address } from "./account.js";
import type { TransactionErrorValue } from "./errors.js";

/**
 * What the ledger offers its front ends (JSON-RPC, websocket, bundles, in-process callers).
 * Numbers that are u64 on Solana are bigint here; the RPC layer writes them as exact JSON integers.
 */
export type Commitment = "processed" | "confirmed" | "finalized";

export interface BlockhashInfo {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface TokenBalance {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  uiTokenAmount: UiTokenAmount;
}

export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  /** base58, as Solana's "json" encoding writes it */
  data: string;
  stackHeight: number;
}

export interface ReturnData {
  programId: Address;
  data: Buffer;
}

export interface TransactionMeta {
  err: TransactionErrorValue | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  innerInstructions: { index: number; instructions: CompiledInnerInstruction[] }[];
  loadedAddresses: { writable: Address[]; readonly: Address[] };
  returnData: ReturnData | null;
  computeUnitsConsumed: bigint;
}

/** A transaction that landed in a slot (succeeded, or failed after its fee was charged). */
export interface TransactionRecord {
  signature: string;
  slot: bigint;
  /** unix seconds */
  blockTime: number;
  /** The transaction exactly as it was sent (wire format). */
  wire: Buffer;
  version: "legacy" | 0;
  meta: TransactionMeta;
  /** Position in the ledger's total order of landed transactions. */
  seq: number;
}

export interface SimulationResult {
  err: TransactionErrorValue | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: ReturnData | null;
  /** Post-execution state of the addresses asked for (null where the account does not exist). */
  accounts: (Account | null)[] | null;
  innerInstructions: { index: number; instructions: CompiledInnerInstruction[] }[];
  /** The blockhash the simulation ran with when replaceRecentBlockhash was asked for. */
  replacementBlockhash: BlockhashInfo | null;
  loadedAccountsDataSize: number;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
}

export interface SignatureStatus {
  slot: bigint;
  confirmations: number | null;
  err: TransactionErrorValue | null;
  confirmationStatus: Commitment;
}

export interface EpochInfo {
  absoluteSlot: bigint;
  blockHeight: bigint;
  epoch: bigint;
  slotIndex: bigint;
  slotsInEpoch: bigint;
  transactionCount: bigint;
}

export interface PerformanceSample {
  slot: bigint;
  numTransactions: bigint;
  numNonVoteTransactions: bigint;
  numSlots: bigint;
  samplePeriodSecs: number;
}

export interface PrioritizationFee {
  slot: bigint;
  prioritizationFee: bigint;
}

export interface BundleStatus {
  bundleId: string;
  transactions: string[];
  slot: bigint;
  confirmationStatus: Commitment;
  err: { Ok: null } | { Err: TransactionErrorValue };
}

export interface BundleSimulation {
  /** Ok when every transaction succeeded; otherwise the first failure. */
  summary: "succeeded" | { failed: { error: { TransactionFailure: [number[], string] }; txSignature: string | null } };
  transactionResults: {
    err: TransactionErrorValue | null;
    logs: string[];
    unitsConsumed: bigint;
    returnData: ReturnData | null;
    preExecutionAccounts: (Account | null)[] | null;
    postExecutionAccounts: (Account | null)[] | null;
  }[];
}

/** Refusals that are not execution results: the RPC maps each to Solana's JSON-RPC error. */
export class MalformedTransactionError extends Error {}
export class SignatureVerificationError extends Error {
  constructor() {
    super("Transaction signature verification failure");
  }
}
/** sendTransaction's preflight (or admission) failed: carries the simulation, as Solana's -32002 does. */
export class PreflightFailure extends Error {
  constructor(readonly simulation: SimulationResult) {
    super("Transaction simulation failed");
  }
}

export interface LedgerEvents {
  /** A new slot started. */
  slot: [{ slot: bigint; parent: bigint; root: bigint }];
  /** An account changed in a landed transaction (after it became durable). */
  account: [{ address: Address; account: Account; slot: bigint }];
  /** A transaction landed and is durable. */
  transaction: [TransactionRecord];
}

export interface LedgerService {
  readonly genesisHash: string;
  readonly events: EventEmitter<LedgerEvents>;
  slot(): bigint;
  blockHeight(): bigint;
  epochInfo(): EpochInfo;
  transactionCount(): bigint;
  latestBlockhash(): BlockhashInfo;
  /** Unix seconds at which `slot` was produced, or null for a slot the ledger never produced. */
  blockTime(slot: bigint): number | null;
  isBlockhashValid(blockhash: string): boolean;
  getAccount(address: Address): Account | null;
  /** Every account owned by `owner`. */
  accountsOwnedBy(owner: Address): Iterable<[Address, Account]>;
  /** Fee for a serialized message (base64-decoded), or null if its blockhash is not valid. */
  feeForMessage(message: Buffer): bigint | null;
  sendTransaction(wire: Buffer, options: { skipPreflight: boolean }): Promise<string>;
  simulateTransaction(
    wire: Buffer,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean; accounts: Address[] | null },
  ): SimulationResult;
  signatureStatus(signature: string, searchTransactionHistory: boolean): SignatureStatus | null;
  getTransaction(signature: string): TransactionRecord | null;
  /** Newest first, as Solana returns them. */
  signaturesForAddress(address: Address, options: { before: string | null; until: string | null; limit: number }): TransactionRecord[];
  recentPrioritizationFees(addresses: Address[]): PrioritizationFee[];
  recentPerformanceSamples(limit: number): PerformanceSample[];
  requestAirdrop(address: Address, lamports: bigint): Promise<string>;
  tipAccounts(): Address[];
  sendBundle(wires: Buffer[]): Promise<string>;
  bundleStatuses(bundleIds: string[]): (BundleStatus | null)[];
  simulateBundle(
    wires: Buffer[],
    options: {
      preExecutionAccounts: (Address[] | null)[];
      postExecutionAccounts: (Address[] | null)[];
      skipSigVerify: boolean;
      replaceRecentBlockhash: boolean;
    },
  ): BundleSimulation;
}
