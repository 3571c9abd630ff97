// The main thread's side of the writer thread (writer-thread.ts): hands each batch over as flat rows and hears back
// when the log is synced. Blocking syncs (flush, close) wait on shared memory, so they stay synchronous.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { commitRows, type CommitBatch } from "./store.js";
import type { SyncReply, WriterData, WriterRequest } from "./writer-thread.js";

/** What group commit needs from the store: write a batch, and make everything written durable. */
export interface DurableWriter {
  commit(batch: CommitBatch): void;
  syncWal(done: (error: Error | null) => void): void;
  syncWalNow(): void;
}

/** How long a blocking sync waits for the writer before giving up loudly. */
const BLOCKING_TIMEOUT_MS = 60_000;

// The writer runs this module's TypeScript sibling; under tsx (as the ledger always runs) the worker inherits the
// loader, and registering it again covers hosts that load the ledger another way (vitest).
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx)
  .then((tsx) => tsx.register())
  .then(() => import(workerData.entry));
`;

export class StoreWriter implements DurableWriter {
  private readonly worker: Worker;
  private readonly signal = new Int32Array(new SharedArrayBuffer(8));
  private readonly replies: MessagePort;
  private readonly syncs = new Map<number, (error: Error | null) => void>();
  private nextSync = 0;
  /** Set when the thread failed or exited: every sync from then on fails with it. */
  private broken: Error | null = null;

  constructor(dataDir: string) {
    const channel = new MessageChannel();
    this.replies = channel.port1;
    const data: WriterData = { dataDir, replies: channel.port2, signal: this.signal };
    const require = createRequire(import.meta.url);
    this.worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: {
        ...data,
        // tsx/esm/api's "import" entry, from the package's exports map (require.resolve picks the "require" one).
        tsx: pathToFileURL(join(dirname(require.resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href,
        entry: new URL("./writer-thread.ts", import.meta.url).href,
      },
      transferList: [channel.port2],
    });
    this.worker.on("message", (reply: SyncReply) => this.answered(reply.id, reply.error === null ? null : new Error(reply.error)));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", () => this.fail(new Error("the ledger's store writer exited")));
    // An idle writer must not keep the process alive; one with syncs outstanding must.
    this.worker.unref();
  }

  commit(batch: CommitBatch): void {
    this.post({ kind: "write", rows: commitRows(batch) });
  }

  syncWal(done: (error: Error | null) => void): void {
    if (this.broken) return done(this.broken);
    const id = ++this.nextSync;
    this.syncs.set(id, done);
    this.worker.ref();
    this.post({ kind: "sync", id, blocking: false });
  }

  syncWalNow(): void {
    if (this.broken) throw this.broken;
    const id = ++this.nextSync;
    this.post({ kind: "sync", id, blocking: true });
    this.waitFor(0, id);
    const reply = receiveMessageOnPort(this.replies)?.message as SyncReply | undefined;
    if (reply?.error) throw new Error(reply.error);
  }

  /**
   * Closes the writer's connection (after everything posted before) at once, and resolves once the thread has ended:
   * a process that exits while a thread holding a native database handle is still being torn down can abort.
   */
  async close(): Promise<void> {
    if (!this.broken) {
      this.post({ kind: "close" });
      this.waitFor(1, 1);
    }
    this.broken ??= new Error("the ledger's store writer is closed");
    this.replies.close();
    // Referenced again, or an otherwise idle process would end before the thread does.
    this.worker.ref();
    await this.worker.terminate();
  }

  private post(request: WriterRequest): void {
    this.worker.postMessage(request);
  }

  /** Blocks until signal[index] is `value`. */
  private waitFor(index: number, value: number): void {
    const deadline = Date.now() + BLOCKING_TIMEOUT_MS;
    for (let seen = Atomics.load(this.signal, index); seen !== value; seen = Atomics.load(this.signal, index)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("the ledger's store writer did not answer");
      Atomics.wait(this.signal, index, seen, left);
    }
  }

  private answered(id: number, error: Error | null): void {
    const done = this.syncs.get(id);
    this.syncs.delete(id);
    if (this.syncs.size === 0) this.worker.unref();
    done?.(error);
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const id of [...this.syncs.keys()]) this.answered(id, this.broken);
  }
}
