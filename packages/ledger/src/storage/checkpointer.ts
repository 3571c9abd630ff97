// A checkpoint copies the write-ahead log back into the database file and fsyncs both: tens of milliseconds on a
// real disk. Left to SQLite, it runs inside whichever commit crosses wal_autocheckpoint, blocking the main thread
// (a fifth of it under one transaction per request). Here a worker thread with a connection of its own runs them,
// PASSIVE so the main connection keeps writing meanwhile, and the main connection's automatic checkpoints are off.
// A checkpoint that is cut short (kill -9) is what SQLite recovers from on the next open.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma("synchronous = NORMAL");
const closed = new Int32Array(workerData.closed);
parentPort.on("message", (message) => {
  if (message === "checkpoint") {
    db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage("checkpointed");
    return;
  }
  db.close();
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  process.exit(0);
});
`;

/** Commits between checkpoints: a few MB of log at the commit sizes of a busy ledger. */
const COMMITS_PER_CHECKPOINT = 16;
/** How long close() waits for a checkpoint in progress to end. */
const CLOSE_TIMEOUT_MS = 10_000;

export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly closed = new Int32Array(new SharedArrayBuffer(4));
  private commits = 0;
  private running = false;

  /** `path` is a database in WAL mode whose own connection has wal_autocheckpoint off. */
  constructor(path: string) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path, closed: this.closed.buffer } });
    this.worker.on("message", () => {
      this.running = false;
      this.worker.unref();
    });
    this.worker.on("error", (error) => console.error("ledger: the checkpoint worker failed:", error));
    this.worker.unref();
  }

  /** After each commit: starts a checkpoint once enough has been written since the last, unless one runs. */
  committed(): void {
    if (++this.commits < COMMITS_PER_CHECKPOINT || this.running) return;
    this.commits = 0;
    this.running = true;
    // A checkpoint in progress keeps the process alive: a cut-short one costs the next start its recovery.
    this.worker.ref();
    this.worker.postMessage("checkpoint");
  }

  /** Closes the worker's connection, blocking until it is closed, so the main connection is the last to close. */
  close(): void {
    this.worker.postMessage("close");
    Atomics.wait(this.closed, 0, 0, CLOSE_TIMEOUT_MS);
  }
}
