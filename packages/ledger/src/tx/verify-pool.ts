import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { verifyTransactionSignatures, type SignedMessage } from "./verify.js";
import { elementAt } from "../indexing.js";

/**
 * Ed25519 verification is the most expensive step of admitting a transaction, so it runs on worker threads.
 * Requests arriving in the same tick are batched into one message per worker; results come back in order.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createPublicKey, verify } = require("node:crypto");
const PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const keys = new Map();
function keyObject(raw) {
  const id = raw.toString("latin1");
  let key = keys.get(id);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([PREFIX, raw]), format: "der", type: "spki" });
    if (keys.size > 100000) keys.clear();
    keys.set(id, key);
  }
  return key;
}
parentPort.on("message", ({ id, jobs }) => {
  const results = new Uint8Array(jobs.length);
  for (let i = 0; i < jobs.length; i++) {
    const { message, signatures, signers } = jobs[i];
    let ok = true;
    for (let s = 0; ok && s < signatures.length; s++) {
      try {
        ok = verify(null, Buffer.from(message), keyObject(Buffer.from(signers[s])), Buffer.from(signatures[s]));
      } catch {
        ok = false;
      }
    }
    results[i] = ok ? 1 : 0;
  }
  parentPort.postMessage({ id, results });
});
`;

interface Job {
  message: Uint8Array;
  signatures: Uint8Array[];
  signers: Uint8Array[];
}

interface PendingBatch {
  resolvers: ((ok: boolean) => void)[];
}

export class SignatureVerifierPool {
  private readonly workers: Worker[] = [];
  private readonly inFlight = new Map<number, PendingBatch>();
  private queue: { job: Job; resolve: (ok: boolean) => void }[] = [];
  private scheduled = false;
  private nextId = 0;
  private nextWorker = 0;

  constructor(size = Math.max(1, availableParallelism())) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.on("message", ({ id, results }: { id: number; results: Uint8Array }) => {
        const batch = this.inFlight.get(id);
        if (!batch) return;
        this.inFlight.delete(id);
        // An idle pool must not keep the process alive; a busy one must.
        if (this.inFlight.size === 0) for (const w of this.workers) w.unref();
        batch.resolvers.forEach((resolve, j) => resolve(results[j] === 1));
      });
      worker.unref();
      this.workers.push(worker);
    }
  }

  verify(tx: SignedMessage): Promise<boolean> {
    return new Promise((resolve) => {
      this.queue.push({ job: { message: tx.message, signatures: [...tx.signatures], signers: [...tx.signerKeys] }, resolve });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.dispatch());
      }
    });
  }

  private dispatch(): void {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    // Small batches are cheaper inline than a round trip to a worker.
    if (queue.length <= 2) {
      for (const { job, resolve } of queue) resolve(verifyJobInline(job));
      return;
    }
    const share = Math.ceil(queue.length / this.workers.length);
    for (let start = 0; start < queue.length; start += share) {
      const slice = queue.slice(start, start + share);
      const id = this.nextId++;
      this.inFlight.set(id, { resolvers: slice.map((q) => q.resolve) });
      const worker = elementAt(this.workers, this.nextWorker++ % this.workers.length);
      worker.ref();
      worker.postMessage({ id, jobs: slice.map((q) => q.job) });
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

function verifyJobInline(job: Job): boolean {
  return verifyTransactionSignatures({ message: job.message, signatures: job.signatures, signerKeys: job.signers });
}
