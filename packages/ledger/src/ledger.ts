import { Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { createHash, randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { RENT_EXEMPT_EPOCH, SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Account, type Address } from "./account.js";
import { MINT_SIZE, NATIVE_MINT, TOKEN_PROGRAM_ID, nativeMintData } from "./programs/token/layout.js";
import { SlotClock, genesisSlot } from "./chain/slots.js";
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
import { LedgerStore, type CommitBatch, type SlotRecord } from "./storage/store.js";
import { base58ToBytes, encodeBase58 } from "./tx/base58.js";
import { sanitizeTransaction } from "./tx/sanitize.js";
import { verifyTransactionSignatures } from "./tx/verify.js";
import { SignatureVerifierPool } from "./tx/verify-pool.js";
import { decodeTransaction, type WireTransaction } from "./tx/wire.js";
import { TIP_ACCOUNTS, MIN_BUNDLE_TIP, MAX_BUNDLE_TRANSACTIONS } from "./chain/bundles.js";
import { PrioritizationFeeCache } from "./chain/fees.js";

export interface LedgerOptions {
  /** Directory for durable state; null keeps everything in memory (tests, benchmarks). */
  dataDir: string | null;
  /** Slot length in milliseconds; 0 stops the clock so tests move it with warp(). */
  slotMs: number;
  /** Programs beyond the built-ins (the lending program, oracles, ...). */
  programs?: Program[];
  /** Starting balance of the airdrop faucet on a new ledger. */
  faucetLamports?: bigint;
}

const DEFAULT_FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;
/** Statuses stay in memory long enough to refuse replays of any still-valid blockhash. */
const STATUS_CACHE_SLOTS = 300n;
const PERFORMANCE_SAMPLE_MS = 60_000;
const PERFORMANCE_SAMPLES_KEPT = 720;

interface RecentStatus {
  slot: bigint;
  seq: number;
  err: TransactionRecord["meta"]["err"];
}

/** Reads through pending bundle/simulation writes to the committed state. */
class Overlay {
  readonly writes = new Map<Address, Account>();
  constructor(private readonly base: (a: Address) => Account | undefined) {}
  get = (address: Address): Account | undefined => this.writes.get(address) ?? this.base(address);
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
  private readonly statuses = new Map<string, RecentStatus>();
  private readonly statusesBySlot: { slot: bigint; signatures: string[] }[] = [];
  private readonly pendingRecords = new Map<string, TransactionRecord>();
  private readonly fees = new PrioritizationFeeCache();
  private readonly samples: PerformanceSample[] = [];
  private readonly bundles = new Map<string, BundleStatus>();
  private sampleStart: { slot: bigint; at: number; count: bigint };
  private seq: number;
  private durableSeq: number;
  private txCount: bigint;
  private pending: CommitBatch = { accounts: new Map(), transactions: [], slots: [] };
  private waiters: (() => void)[] = [];
  private flushScheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly verifier = new SignatureVerifierPool();
  private closed = false;

  private constructor(options: LedgerOptions) {
    this.store = new LedgerStore(options.dataDir);
    for (const program of [...builtinPrograms, ...(options.programs ?? [])]) {
      this.programs.set(program.id, program);
      this.reserved.add(program.id);
    }
    for (const id of SYSVAR_IDS) this.reserved.add(id);

    let genesis = this.store.getMeta("genesis_hash");
    const now = Date.now();
    if (genesis === null) {
      genesis = encodeBase58(createHash("sha256").update("ballast genesis").update(randomBytes(32)).digest());
      const faucet = Keypair.generate();
      this.store.setMeta("genesis_hash", genesis);
      this.store.setMeta("faucet", encodeBase58(faucet.secretKey));
      const first = genesisSlot(genesis, now);
      this.store.commit({
        accounts: new Map([
          [
            faucet.publicKey.toBase58(),
            {
              lamports: options.faucetLamports ?? DEFAULT_FAUCET_LAMPORTS,
              data: Buffer.alloc(0),
              owner: SYSTEM_PROGRAM_ID,
              executable: false,
              rentEpoch: RENT_EXEMPT_EPOCH,
            },
          ],
        ]),
        transactions: [],
        slots: [first],
      });
    }
    this.genesisHash = genesis;
    this.faucet = Keypair.fromSecretKey(base58ToBytes(this.store.getMeta("faucet")!));
    for (const [address, account] of this.store.loadAccounts()) this.setAccount(address, account);
    this.slots = new SlotClock(this.store.recentSlots(151));
    this.seq = this.store.lastSeq();
    this.durableSeq = this.seq;
    this.txCount = this.store.transactionCount();
    this.sampleStart = { slot: this.slots.slot, at: now, count: this.txCount };
    this.installGenesisAccounts();
    // A restart begins a new slot so blockhashes handed out before the crash stay distinct from new ones.
    this.startSlot(1, 0);
  }

  static open(options: LedgerOptions): Ledger {
    const ledger = new Ledger(options);
    if (options.slotMs > 0) ledger.timer = setInterval(() => ledger.startSlot(1, 0), options.slotMs);
    return ledger;
  }

  /** Programs and tip accounts exist from genesis; programs added in a new version appear on next start. */
  private installGenesisAccounts(): void {
    const writes = new Map<Address, Account>();
    for (const program of this.programs.values()) {
      if (this.accounts.has(program.id)) continue;
      writes.set(program.id, {
        lamports: program.builtin ? 1n : minimumBalanceForRentExemption(36),
        data: program.builtin ? Buffer.alloc(0) : Buffer.alloc(36),
        owner: program.builtin ? "NativeLoader1111111111111111111111111111111" : "BPFLoaderUpgradeab1e11111111111111111111111",
        executable: true,
        rentEpoch: RENT_EXEMPT_EPOCH,
      });
    }
    if (!this.accounts.has(NATIVE_MINT)) {
      // Wrapped SOL's mint exists from genesis, as on every Solana cluster.
      writes.set(NATIVE_MINT, {
        lamports: minimumBalanceForRentExemption(MINT_SIZE),
        data: nativeMintData(),
        owner: TOKEN_PROGRAM_ID,
        executable: false,
        rentEpoch: RENT_EXEMPT_EPOCH,
      });
    }
    for (const tip of TIP_ACCOUNTS) {
      if (this.accounts.has(tip)) continue;
      writes.set(tip, {
        lamports: minimumBalanceForRentExemption(0),
        data: Buffer.alloc(0),
        owner: SYSTEM_PROGRAM_ID,
        executable: false,
        rentEpoch: RENT_EXEMPT_EPOCH,
      });
    }
    for (const [address, account] of writes) {
      this.setAccount(address, account);
      this.pending.accounts.set(address, account);
    }
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
    const record =
      slot === this.slots.slot ? this.slots.current : (this.pending.slots.find((s) => s.slot === slot) ?? this.store.slot(slot));
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
    this.pending.slots.push(record);
    // Sysvars are derived from the slot clock, so they are rebuilt rather than stored.
    for (const [address, account] of sysvarAccounts(this.slots)) this.setAccount(address, account);
    this.pruneStatuses();
    this.sample(record);
    void this.scheduleFlush();
    this.events.emit("slot", { slot: record.slot, parent, root: parent });
  }

  private pruneStatuses(): void {
    while (this.statusesBySlot.length > 0 && this.statusesBySlot[0].slot + STATUS_CACHE_SLOTS < this.slots.slot) {
      for (const signature of this.statusesBySlot.shift()!.signatures) this.statuses.delete(signature);
    }
  }

  private sample(record: SlotRecord): void {
    if (record.startedAt - this.sampleStart.at < PERFORMANCE_SAMPLE_MS) return;
    this.samples.unshift({
      slot: record.slot,
      numTransactions: this.txCount - this.sampleStart.count,
      numNonVoteTransactions: this.txCount - this.sampleStart.count,
      numSlots: record.slot - this.sampleStart.slot,
      samplePeriodSecs: Math.round((record.startedAt - this.sampleStart.at) / 1000),
    });
    if (this.samples.length > PERFORMANCE_SAMPLES_KEPT) this.samples.pop();
    this.sampleStart = { slot: record.slot, at: record.startedAt, count: this.txCount };
  }

  recentPerformanceSamples(limit: number): PerformanceSample[] {
    return this.samples.slice(0, limit);
  }

  // ---- durability --------------------------------------------------------------------------------------

  private scheduleFlush(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return done;
  }

  /** One SQLite transaction (one fsync) for everything that happened since the last flush; then tell listeners. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    const waiters = this.waiters;
    this.pending = { accounts: new Map(), transactions: [], slots: [] };
    this.waiters = [];
    if (batch.accounts.size + batch.transactions.length + batch.slots.length > 0) this.store.commit(batch);
    if (batch.transactions.length > 0) this.durableSeq = batch.transactions[batch.transactions.length - 1].record.seq;
    for (const { record } of batch.transactions) this.pendingRecords.delete(record.signature);
    for (const resolve of waiters) resolve();
    for (const { record } of batch.transactions) this.events.emit("transaction", record);
    for (const [address, account] of batch.accounts) {
      if (account) this.events.emit("account", { address, account, slot: this.slots.slot });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearInterval(this.timer);
    this.flush();
    this.closed = true;
    this.store.close();
    await this.verifier.close();
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
            if (index >= 0) return executed!.post[index].lamports === 0n ? null : executed!.post[index];
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
    await this.scheduleFlush();
    return signature;
  }

  /** Executes and commits a decoded, signature-checked transaction; throws PreflightFailure if it cannot land. */
  processVerified(tx: WireTransaction, skipPreflight: boolean): string {
    const signature = encodeBase58(tx.signatures[0]);
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
    const signatureCount = message[0] & 0x80 ? message[1] : message[0];
    const wire = Buffer.concat([Buffer.from([signatureCount]), Buffer.alloc(64 * signatureCount), message]);
    const tx = this.decode(wire);
    if (this.slots.blockhashHeight(tx.recentBlockhash) === null) return null;
    const budget = parseComputeBudget(tx.instructions.map((ix) => ({ programId: tx.staticAccountKeys[ix.programIdIndex], data: ix.data })));
    return transactionFee(tx.header.numRequiredSignatures, budget);
  }

  private commit(tx: WireTransaction, result: ExecutedTransaction, signature: string): TransactionRecord {
    const slot = this.slots.slot;
    for (let i = 0; i < result.keys.length; i++) {
      if (!result.isWritable[i] || (result.err !== null && i !== 0)) continue;
      const account = result.post[i];
      const stored = account.lamports === 0n ? null : account;
      this.setAccount(result.keys[i], stored);
      this.pending.accounts.set(result.keys[i], stored);
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
    this.statuses.set(signature, { slot, seq: record.seq, err: result.err });
    const last = this.statusesBySlot[this.statusesBySlot.length - 1];
    if (last && last.slot === slot) last.signatures.push(signature);
    else this.statusesBySlot.push({ slot, signatures: [signature] });
    this.pendingRecords.set(signature, record);
    this.pending.transactions.push({ record, addresses: result.keys });
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
    if (this.pendingRecords.size > 0) this.flush();
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

  private runBundle(wires: Buffer[], verify: boolean, replaceRecentBlockhash: boolean) {
    if (wires.length < 1 || wires.length > MAX_BUNDLE_TRANSACTIONS) {
      throw new MalformedTransactionError(`bundle must contain between 1 and ${MAX_BUNDLE_TRANSACTIONS} transactions`);
    }
    const txs = wires.map((w) => this.decode(w));
    if (verify && !txs.every(verifyTransactionSignatures)) throw new SignatureVerificationError();
    const overlay = new Overlay(this.read);
    const results: { tx: WireTransaction; result: ReturnType<typeof executeTransaction>; pre: Map<Address, Account | undefined> }[] = [];
    const seen = new Set<string>();
    for (const tx of txs) {
      const signature = encodeBase58(tx.signatures[0]);
      let refused = seen.has(signature) ? new TransactionError("AlreadyProcessed") : null;
      seen.add(signature);
      if (replaceRecentBlockhash) tx.recentBlockhash = this.slots.current.blockhash;
      refused ??= this.admit(tx, signature);
      const pre = new Map<Address, Account | undefined>();
      const result = refused ? { landed: false as const, err: refused.value } : executeTransaction(tx, this.environment(overlay.get));
      if (result.landed) {
        for (let i = 0; i < result.keys.length; i++) pre.set(result.keys[i], result.pre[i]);
        if (result.err === null) result.keys.forEach((k, i) => result.isWritable[i] && overlay.writes.set(k, result.post[i]));
      }
      results.push({ tx, result, pre });
      if (result.err !== null) break;
    }
    return { results, overlay };
  }

  async sendBundle(wires: Buffer[]): Promise<string> {
    const { results } = this.runBundle(wires, true, false);
    const failed = results.find((r) => r.result.err !== null);
    if (failed) throw new PreflightFailure(this.simulationOf(failed.result, null, this.read));
    let tip = 0n;
    for (const { result } of results) {
      if (!result.landed) continue;
      result.keys.forEach((k, i) => {
        if (TIP_ACCOUNTS.includes(k)) tip += result.post[i].lamports - result.pre[i].lamports;
      });
    }
    if (tip < MIN_BUNDLE_TIP)
      throw new MalformedTransactionError(`bundle must tip at least ${MIN_BUNDLE_TIP} lamports to one of the tip accounts`);
    const signatures: string[] = [];
    for (const { tx, result } of results)
      signatures.push(this.commit(tx, result as ExecutedTransaction, encodeBase58(tx.signatures[0])).signature);
    const bundleId = createHash("sha256").update(signatures.join(",")).digest("hex");
    this.bundles.set(bundleId, {
      bundleId,
      transactions: signatures,
      slot: this.slots.slot,
      confirmationStatus: "finalized",
      err: { Ok: null },
    });
    await this.scheduleFlush();
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
    const { results } = this.runBundle(wires, !options.skipSigVerify, options.replaceRecentBlockhash);
    const overlay = new Overlay(this.read);
    const transactionResults: BundleSimulation["transactionResults"] = [];
    results.forEach(({ result }, i) => {
      const executed = result.landed ? result : null;
      const preAddresses = options.preExecutionAccounts[i] ?? null;
      const postAddresses = options.postExecutionAccounts[i] ?? null;
      const preState = preAddresses?.map((a) => overlay.get(a) ?? null) ?? null;
      if (executed && executed.err === null)
        executed.keys.forEach((k, j) => executed.isWritable[j] && overlay.writes.set(k, executed.post[j]));
      transactionResults.push({
        err: result.err,
        logs: executed?.logs ?? [],
        unitsConsumed: BigInt(executed?.unitsConsumed ?? 0),
        returnData: executed?.returnData ?? null,
        preExecutionAccounts: preState,
        postExecutionAccounts: postAddresses?.map((a) => overlay.get(a) ?? null) ?? null,
      });
    });
    const failedIndex = results.findIndex((r) => r.result.err !== null);
    const summary: BundleSimulation["summary"] =
      failedIndex < 0
        ? "succeeded"
        : {
            failed: {
              error: {
                TransactionFailure: [
                  [...results[failedIndex].tx.signatures[0]],
                  new TransactionError(results[failedIndex].result.err!).message,
                ],
              },
              txSignature: encodeBase58(results[failedIndex].tx.signatures[0]),
            },
          };
    return { summary, transactionResults };
  }
}
