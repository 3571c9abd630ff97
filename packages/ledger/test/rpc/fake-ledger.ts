import { VersionedTransaction } from "@solana/web3.js";
import bs58 from "bs58";
import { createHash, createPublicKey, verify } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Account, Address } from "../../src/account.js";
import {
  MalformedTransactionError,
  PreflightFailure,
  SignatureVerificationError,
  type BlockhashInfo,
  type BundleSimulation,
  type BundleStatus,
  type EpochInfo,
  type LedgerEvents,
  type LedgerService,
  type PerformanceSample,
  type PrioritizationFee,
  type SignatureStatus,
  type SimulationResult,
  type TransactionMeta,
  type TransactionRecord,
} from "../../src/service.js";

/**
 * A stand-in LedgerService for the RPC layer's own tests (parsing, batching, error codes, serialization,
 * websocket framing). It executes nothing: a sent transaction "lands" with a canned meta, and tests set
 * accounts, statuses and failures directly.
 */

export const TIP_ACCOUNTS = Array.from({ length: 8 }, (_, i) => bs58.encode(createHash("sha256").update(`tip ${i}`).digest()));

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

function verifySignatures(tx: VersionedTransaction): boolean {
  const message = Buffer.from(tx.message.serialize());
  return tx.signatures.every((signature, i) => {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, tx.message.staticAccountKeys[i].toBuffer()]),
      format: "der",
      type: "spki",
    });
    return verify(null, message, key, signature);
  });
}

function hashOf(text: string): string {
  return bs58.encode(createHash("sha256").update(text).digest());
}

export function emptyMeta(overrides: Partial<TransactionMeta> = {}): TransactionMeta {
  return {
    err: null,
    fee: 5000n,
    preBalances: [],
    postBalances: [],
    preTokenBalances: [],
    postTokenBalances: [],
    logMessages: [],
    innerInstructions: [],
    loadedAddresses: { writable: [], readonly: [] },
    returnData: null,
    computeUnitsConsumed: 150n,
    ...overrides,
  };
}

export class FakeLedger implements LedgerService {
  readonly genesisHash = hashOf("fake genesis");
  readonly events = new EventEmitter<LedgerEvents>();
  readonly accounts = new Map<Address, Account>();
  readonly records = new Map<string, TransactionRecord>();
  readonly statuses = new Map<string, SignatureStatus>();
  readonly bundles = new Map<string, BundleStatus>();
  currentSlot = 100n;
  blockhashes = new Set<string>([hashOf("slot 100")]);
  /** The meta the next sent transaction lands with. */
  nextMeta: TransactionMeta | null = null;
  /** Thrown by the next sendTransaction / simulateTransaction instead of doing anything. */
  nextError: Error | null = null;
  /** Calls the RPC made, for asserting on the options it passed. */
  readonly calls: { method: string; args: unknown[] }[] = [];
  private seq = 0;

  slot(): bigint {
    return this.currentSlot;
  }
  blockHeight(): bigint {
    return this.currentSlot - 10n;
  }
  transactionCount(): bigint {
    return BigInt(this.records.size);
  }
  epochInfo(): EpochInfo {
    return {
      absoluteSlot: this.currentSlot,
      blockHeight: this.blockHeight(),
      epoch: 0n,
      slotIndex: this.currentSlot,
      slotsInEpoch: 432_000n,
      transactionCount: this.transactionCount(),
    };
  }
  latestBlockhash(): BlockhashInfo {
    return { blockhash: hashOf(`slot ${this.currentSlot}`), lastValidBlockHeight: this.blockHeight() + 150n };
  }
  isBlockhashValid(blockhash: string): boolean {
    return this.blockhashes.has(blockhash);
  }

  /** Starts the next slot, as the ledger's clock does. */
  tick(): void {
    const parent = this.currentSlot;
    this.currentSlot++;
    this.blockhashes.add(this.latestBlockhash().blockhash);
    this.events.emit("slot", { slot: this.currentSlot, parent, root: parent });
  }

  getAccount(address: Address): Account | null {
    return this.accounts.get(address) ?? null;
  }
  *accountsOwnedBy(owner: Address): Iterable<[Address, Account]> {
    for (const entry of this.accounts) if (entry[1].owner === owner) yield entry;
  }

  /** Writes an account and tells subscribers, as a landed transaction would. */
  setAccount(address: Address, account: Account, notify = true): void {
    this.accounts.set(address, account);
    if (notify) this.events.emit("account", { address, account, slot: this.currentSlot });
  }

  feeForMessage(message: Buffer): bigint | null {
    this.calls.push({ method: "feeForMessage", args: [message] });
    return message.length > 0 ? 5000n : null;
  }

  private decode(wire: Buffer): VersionedTransaction {
    if (wire.length > 1232) {
      throw new MalformedTransactionError(
        `decoded solana_sdk::transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: 1232 bytes)`,
      );
    }
    try {
      return VersionedTransaction.deserialize(wire);
    } catch {
      throw new MalformedTransactionError(
        "failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer",
      );
    }
  }

  private takeError(): void {
    const error = this.nextError;
    if (error) {
      this.nextError = null;
      throw error;
    }
  }

  /** Records a landed transaction and emits its events after a tick, as the ledger does once it is durable. */
  land(wire: Buffer, meta: TransactionMeta): TransactionRecord {
    const tx = VersionedTransaction.deserialize(wire);
    const signature = bs58.encode(tx.signatures[0]);
    const record: TransactionRecord = {
      signature,
      slot: this.currentSlot,
      blockTime: 1_700_000_000,
      wire,
      version: tx.version === "legacy" ? "legacy" : 0,
      meta,
      seq: ++this.seq,
    };
    this.records.set(signature, record);
    this.statuses.set(signature, { slot: record.slot, confirmations: 0, err: meta.err, confirmationStatus: "processed" });
    setImmediate(() => {
      this.statuses.set(signature, { slot: record.slot, confirmations: null, err: meta.err, confirmationStatus: "finalized" });
      this.events.emit("transaction", record);
    });
    return record;
  }

  async sendTransaction(wire: Buffer, options: { skipPreflight: boolean }): Promise<string> {
    this.calls.push({ method: "sendTransaction", args: [wire, options] });
    this.takeError();
    const tx = this.decode(wire);
    if (!verifySignatures(tx)) throw new SignatureVerificationError();
    if (!this.blockhashes.has(tx.message.recentBlockhash)) {
      throw new PreflightFailure(this.simulation({ err: "BlockhashNotFound" }));
    }
    const meta = this.nextMeta ?? emptyMeta();
    this.nextMeta = null;
    return this.land(wire, meta).signature;
  }

  simulation(overrides: Partial<SimulationResult> = {}): SimulationResult {
    return {
      err: null,
      logs: [],
      unitsConsumed: 0n,
      returnData: null,
      accounts: null,
      innerInstructions: [],
      replacementBlockhash: null,
      loadedAccountsDataSize: 0,
      fee: 0n,
      preBalances: [],
      postBalances: [],
      ...overrides,
    };
  }

  simulateTransaction(
    wire: Buffer,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean; accounts: Address[] | null },
  ): SimulationResult {
    this.calls.push({ method: "simulateTransaction", args: [wire, options] });
    this.takeError();
    const tx = this.decode(wire);
    if (options.sigVerify && !verifySignatures(tx)) throw new SignatureVerificationError();
    return this.simulation({
      logs: ["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"],
      unitsConsumed: 150n,
      accounts: options.accounts?.map((a) => this.accounts.get(a) ?? null) ?? null,
      replacementBlockhash: options.replaceRecentBlockhash ? this.latestBlockhash() : null,
    });
  }

  signatureStatus(signature: string, searchTransactionHistory: boolean): SignatureStatus | null {
    this.calls.push({ method: "signatureStatus", args: [signature, searchTransactionHistory] });
    return this.statuses.get(signature) ?? null;
  }
  getTransaction(signature: string): TransactionRecord | null {
    return this.records.get(signature) ?? null;
  }
  signaturesForAddress(address: Address, options: { before: string | null; until: string | null; limit: number }): TransactionRecord[] {
    this.calls.push({ method: "signaturesForAddress", args: [address, options] });
    return [...this.records.values()].reverse().slice(0, options.limit);
  }
  recentPrioritizationFees(addresses: Address[]): PrioritizationFee[] {
    this.calls.push({ method: "recentPrioritizationFees", args: [addresses] });
    return [{ slot: this.currentSlot, prioritizationFee: 0n }];
  }
  recentPerformanceSamples(limit: number): PerformanceSample[] {
    return [{ slot: this.currentSlot, numTransactions: 10n, numNonVoteTransactions: 10n, numSlots: 150n, samplePeriodSecs: 60 }].slice(
      0,
      limit,
    );
  }
  async requestAirdrop(address: Address, lamports: bigint): Promise<string> {
    this.calls.push({ method: "requestAirdrop", args: [address, lamports] });
    const existing = this.accounts.get(address);
    this.setAccount(address, {
      lamports: (existing?.lamports ?? 0n) + lamports,
      data: existing?.data ?? Buffer.alloc(0),
      owner: existing?.owner ?? "11111111111111111111111111111111",
      executable: false,
      rentEpoch: 0xffff_ffff_ffff_ffffn,
    });
    return bs58.encode(createHash("sha512").update(`airdrop ${address} ${lamports} ${this.seq++}`).digest());
  }
  tipAccounts(): Address[] {
    return [...TIP_ACCOUNTS];
  }
  async sendBundle(wires: Buffer[]): Promise<string> {
    this.calls.push({ method: "sendBundle", args: [wires] });
    this.takeError();
    const signatures = wires.map((w) => bs58.encode(this.decode(w).signatures[0]));
    const bundleId = createHash("sha256").update(signatures.join(",")).digest("hex");
    this.bundles.set(bundleId, {
      bundleId,
      transactions: signatures,
      slot: this.currentSlot,
      confirmationStatus: "finalized",
      err: { Ok: null },
    });
    return bundleId;
  }
  bundleStatuses(bundleIds: string[]): (BundleStatus | null)[] {
    return bundleIds.map((id) => this.bundles.get(id) ?? null);
  }
  simulateBundle(
    wires: Buffer[],
    options: {
      preExecutionAccounts: (Address[] | null)[];
      postExecutionAccounts: (Address[] | null)[];
      skipSigVerify: boolean;
      replaceRecentBlockhash: boolean;
    },
  ): BundleSimulation {
    this.calls.push({ method: "simulateBundle", args: [wires, options] });
    return {
      summary: "succeeded",
      transactionResults: wires.map((_, i) => ({
        err: null,
        logs: ["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"],
        unitsConsumed: 150n,
        returnData: null,
        preExecutionAccounts: options.preExecutionAccounts[i]?.map((a) => this.accounts.get(a) ?? null) ?? null,
        postExecutionAccounts: options.postExecutionAccounts[i]?.map((a) => this.accounts.get(a) ?? null) ?? null,
      })),
    };
  }
}
