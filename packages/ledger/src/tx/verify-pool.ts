import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { verifyTransactionSignatures, type SignedMessage } from "./verify.js";
import { elementAt } from "../indexing.js";

/**
 * Ed25519 verification is the most expensive step of admitting a transaction, so it runs on worker threads.
 * Requests arriving in the same turn of the event loop (concurrent HTTP requests, a batch) are coalesced: each
 * worker gets messages of up to MAX_SHARE transactions each, packed into a single transferred ArrayBuffer, because
 * cloning the Buffers themselves would copy the 8 KiB pool slab behind every one. Results come back in order.
 *
 * Packed layout, per transaction: u16 LE message length, u8 signature count n, n × (64-byte signature, 32-byte
 * signer key), then the message.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const sodium = require(workerData.sodium);
function verifies(message, signature, signer) {
  try {
    return sodium.crypto_sign_verify_detached(signature, message, signer);
  } catch {
    return false;
  }
}
parentPort.on("message", ({ id, packed, count }) => {
  const bytes = Buffer.from(packed);
  const results = new Uint8Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const length = bytes.readUInt16LE(at);
    const signatures = bytes[at + 2];
    const pairs = at + 3;
    const message = bytes.subarray(pairs + 96 * signatures, pairs + 96 * signatures + length);
    let ok = true;
    for (let s = 0; ok && s < signatures; s++) {
      const pair = pairs + 96 * s;
      ok = verifies(message, bytes.subarray(pair, pair + 64), bytes.subarray(pair + 64, pair + 96));
    }
    results[i] = ok ? 1 : 0;
    at = pairs + 96 * signatures + length;
  }
  parentPort.postMessage({ id, results }, [results.buffer]);
});
`;

/** Where the workers load libsodium from: an evaluated worker has no module of its own to resolve against. */
const SODIUM = createRequire(import.meta.url).resolve("sodium-native");

/** Signatures of one transaction a worker can check: at most 255 (a u8), each with its signer. */
const MAX_PACKED_SIGNATURES = 255;
/** Turns with at most this many transactions verify them inline: cheaper than a round trip to a worker. */
const INLINE_LIMIT = 2;
/** Fewest transactions worth a message of their own: a small turn goes to one worker (the next in turn) whole. */
const MIN_SHARE = 16;
/**
 * Most transactions in one message: a large turn is cut into shares this size, so the first results come back (and
 * execute) while the workers verify the rest, rather than all at once after the last.
 */
const MAX_SHARE = 64;

interface Job {
  tx: SignedMessage;
  resolve: (ok: boolean) => void;
}

export class SignatureVerifierPool {
  private readonly workers: Worker[] = [];
  private readonly inFlight = new Map<number, ((ok: boolean) => void)[]>();
  private queue: Job[] = [];
  private scheduled = false;
  private nextId = 0;
  private nextWorker = 0;

  constructor(size = Math.max(1, availableParallelism())) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sodium: SODIUM } });
      worker.on("message", ({ id, results }: { id: number; results: Uint8Array }) => {
        const resolvers = this.inFlight.get(id);
        if (!resolvers) return;
        this.inFlight.delete(id);
        // An idle pool must not keep the process alive; a busy one must.
        if (this.inFlight.size === 0) for (const w of this.workers) w.unref();
        for (let j = 0; j < resolvers.length; j++) elementAt(resolvers, j)(results[j] === 1);
      });
      worker.unref();
      this.workers.push(worker);
    }
  }

  verify(tx: SignedMessage): Promise<boolean> {
    return new Promise((resolve) => {
      this.queue.push({ tx, resolve });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.dispatch);
      }
    });
  }

  private readonly dispatch = (): void => {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    if (queue.length <= INLINE_LIMIT) {
      for (const { tx, resolve } of queue) resolve(verifyTransactionSignatures(tx));
      return;
    }
    const share = Math.min(MAX_SHARE, Math.max(MIN_SHARE, Math.ceil(queue.length / this.workers.length)));
    for (let start = 0; start < queue.length; start += share) this.send(queue.slice(start, start + share));
  };

  /** Packs one worker's share into a single buffer and hands it over; unpackable ones are refused here. */
  private send(jobs: Job[]): void {
    const packable: Job[] = [];
    let size = 0;
    for (const job of jobs) {
      const { signatures, signerKeys, message } = job.tx;
      // Such a transaction cannot verify: a signature without its signer, or more than the layout holds.
      if (signatures.length > signerKeys.length || signatures.length > MAX_PACKED_SIGNATURES || message.length > 0xffff) job.resolve(false);
      else {
        packable.push(job);
        size += 3 + 96 * signatures.length + message.length;
      }
    }
    if (packable.length === 0) return;
    const packed = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const { tx } of packable) {
      at = packed.writeUInt16LE(tx.message.length, at);
      at = packed.writeUInt8(tx.signatures.length, at);
      for (let s = 0; s < tx.signatures.length; s++) {
        packed.set(elementAt(tx.signatures, s), at);
        packed.set(elementAt(tx.signerKeys, s), at + 64);
        at += 96;
      }
      packed.set(tx.message, at);
      at += tx.message.length;
    }
    const id = this.nextId++;
    this.inFlight.set(
      id,
      packable.map((job) => job.resolve),
    );
    const worker = elementAt(this.workers, this.nextWorker++ % this.workers.length);
    worker.ref();
    worker.postMessage({ id, packed: packed.buffer, count: packable.length }, [packed.buffer]);
  }

  async close(): Promise<void> {
    // Referenced again, or an otherwise idle process would end before its threads do, the close unsettled.
    await Promise.all(
      this.workers.map((w) => {
        w.ref();
        return w.terminate();
      }),
    );
  }
}
