import Database from "better-sqlite3";
import { closeSync, fsync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import type { Account, Address } from "../account.js";
import type { TransactionMeta, TransactionRecord } from "../service.js";
import { encodeTransactionMeta, readTransactionError, readTransactionMeta } from "./meta-codec.js";

export interface SlotRecord {
  slot: bigint;
  blockhash: string;
  /** unix milliseconds when the slot started */
  startedAt: number;
  /** seconds added by warps, so the clock continues after a restart */
  clockOffset: number;
}

export interface RecentStatusRow {
  signature: string;
  slot: bigint;
  seq: number;
  err: TransactionMeta["err"];
}

/** Everything one group commit makes durable together. */
export interface CommitBatch {
  accounts: Map<Address, Account | null>;
  transactions: { record: TransactionRecord; addresses: Address[] }[];
  slots: SlotRecord[];
}

// Transactions are found by signature through a 32-bit hash of it (signature_key) rather than a unique index on the
// 88-character text: the index stays about a sixth of the size, so a group commit dirties (and logs) far fewer pages.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  address TEXT PRIMARY KEY, lamports INTEGER NOT NULL, owner TEXT NOT NULL,
  executable INTEGER NOT NULL, rent_epoch TEXT NOT NULL, data BLOB NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS transactions (
  seq INTEGER PRIMARY KEY, signature TEXT NOT NULL, signature_key INTEGER NOT NULL, slot INTEGER NOT NULL,
  block_time INTEGER NOT NULL, version INTEGER NOT NULL, wire BLOB NOT NULL, meta BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS transactions_by_signature_key ON transactions (signature_key);
CREATE TABLE IF NOT EXISTS address_signatures (address TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (address, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS slots (slot INTEGER PRIMARY KEY, blockhash TEXT NOT NULL, started_at INTEGER NOT NULL, clock_offset INTEGER NOT NULL);
`;

/**
 * A batch as flat statement parameters: what the writer thread receives (plain values clone cheaply between threads,
 * records with nested metas do not). Each table's rows follow one another, a fixed number of columns each.
 */
export interface CommitRows {
  /** address, lamports, owner, executable, rent_epoch, data */
  accounts: (string | bigint | number | Uint8Array)[];
  deletedAccounts: string[];
  /** seq, signature, signature_key, slot, block_time, version, wire, meta */
  transactions: (string | bigint | number | Uint8Array)[];
  /** address, seq */
  addresses: (string | number)[];
  /** slot, blockhash, started_at, clock_offset */
  slots: (string | bigint | number)[];
}

const ACCOUNT_COLUMNS = 6;
const TRANSACTION_COLUMNS = 8;
const SLOT_COLUMNS = 4;

export function commitRows(batch: CommitBatch): CommitRows {
  const rows: CommitRows = { accounts: [], deletedAccounts: [], transactions: [], addresses: [], slots: [] };
  for (const [address, account] of batch.accounts) {
    if (account === null) rows.deletedAccounts.push(address);
    else
      // SQLite integers are signed: u64 lamports above i64::MAX are kept as their two's-complement image.
      rows.accounts.push(
        address,
        BigInt.asIntN(64, account.lamports),
        account.owner,
        account.executable ? 1 : 0,
        account.rentEpoch.toString(),
        account.data,
      );
  }
  for (const { record, addresses } of batch.transactions) {
    rows.transactions.push(
      record.seq,
      record.signature,
      signatureKey(record.signature),
      record.slot,
      record.blockTime,
      record.version === "legacy" ? -1 : 0,
      record.wire,
      encodeTransactionMeta(record.meta),
    );
    for (const address of addresses) rows.addresses.push(address, record.seq);
  }
  for (const s of batch.slots) rows.slots.push(s.slot, s.blockhash, s.startedAt, s.clockOffset);
  return rows;
}

/**
 * Log pages between automatic checkpoints (SQLite's default is 1,000). Every group commit rewrites the same hot pages
 * (the ends of the indexes), and a checkpoint copies each page once however often the log holds it: at 1,000 a token
 * transfer cost 13–14 KB of writes, at 10,000 about 10 KB. The log grows to about 40 MB before it is reused.
 */
const WAL_CHECKPOINT_PAGES = 10_000;

/** Rows per multi-row INSERT: one statement call per this many rows instead of one per row. */
const ROWS_PER_INSERT = 32;

/** FNV-1a over the signature's characters, as a signed 32-bit integer: the key of the signature index. */
export function signatureKey(signature: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < signature.length; i++) hash = Math.imul(hash ^ signature.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * Stores written before the signature index moved to signature_key keep their rows: the table is rebuilt once,
 * in one SQLite transaction, the first time such a store is opened.
 */
function migrateSignatureIndex(db: Database.Database): void {
  const table = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'transactions'").get();
  if (!table || table.sql.includes("signature_key")) return;
  db.function("signature_key", { deterministic: true }, (signature: unknown) => signatureKey(String(signature)));
  db.transaction(() => {
    db.exec("ALTER TABLE transactions RENAME TO transactions_before_signature_key");
    db.exec(SCHEMA);
    db.exec(
      "INSERT INTO transactions (seq, signature, signature_key, slot, block_time, version, wire, meta) " +
        "SELECT seq, signature, signature_key(signature), slot, block_time, version, wire, meta FROM transactions_before_signature_key",
    );
    db.exec("DROP TABLE transactions_before_signature_key");
  })();
}

interface TransactionRow {
  seq: number;
  signature: string;
  slot: bigint;
  block_time: number;
  version: number;
  wire: Buffer;
  /** meta-codec's binary; JSON text in rows of stores written before it */
  meta: Buffer | string;
}

function rowToRecord(row: TransactionRow): TransactionRecord {
  return {
    seq: Number(row.seq),
    signature: row.signature,
    slot: BigInt(row.slot),
    blockTime: Number(row.block_time),
    version: row.version < 0 ? "legacy" : 0,
    wire: row.wire,
    meta: readTransactionMeta(row.meta),
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
    this.db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    migrateSignatureIndex(this.db);
    this.db.exec(SCHEMA);
    // The schema write created the log; SQLite keeps this file (and inode) until the last connection closes.
    if (dataDir) this.walFd = openSync(`${path}-wal`, "a");
    this.stmts = {
      getMeta: this.db.prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?"),
      setMeta: this.db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"),
      upsertAccount: this.db.prepare(
        "INSERT INTO accounts (address, lamports, owner, executable, rent_epoch, data) VALUES (?, ?, ?, ?, ?, ?) " +
          "ON CONFLICT(address) DO UPDATE SET lamports = excluded.lamports, owner = excluded.owner, executable = excluded.executable, rent_epoch = excluded.rent_epoch, data = excluded.data",
      ),
      deleteAccount: this.db.prepare("DELETE FROM accounts WHERE address = ?"),
      insertTransaction: this.db.prepare(
        "INSERT INTO transactions (seq, signature, signature_key, slot, block_time, version, wire, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      insertAddress: this.db.prepare("INSERT OR IGNORE INTO address_signatures (address, seq) VALUES (?, ?)"),
      insertAddresses: this.db.prepare(
        `INSERT OR IGNORE INTO address_signatures (address, seq) VALUES ${Array(ROWS_PER_INSERT).fill("(?, ?)").join(", ")}`,
      ),
      insertSlot: this.db.prepare("INSERT OR REPLACE INTO slots (slot, blockhash, started_at, clock_offset) VALUES (?, ?, ?, ?)"),
      transactionBySignature: this.db.prepare<[number, string], TransactionRow>(
        "SELECT * FROM transactions WHERE signature_key = ? AND signature = ?",
      ),
      seqOf: this.db.prepare<[number, string], { seq: bigint }>("SELECT seq FROM transactions WHERE signature_key = ? AND signature = ?"),
      signaturesForAddress: this.db.prepare<[string, number, number, number], TransactionRow>(
        "SELECT t.* FROM address_signatures a JOIN transactions t ON t.seq = a.seq WHERE a.address = ? AND a.seq < ? AND a.seq > ? ORDER BY a.seq DESC LIMIT ?",
      ),
      newestTransactions: this.db.prepare<[], { seq: bigint; signature: string; slot: bigint; meta: Buffer | string }>(
        "SELECT seq, signature, slot, meta FROM transactions ORDER BY seq DESC",
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
          lamports: BigInt.asUintN(64, BigInt(row.lamports)),
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

  /**
   * Statuses of the transactions landed in `sinceSlot` or later, oldest first: what a restarted ledger needs to keep
   * refusing replays of transactions whose blockhash is still valid.
   */
  recentStatuses(sinceSlot: bigint): RecentStatusRow[] {
    const statuses: RecentStatusRow[] = [];
    for (const row of this.stmts.newestTransactions.iterate()) {
      if (BigInt(row.slot) < sinceSlot) break;
      statuses.push({
        signature: row.signature,
        slot: BigInt(row.slot),
        seq: Number(row.seq),
        err: readTransactionError(row.meta),
      });
    }
    return statuses.reverse();
  }

  transactionCount(): bigint {
    return BigInt(this.stmts.countTransactions.get()?.n ?? 0n);
  }

  commit(batch: CommitBatch): void {
    this.writeRows(commitRows(batch));
  }

  /** Writes one batch's rows in one SQLite transaction (here, or on the writer thread). */
  writeRows(rows: CommitRows): void {
    this.db.transaction(() => {
      for (let i = 0; i < rows.accounts.length; i += ACCOUNT_COLUMNS)
        this.stmts.upsertAccount.run(rows.accounts.slice(i, i + ACCOUNT_COLUMNS));
      for (const address of rows.deletedAccounts) this.stmts.deleteAccount.run(address);
      for (let i = 0; i < rows.transactions.length; i += TRANSACTION_COLUMNS)
        this.stmts.insertTransaction.run(rows.transactions.slice(i, i + TRANSACTION_COLUMNS));
      const pairs = rows.addresses;
      const whole = pairs.length - (pairs.length % (2 * ROWS_PER_INSERT));
      for (let i = 0; i < whole; i += 2 * ROWS_PER_INSERT) this.stmts.insertAddresses.run(pairs.slice(i, i + 2 * ROWS_PER_INSERT));
      for (let i = whole; i < pairs.length; i += 2) this.stmts.insertAddress.run(pairs[i], pairs[i + 1]);
      for (let i = 0; i < rows.slots.length; i += SLOT_COLUMNS) this.stmts.insertSlot.run(rows.slots.slice(i, i + SLOT_COLUMNS));
    })();
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
    const row = this.stmts.transactionBySignature.get(signatureKey(signature), signature);
    return row ? rowToRecord(row) : null;
  }

  seqOf(signature: string): number | null {
    const row = this.stmts.seqOf.get(signatureKey(signature), signature);
    return row ? Number(row.seq) : null;
  }

  signaturesForAddress(address: Address, beforeSeq: number, untilSeq: number, limit: number): TransactionRecord[] {
    return this.stmts.signaturesForAddress.all(address, beforeSeq, untilSeq, limit).map(rowToRecord);
  }

  close(): void {
    if (this.walFd !== null) {
      fsyncSync(this.walFd);
      closeSync(this.walFd);
    }
    this.db.close();
  }
}
