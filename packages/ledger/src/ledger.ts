// The ledger: accounts in memory over a durable store, transactions executed and committed in slots. Each concern
// lives in its own module; this class joins them: genesis (chain/genesis.ts), the slot clock (chain/slots.ts, ticked
// by @ballast/scheduler), the status cache (chain/status-cache.ts), performance samples (chain/performance.ts), group
// commit (storage/commit-queue.ts) and bundles (chain/bundle-runner.ts).
import { type Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { EventEmitter } from "node:events";
import { startPeriodic, type PeriodicJob } from "@ballast/scheduler";
import { cloneAccount, type Account, type Address } from "./account.js";
import { SlotClock } from "./chain/slots.js";
import { SLOTS_PER_EPOCH } from "./runtime/sysvars.js";
import { TransactionError } from "./errors.js";
import { builtinPrograms } from "./programs/index.js";
import { resolveLookup, ADDRESS_LOOKUP_TABLE_PROGRAM_ID } from "./programs/address-lookup-table.js";
import { parseComputeBudget, transactionFee } from "./runtime/compute-budget.js";
import type { Program } from "./runtime/program.js";
import { sysvarAccounts, SYSVAR_IDS } from "./runtime/sysvar-accounts.js";
import { executeTransaction, type ExecutedTransaction, type ExecutionEnvironment } from "./runtime/transaction.js";
import { tokenBalances } from "./runtime/token-balances.js";
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
  type TransactionRecord,
} from "./service.js";
import { CommitQueue } from "./storage/commit-queue.js";
import { LedgerStore, type CommitBatch } from "./storage/store.js";
import { StoreWriter } from "./storage/store-writer.js";
import { encodeBase58 } from "./tx/base58.js";
import { sanitizeTransaction } from "./tx/sanitize.js";
import { verifyTransactionSignatures } from "./tx/verify.js";
import { SignatureVerifierPool } from "./tx/verify-pool.js";
import { decodeTransaction, firstSignature, type WireTransaction } from "./tx/wire.js";
import { elementAt } from "./indexing.js";
import { TIP_ACCOUNTS, MIN_BUNDLE_TIP } from "./chain/bundles.js";
import { bundleId, bundleSimulation, bundleTip, runBundle, type BundleHost } from "./chain/bundle-runner.js";
import { PrioritizationFeeCache } from "./chain/fees.js";
import { DEFAULT_FAUCET_LAMPORTS, missingGenesisAccounts, openGenesis } from "./chain/genesis.js";
import { PerformanceSampler } from "./chain/performance.js";
import { STATUS_CACHE_SLOTS, StatusCache } from "./chain/status-cache.js";

export interface LedgerOptions {
  /** Directory for durable state; null keeps everything in memory (tests, benchmarks). */
  dataDir: string | null;
  /** Slot length in milliseconds; 0 stops the clock so tests move it with warp(). */
  slotMs: number;
  /** Programs beyond the built-ins (the lending program, oracles, ...). */
  programs?: Program[];
  /** Starting balance of the airdrop faucet on a new ledger. */
  faucetLamports?: bigint;
  /**
   * The upgrade authority in the ProgramData of each upgradeable program the ledger deploys (kept from the ledger's
   * first start); null deploys them immutable; default the faucet.
   */
  upgradeAuthority?: Address | null;
}

export class Ledger implements LedgerService {
  readonly events = new EventEmitter<LedgerEvents>();
  readonly genesisHash: string;
  readonly faucet: Keypair;
  private readonly store: LedgerStore;
  private readonly accounts = new Map<Address, Account>();
  private readonly byOwner = new Map<Address, Set<Address>>();
  private readonly programs = new Map<Address, Program>();
  private readonly reserved = new Set<Address>();
  private readonly slots: SlotClock;
  private readonly statuses = new StatusCache();
  /** Transactions committed but not yet flushed, which the store cannot answer for yet. */
  private readonly pendingRecords = new Map<string, TransactionRecord>();
  private readonly fees = new PrioritizationFeeCache();
  private readonly samples: PerformanceSampler;
  private readonly bundles = new Map<string, BundleStatus>();
  private readonly commits: CommitQueue;
  /** Writes and syncs the store on its own thread; null in memory, where the store writes in place. */
  private readonly writer: StoreWriter | null;
  private seq: number;
  private durableSeq: number;
  private txCount: bigint;
  /** Starts a slot every slotMs; null when tests move the chain with warp(). */
  private clock: PeriodicJob | null = null;
  private readonly verifier = new SignatureVerifierPool();
  private closed = false;

  private constructor(options: LedgerOptions) {
    this.store = new LedgerStore(options.dataDir);
    for (const program of [...builtinPrograms, ...(options.programs ?? [])]) {
      this.programs.set(program.id, program);
      this.reserved.add(program.id);
    }
    for (const id of SYSVAR_IDS) this.reserved.add(id);

    const now = Date.now();
    const genesis = openGenesis(this.store, options.faucetLamports ?? DEFAULT_FAUCET_LAMPORTS, now);
    this.genesisHash = genesis.genesisHash;
    this.faucet = genesis.faucet;
    this.writer = options.dataDir ? new StoreWriter(options.dataDir) : null;
    this.commits = new CommitQueue(this.writer ?? this.store, (batch) => this.committed(batch));
    for (const [address, account] of this.store.loadAccounts()) this.setAccount(address, account);
    this.slots = new SlotClock(this.store.recentSlots(151));
    // Statuses stay as long as the status cache would have kept them, so no replay lands across a restart.
    for (const { signature, ...status } of this.store.recentStatuses(this.slots.slot - STATUS_CACHE_SLOTS))
      this.statuses.record(signature, status);
    this.seq = this.store.lastSeq();
    this.durableSeq = this.seq;
    this.txCount = this.store.transactionCount();
    this.samples = new PerformanceSampler(this.slots.slot, now, this.txCount);
    const upgradeAuthority = options.upgradeAuthority === undefined ? this.faucet.publicKey.toBase58() : options.upgradeAuthority;
    for (const [address, account] of missingGenesisAccounts(this.programs.values(), (a) => this.accounts.get(a), upgradeAuthority)) {
      this.setAccount(address, account);
      this.commits.pending.accounts.set(address, account);
    }
    // A restart begins a new slot so blockhashes handed out before the crash stay distinct from new ones.
    this.startSlot(1, 0);
  }

  static open(options: LedgerOptions): Ledger {
    const ledger = new Ledger(options);
    if (options.slotMs > 0) {
      ledger.clock = startPeriodic({
        intervalMs: options.slotMs,
        run: () => ledger.startSlot(1, 0),
        onError: (error) => console.error("ledger: starting a slot failed:", error),
      });
    }
    return ledger;
  }

  // ---- state -------------------------------------------------------------------------------------------

  private setAccount(address: Address, account: Account | null): void {
    const previous = this.accounts.get(address);
    if (previous && (account === null || previous.owner !== account.owner)) this.byOwner.get(previous.owner)?.delete(address);
    if (account === null) {
      this.accounts.delete(address);
      return;
    }
    this.accounts.set(address, account);
    let owned = this.byOwner.get(account.owner);
    if (!owned) this.byOwner.set(account.owner, (owned = new Set()));
    owned.add(address);
  }

  private readonly read = (address: Address): Account | undefined => this.accounts.get(address);

  /**
   * Writes accounts outside any transaction, as solana-test-validator's --account and litesvm's setAccount do: for
   * tests and benchmarks needing state (e.g. 100,000 margin accounts) that no transaction sequence builds quickly.
   * Programs, sysvars and builtins cannot be overwritten.
   */
  setAccounts(entries: Iterable<readonly [Address, Account]>): void {
    const accepted: [Address, Account][] = [];
    for (const [address, account] of entries) {
      if (this.reserved.has(address)) throw new Error(`${address} is a program or sysvar and cannot be set`);
      accepted.push([address, cloneAccount(account)]);
    }
    for (const [address, account] of accepted) {
      this.setAccount(address, account);
      this.commits.pending.accounts.set(address, account);
    }
  }

  /** Resolves once every change made so far (setAccounts included) is on disk. */
  flushed(): Promise<void> {
    return this.commits.durable();
  }

  getAccount(address: Address): Account | null {
    return this.accounts.get(address) ?? null;
  }

  *accountsOwnedBy(owner: Address): Iterable<[Address, Account]> {
    for (const address of this.byOwner.get(owner) ?? []) yield [address, this.accounts.get(address)!];
  }

  slot(): bigint {
    return this.slots.slot;
  }

  blockHeight(): bigint {
    return this.slots.slot;
  }

  transactionCount(): bigint {
    return this.txCount;
  }

  epochInfo(): EpochInfo {
    const slot = this.slots.slot;
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: slot / SLOTS_PER_EPOCH,
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: this.txCount,
    };
  }

  latestBlockhash(): BlockhashInfo {
    return { blockhash: this.slots.current.blockhash, lastValidBlockHeight: this.slots.slot + 150n };
  }

  blockTime(slot: bigint): number | null {
    // The clock keeps its recent slots, which covers those handed to the writer but not yet written.
    const record = this.slots.recentRecord(slot) ?? this.commits.pending.slots.find((s) => s.slot === slot) ?? this.store.slot(slot);
    return record ? Math.floor(record.startedAt / 1000) + record.clockOffset : null;
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.slots.blockhashHeight(blockhash) !== null;
  }

  // ---- slots and time ----------------------------------------------------------------------------------

  /** Moves the chain forward `slots` slots and its clock `seconds` beyond wall time: for tests and tools. */
  warp(slots: number, seconds = 0): void {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError("warp needs a whole number of slots, at least 1");
    this.startSlot(slots, seconds);
  }

  /** Moves the chain forward `slots` slots to exactly `unixTimestamp` (not before the current time): for tests. */
  warpToTime(unixTimestamp: bigint, slots = 1): void {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError("warp needs a whole number of slots, at least 1");
    this.startSlot(slots, 0, unixTimestamp);
  }

  /** The unix time of the current slot, as the Clock sysvar reports it. */
  unixTimestamp(): bigint {
    return this.slots.unixTimestamp();
  }

  private startSlot(count: number, extraSeconds: number, atTime?: bigint): void {
    if (this.closed) return;
    const parent = this.slots.slot;
    const record = this.slots.advance(Date.now(), count, extraSeconds, atTime);
    this.commits.pending.slots.push(record);
    // Sysvars are derived from the slot clock, so they are rebuilt rather than stored.
    for (const [address, account] of sysvarAccounts(this.slots)) this.setAccount(address, account);
    this.statuses.prune(this.slots.slot);
    this.samples.slotStarted(record, this.txCount);
    void this.commits.durable();
    this.events.emit("slot", { slot: record.slot, parent, root: parent });
  }

  recentPerformanceSamples(limit: number): PerformanceSample[] {
    return this.samples.recent(limit);
  }

  // ---- durability --------------------------------------------------------------------------------------

  /** After a group commit: the batch's transactions are durable; tell listeners what changed. */
  private committed(batch: CommitBatch): void {
    const newest = batch.transactions.at(-1);
    if (newest) this.durableSeq = newest.record.seq;
    for (const { record } of batch.transactions) this.pendingRecords.delete(record.signature);
    for (const { record } of batch.transactions) this.events.emit("transaction", record);
    for (const [address, account] of batch.accounts) {
      if (account) this.events.emit("account", { address, account, slot: this.slots.slot });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // stop() cancels the next slot before it returns; a slot start is synchronous, so none is in flight here.
    void this.clock?.stop();
    this.commits.flush();
    this.closed = true;
    // The threads are unreferenced while idle: without this the process could end with the close unsettled.
    const keepAlive = setInterval(() => undefined, 60_000);
    try {
      const writerEnded = this.writer?.close();
      this.store.close();
      await Promise.all([writerEnded, this.verifier.close()]);
    } finally {
      clearInterval(keepAlive);
    }
  }

  // ---- execution ---------------------------------------------------------------------------------------

  private environment(get: (a: Address) => Account | undefined): ExecutionEnvironment {
    return {
      programs: this.programs,
      clock: this.slots.clock(),
      reserved: this.reserved,
      getAccount: get,
      resolveLookups: (tx) => {
        const writable: Address[] = [];
        const readonly: Address[] = [];
        for (const lookup of tx.addressTableLookups) {
          const table = get(lookup.accountKey);
          if (!table) throw new TransactionError("AddressLookupTableNotFound");
          if (table.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) throw new TransactionError("InvalidAddressLookupTableOwner");
          const resolved = resolveLookup(table.data, this.slots.slot, lookup.writableIndexes, lookup.readonlyIndexes);
          writable.push(...resolved.writable);
          readonly.push(...resolved.readonly);
        }
        return { writable, readonly };
      },
    };
  }

  private decode(wire: Buffer): WireTransaction {
    const tx = decodeTransaction(wire);
    sanitizeTransaction(tx);
    return tx;
  }

  /** Admission checks that do not depend on accounts: blockhash age and replay. */
  private admit(tx: WireTransaction, signature: string): TransactionError | null {
    if (this.slots.blockhashHeight(tx.recentBlockhash) === null) return new TransactionError("BlockhashNotFound");
    if (this.statuses.has(signature)) return new TransactionError("AlreadyProcessed");
    return null;
  }

  private simulationOf(
    result: ReturnType<typeof executeTransaction>,
    addresses: Address[] | null,
    get: (a: Address) => Account | undefined,
  ): SimulationResult {
    const executed = result.landed ? result : null;
    return {
      err: result.err,
      logs: executed?.logs ?? [],
      unitsConsumed: BigInt(executed?.unitsConsumed ?? 0),
      returnData: executed?.returnData ?? null,
      accounts: addresses
        ? addresses.map((address) => {
            const index = executed ? executed.keys.indexOf(address) : -1;
            if (executed && index >= 0) {
              const after = elementAt(executed.post, index);
              return after.lamports === 0n ? null : after;
            }
            return get(address) ?? null;
          })
        : null,
      innerInstructions: executed?.innerInstructions ?? [],
      replacementBlockhash: null,
      loadedAccountsDataSize: executed ? executed.pre.reduce((n, a) => n + a.data.length, 0) : 0,
      fee: executed?.fee ?? 0n,
      preBalances: executed?.pre.map((a) => a.lamports) ?? [],
      postBalances: executed?.post.map((a) => a.lamports) ?? [],
    };
  }

  async sendTransaction(wire: Buffer, options: { skipPreflight: boolean }): Promise<string> {
    const tx = this.decode(wire);
    if (!(await this.verifier.verify(tx))) throw new SignatureVerificationError();
    const signature = this.processVerified(tx, options.skipPreflight);
    await this.commits.durable();
    return signature;
  }

  /** Executes and commits a decoded, signature-checked transaction; throws PreflightFailure if it cannot land. */
  processVerified(tx: WireTransaction, skipPreflight: boolean): string {
    const signature = encodeBase58(firstSignature(tx));
    const refused = this.admit(tx, signature);
    if (refused) throw new PreflightFailure(this.simulationOf({ landed: false, err: refused.value }, null, this.read));
    const result = executeTransaction(tx, this.environment(this.read));
    if (!result.landed || (result.err !== null && !skipPreflight)) throw new PreflightFailure(this.simulationOf(result, null, this.read));
    return this.commit(tx, result, signature).signature;
  }

  simulateTransaction(
    wire: Buffer,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean; accounts: Address[] | null },
  ): SimulationResult {
    const tx = this.decode(wire);
    if (options.sigVerify && !verifyTransactionSignatures(tx)) throw new SignatureVerificationError();
    let replacement: BlockhashInfo | null = null;
    if (options.replaceRecentBlockhash) {
      replacement = this.latestBlockhash();
      tx.recentBlockhash = replacement.blockhash;
    } else if (this.slots.blockhashHeight(tx.recentBlockhash) === null) {
      return this.simulationOf({ landed: false, err: "BlockhashNotFound" }, options.accounts, this.read);
    }
    const result = executeTransaction(tx, this.environment(this.read));
    return { ...this.simulationOf(result, options.accounts, this.read), replacementBlockhash: replacement };
  }

  feeForMessage(message: Buffer): bigint | null {
    // Decode the message as a transaction with blank signatures (a v0 message starts with its version byte).
    if (message.length < 2)
      throw new MalformedTransactionError(
        "failed to deserialize solana_sdk::message::VersionedMessage: io error: failed to fill whole buffer",
      );
    const signatureCount = message.readUInt8(message.readUInt8(0) & 0x80 ? 1 : 0);
    const wire = Buffer.concat([Buffer.from([signatureCount]), Buffer.alloc(64 * signatureCount), message]);
    const tx = this.decode(wire);
    if (this.slots.blockhashHeight(tx.recentBlockhash) === null) return null;
    const budget = parseComputeBudget(
      tx.instructions.map((ix) => ({ programId: elementAt(tx.staticAccountKeys, ix.programIdIndex), data: ix.data })),
    );
    return transactionFee(tx.header.numRequiredSignatures, budget);
  }

  private commit(tx: WireTransaction, result: ExecutedTransaction, signature: string): TransactionRecord {
    const slot = this.slots.slot;
    for (const [i, key] of result.keys.entries()) {
      if (!result.isWritable[i] || (result.err !== null && i !== 0)) continue;
      const account = elementAt(result.post, i);
      const stored = account.lamports === 0n ? null : account;
      this.setAccount(key, stored);
      this.commits.pending.accounts.set(key, stored);
    }
    const record: TransactionRecord = {
      signature,
      slot,
      blockTime: Number(this.slots.unixTimestamp()),
      wire: tx.wire,
      version: tx.version,
      seq: ++this.seq,
      meta: {
        err: result.err,
        fee: result.fee,
        preBalances: result.pre.map((a) => a.lamports),
        postBalances: result.post.map((a) => a.lamports),
        preTokenBalances: tokenBalances(result.keys, result.pre, this.read),
        postTokenBalances: tokenBalances(result.keys, result.post, this.read),
        logMessages: result.logs,
        innerInstructions: result.innerInstructions,
        loadedAddresses: result.loadedAddresses,
        returnData: result.returnData,
        computeUnitsConsumed: BigInt(result.unitsConsumed),
      },
    };
    this.txCount++;
    this.statuses.record(signature, { slot, seq: record.seq, err: result.err });
    this.pendingRecords.set(signature, record);
    this.commits.pending.transactions.push({ record, addresses: result.keys });
    this.fees.record(
      slot,
      result.unitPrice,
      result.keys.filter((_, i) => result.isWritable[i]),
    );
    return record;
  }

  // ---- statuses and history ----------------------------------------------------------------------------

  signatureStatus(signature: string, searchTransactionHistory: boolean): SignatureStatus | null {
    const recent = this.statuses.get(signature);
    if (recent) {
      const durable = recent.seq <= this.durableSeq;
      return {
        slot: recent.slot,
        confirmations: durable ? null : 0,
        err: recent.err,
        confirmationStatus: durable ? "finalized" : "processed",
      };
    }
    if (!searchTransactionHistory) return null;
    const record = this.store.transaction(signature);
    return record ? { slot: record.slot, confirmations: null, err: record.meta.err, confirmationStatus: "finalized" } : null;
  }

  getTransaction(signature: string): TransactionRecord | null {
    return this.pendingRecords.get(signature) ?? this.store.transaction(signature);
  }

  signaturesForAddress(address: Address, options: { before: string | null; until: string | null; limit: number }): TransactionRecord[] {
    if (this.pendingRecords.size > 0) this.commits.flush();
    const before = options.before === null ? Number.MAX_SAFE_INTEGER : (this.store.seqOf(options.before) ?? 0);
    const until = options.until === null ? 0 : (this.store.seqOf(options.until) ?? 0);
    return this.store.signaturesForAddress(address, before, until, options.limit);
  }

  recentPrioritizationFees(addresses: Address[]): PrioritizationFee[] {
    return this.fees.recent(this.slots.slot, addresses);
  }

  // ---- faucet ------------------------------------------------------------------------------------------

  requestAirdrop(address: Address, lamports: bigint): Promise<string> {
    const tx = new Transaction({ feePayer: this.faucet.publicKey, ...this.latestBlockhashForWeb3() }).add(
      SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: new PublicKey(address), lamports }),
    );
    tx.sign(this.faucet);
    return this.sendTransaction(tx.serialize(), { skipPreflight: false });
  }

  private latestBlockhashForWeb3(): { blockhash: string; lastValidBlockHeight: number } {
    const info = this.latestBlockhash();
    return { blockhash: info.blockhash, lastValidBlockHeight: Number(info.lastValidBlockHeight) };
  }

  // ---- bundles -----------------------------------------------------------------------------------------

  tipAccounts(): Address[] {
    return [...TIP_ACCOUNTS];
  }

  private readonly bundleHost: BundleHost = {
    decode: (wire) => this.decode(wire),
    admit: (tx, signature) => this.admit(tx, signature),
    execute: (tx, get) => executeTransaction(tx, this.environment(get)),
    read: (address) => this.read(address),
    currentBlockhash: () => this.slots.current.blockhash,
  };

  async sendBundle(wires: Buffer[]): Promise<string> {
    const runs = runBundle(this.bundleHost, wires, true, false);
    const failed = runs.find((r) => r.result.err !== null);
    if (failed) throw new PreflightFailure(this.simulationOf(failed.result, null, this.read));
    const tip = bundleTip(runs);
    if (tip < MIN_BUNDLE_TIP)
      throw new MalformedTransactionError(`bundle must tip at least ${MIN_BUNDLE_TIP} lamports to one of the tip accounts`);
    const signatures: string[] = [];
    for (const { tx, result } of runs)
      signatures.push(this.commit(tx, result as ExecutedTransaction, encodeBase58(firstSignature(tx))).signature);
    const id = bundleId(signatures);
    this.bundles.set(id, {
      bundleId: id,
      transactions: signatures,
      slot: this.slots.slot,
      confirmationStatus: "finalized",
      err: { Ok: null },
    });
    await this.commits.durable();
    return id;
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
    const runs = runBundle(this.bundleHost, wires, !options.skipSigVerify, options.replaceRecentBlockhash);
    return bundleSimulation(runs, options, this.read);
  }
}
