// Group commit: everything that happens in one turn of the event loop (transactions, account writes, new slots) goes
// to the store in one SQLite transaction, one fsync, and only then are waiters released and listeners told.
import type { CommitBatch, LedgerStore } from "./store.js";

function emptyBatch(): CommitBatch {
  return { accounts: new Map(), transactions: [], slots: [] };
}

export class CommitQueue {
  /** What the next flush writes; callers add to it directly. */
  pending: CommitBatch = emptyBatch();
  private waiters: (() => void)[] = [];
  private scheduled = false;

  /** `committed` sees each batch once it is on disk, after the waiters are released. */
  constructor(
    private readonly store: LedgerStore,
    private readonly committed: (batch: CommitBatch) => void,
  ) {}

  /** Resolves once everything pending now is durable; the flush runs on the next turn of the event loop. */
  durable(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return done;
  }

  /** Writes the pending batch now (an empty one costs no write). */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    const waiters = this.waiters;
    this.pending = emptyBatch();
    this.waiters = [];
    if (batch.accounts.size + batch.transactions.length + batch.slots.length > 0) this.store.commit(batch);
    for (const resolve of waiters) resolve();
    this.committed(batch);
  }
}
