// Group commit: everything that happens in one turn of the event loop (transactions, account writes, new slots) goes
// to the store in one SQLite transaction; only once the write-ahead log is synced are waiters released and listeners
// told. The sync runs off the main thread, so transactions keep executing meanwhile; what they change gathers in
// the pending batch and is written in one SQLite transaction as soon as the sync ends. Waiters could not be released
// before that sync ended anyway, and one write per sync instead of one per turn keeps SQLite's per-commit cost
// (page writes to the log) from growing with the number of requests, as it did for one transaction per request.
import type { CommitBatch, LedgerStore } from "./store.js";

function emptyBatch(): CommitBatch {
  return { accounts: new Map(), transactions: [], slots: [] };
}

interface Written {
  /** Order of writing, from 1. */
  seq: number;
  batch: CommitBatch;
  waiters: (() => void)[];
}

export class CommitQueue {
  /** What the next flush writes; callers add to it directly. */
  pending: CommitBatch = emptyBatch();
  private waiters: (() => void)[] = [];
  private scheduled = false;
  /** Batches written to the store, in order, whose sync has not completed. */
  private unsynced: Written[] = [];
  private syncing = false;
  private writtenSeq = 0;

  /** `committed` sees each batch once it is on disk, after the waiters are released, in commit order. */
  constructor(
    private readonly store: LedgerStore,
    private readonly committed: (batch: CommitBatch) => void,
  ) {}

  /**
   * Resolves once everything pending now is durable. The write runs on the next turn of the event loop, or once the
   * sync in flight ends.
   */
  durable(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.schedule();
    return done;
  }

  private schedule(): void {
    if (this.scheduled || this.syncing) return;
    this.scheduled = true;
    setImmediate(this.writeScheduled);
  }

  private readonly writeScheduled = (): void => {
    if (this.scheduled) this.writePending();
  };

  /** Writes the pending batch and makes everything written durable now, blocking (an empty batch costs no write). */
  flush(): void {
    this.writePending();
    if (this.unsynced.length === 0) return;
    this.store.syncWalNow();
    this.release(this.writtenSeq);
  }

  private writePending(): void {
    this.scheduled = false;
    const batch = this.pending;
    const waiters = this.waiters;
    this.pending = emptyBatch();
    this.waiters = [];
    if (batch.accounts.size + batch.transactions.length + batch.slots.length === 0) {
      // Nothing to write: durable once what was written before it is.
      if (this.unsynced.length === 0) {
        for (const resolve of waiters) resolve();
        this.committed(batch);
        return;
      }
    } else {
      this.store.commit(batch);
    }
    this.unsynced.push({ seq: ++this.writtenSeq, batch, waiters });
    this.startSync();
  }

  private startSync(): void {
    if (this.syncing || this.unsynced.length === 0) return;
    this.syncing = true;
    const covered = this.writtenSeq;
    this.store.syncWal((error) => {
      this.syncing = false;
      const stillWaiting = this.unsynced[0] !== undefined && this.unsynced[0].seq <= covered;
      // A blocking flush (closing the store) may have made these durable already; otherwise a log that cannot be
      // synced leaves nothing durable to promise: fail loudly, as SQLite's own sync would.
      if (error && stillWaiting) throw error;
      this.release(covered);
      // Batches a blocking flush wrote are synced at once; what gathered meanwhile is written on the next turn.
      this.startSync();
      if (this.waiters.length > 0) this.schedule();
    });
  }

  /** Releases the written batches up to `seq`, oldest first: their waiters, then their listeners. */
  private release(seq: number): void {
    let count = 0;
    while (count < this.unsynced.length && (this.unsynced[count]?.seq ?? Infinity) <= seq) count++;
    const done = this.unsynced.splice(0, count);
    for (const { waiters } of done) for (const resolve of waiters) resolve();
    for (const { batch } of done) this.committed(batch);
  }
}
