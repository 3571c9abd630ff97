import Database from "better-sqlite3";
import { closeSync, fsync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import type { Account, Address } from "../account.js";
import type { TransactionMeta, TransactionRecord } from "../service.js";
import { WalCheckpointer } from "./checkpointer.js";
import { parseWithBigInt, stringifyWithBigInt } from "./codec.js";

export interface SlotRecord {
  slot: bigint;
  blockhash: string;
  /** unix milliseconds when the slot started */
  startedAt: number;
  /** seconds added by warps, so the clock continues after a restart */
  clockOffset: number;
}

/** Everything one group commit makes durable together. */
export interface CommitBatch {
  accounts: Map<Address, Account | null>;
  transactions: { record: TransactionRecord; addresses: Address[] }[];
  slots: SlotRecord[];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  address TEXT PRIMARY KEY, lamports INTEGER NOT NULL, owner TEXT NOT NULL,
  executable INTEGER NOT NULL, rent_epoch TEXT NOT NULL, data BLOB NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS transactions (
  seq INTEGER PRIMARY KEY, signature TEXT NOT NULL UNIQUE, slot INTEGER NOT NULL, block_time INTEGER NOT NULL,
  version INTEGER NOT NULL, wire BLOB NOT NULL, meta TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS address_signatures (address TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (address, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS slots (slot INTEGER PRIMARY KEY, blockhash TEXT NOT NULL, started_at INTEGER NOT NULL, clock_offset INTEGER NOT NULL);
`;

interface TransactionRow {
  seq: number;
  signature: string;
  slot: bigint;
  block_time: number;
  version: number;
  wire: Buffer;
  meta: string;
}

function rowToRecord(row: TransactionRow): TransactionRecord {
  return {
    seq: Number(row.seq),
    signature: row.signature,
    slot: BigInt(row.slot),
    blockTime: Number(row.block_time),
    version: row.version < 0 ? "legacy" : 0,
    wire: row.wire,
    meta: parseWithBigInt<TransactionMeta>(row.meta),
  };
}

/**
 * The ledger's durable state in one SQLite file. Writes are grouped: one SQLite transaction per batch, made durable
 * by one fsync of the write-ahead log (syncWal) before anyone is told it committed, so a committed batch survives
 * kill -9 and power loss. That fsync is ours rather than SQLite's (synchronous=NORMAL, which still syncs around
 * checkpoints) so it can run off the main thread while the next batch executes: together they give what
 * synchronous=FULL gives.
 */
export class LedgerStore {
  private readonly db: Database.Database;
  private readonly stmts;
  /** The write-ahead log, for syncWal; null in memory. */
  private readonly walFd: number | null = null;
  /** Checkpoints off the main thread (storage/checkpointer.ts); null in memory. */
  private readonly checkpointer: WalCheckpointer | null = null;

  constructor(dataDir: string | null) {
    let path = ":memory:";
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      path = join(dataDir, "ledger.sqlite");
    }
    this.db = new Database(path);
    this.db.defaultSafeIntegers(true);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma(dataDir ? "synchronous = NORMAL" : "synchronous = FULL");
    this.db.exec(SCHEMA);
    // The schema write created the log; SQLite keeps this file (and inode) until the last connection closes.
    if (dataDir) {
      this.walFd = openSync(`${path}-wal`, "a");
      this.db.pragma("wal_autocheckpoint = 0");
      this.checkpointer = new WalCheckpointer(path);
    }
    this.stmts = {
      getMeta: this.db.prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?"),
      setMeta: this.db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"),
      upsertAccount: this.db.prepare(
        "INSERT INTO accounts (address, lamports, owner, executable, rent_epoch, data) VALUES (?, ?, ?, ?, ?, ?) " +
          "ON CONFLICT(address) DO UPDATE SET lamports = excluded.lamports, owner = excluded.owner, executable = excluded.executable, rent_epoch = excluded.rent_epoch, data = excluded.data",
      ),
      deleteAccount: this.db.prepare("DELETE FROM accounts WHERE address = ?"),
      insertTransaction: this.db.prepare(
        "INSERT INTO transactions (seq, signature, slot, block_time, version, wire, meta) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ),
      insertAddress: this.db.prepare("INSERT OR IGNORE INTO address_signatures (address, seq) VALUES (?, ?)"),
      insertSlot: this.db.prepare("INSERT OR REPLACE INTO slots (slot, blockhash, started_at, clock_offset) VALUES (?, ?, ?, ?)"),
      transactionBySignature: this.db.prepare<[string], TransactionRow>("SELECT * FROM transactions WHERE signature = ?"),
      seqOf: this.db.prepare<[string], { seq: bigint }>("SELECT seq FROM transactions WHERE signature = ?"),
      signaturesForAddress: this.db.prepare<[string, number, number, number], TransactionRow>(
        "SELECT t.* FROM address_signatures a JOIN transactions t ON t.seq = a.seq WHERE a.address = ? AND a.seq < ? AND a.seq > ? ORDER BY a.seq DESC LIMIT ?",
      ),
      lastSeq: this.db.prepare<[], { seq: bigint | null }>("SELECT MAX(seq) AS seq FROM transactions"),
      countTransactions: this.db.prepare<[], { n: bigint }>("SELECT COUNT(*) AS n FROM transactions"),
      slotByNumber: this.db.prepare<[bigint], { slot: bigint; blockhash: string; started_at: bigint; clock_offset: bigint }>(
        "SELECT * FROM slots WHERE slot = ?",
      ),
      recentSlots: this.db.prepare<[number], { slot: bigint; blockhash: string; started_at: bigint; clock_offset: bigint }>(
        "SELECT * FROM slots ORDER BY slot DESC LIMIT ?",
      ),
    };
  }

  getMeta(key: string): string | null {
    return this.stmts.getMeta.get(key)?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.stmts.setMeta.run(key, value);
  }

  *loadAccounts(): Generator<[Address, Account]> {
    const rows = this.db.prepare("SELECT * FROM accounts").iterate() as IterableIterator<{
      address: string;
      lamports: bigint;
      owner: string;
      executable: bigint;
      rent_epoch: string;
      data: Buffer;
    }>;
    for (const row of rows) {
      yield [
        row.address,
        {
          lamports: BigInt(row.lamports),
          owner: row.owner,
          executable: row.executable === 1n,
          rentEpoch: BigInt(row.rent_epoch),
          data: row.data,
        },
      ];
    }
  }

  /** The newest slots, newest first. */
  recentSlots(limit: number): SlotRecord[] {
    return this.stmts.recentSlots.all(limit).map((r) => ({
      slot: BigInt(r.slot),
      blockhash: r.blockhash,
      startedAt: Number(r.started_at),
      clockOffset: Number(r.clock_offset),
    }));
  }

  slot(slot: bigint): SlotRecord | null {
    const r = this.stmts.slotByNumber.get(slot);
    return r
      ? { slot: BigInt(r.slot), blockhash: r.blockhash, startedAt: Number(r.started_at), clockOffset: Number(r.clock_offset) }
      : null;
  }

  lastSeq(): number {
    const v = this.stmts.lastSeq.get()?.seq;
    return v === null || v === undefined ? 0 : Number(v);
  }

  transactionCount(): bigint {
    return BigInt(this.stmts.countTransactions.get()?.n ?? 0n);
  }

  commit(batch: CommitBatch): void {
    this.db.transaction(() => {
      for (const [address, account] of batch.accounts) {
        if (account === null) this.stmts.deleteAccount.run(address);
        else
          this.stmts.upsertAccount.run(
            address,
            account.lamports,
            account.owner,
            account.executable ? 1 : 0,
            account.rentEpoch.toString(),
            account.data,
          );
      }
      for (const { record, addresses } of batch.transactions) {
        this.stmts.insertTransaction.run(
          record.seq,
          record.signature,
          record.slot,
          record.blockTime,
          record.version === "legacy" ? -1 : 0,
          record.wire,
          stringifyWithBigInt(record.meta),
        );
        for (const address of addresses) this.stmts.insertAddress.run(address, record.seq);
      }
      for (const s of batch.slots) this.stmts.insertSlot.run(s.slot, s.blockhash, s.startedAt, s.clockOffset);
    })();
    this.checkpointer?.committed();
  }

  /** Calls `done` once every batch committed so far is on disk; the fsync runs on libuv's thread pool. */
  syncWal(done: (error: Error | null) => void): void {
    if (this.walFd === null) done(null);
    else fsync(this.walFd, done);
  }

  /** syncWal, blocking: for a flush that must be durable before it returns. */
  syncWalNow(): void {
    if (this.walFd !== null) fsyncSync(this.walFd);
  }

  transaction(signature: string): TransactionRecord | null {
    const row = this.stmts.transactionBySignature.get(signature);
    return row ? rowToRecord(row) : null;
  }

  seqOf(signature: string): number | null {
    const row = this.stmts.seqOf.get(signature);
    return row ? Number(row.seq) : null;
  }

  signaturesForAddress(address: Address, beforeSeq: number, untilSeq: number, limit: number): TransactionRecord[] {
    return this.stmts.signaturesForAddress.all(address, beforeSeq, untilSeq, limit).map(rowToRecord);
  }

  close(): void {
    this.checkpointer?.close();
    if (this.walFd !== null) {
      fsyncSync(this.walFd);
      closeSync(this.walFd);
    }
    this.db.close();
  }
}
