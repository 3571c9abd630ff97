// The store's writer thread: a second connection to the ledger's SQLite file that writes each batch the main thread
// hands it and syncs the write-ahead log when asked, so SQLite's work (statements, log writes, checkpoints) runs
// beside execution instead of inside it. Requests arrive in order; a sync covers every write before it.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { LedgerStore, type CommitRows } from "./store.js";

export type WriterRequest = { kind: "write"; rows: CommitRows } | { kind: "sync"; id: number; blocking: boolean } | { kind: "close" };

export interface SyncReply {
  id: number;
  /** Why the writes before this sync are not durable; null when they are. */
  error: string | null;
}

export interface WriterData {
  dataDir: string;
  /** Replies to blocking syncs, read by the main thread while it waits on `signal`. */
  replies: MessagePort;
  /** [0]: id of the last blocking sync answered; [1]: 1 once the connection is closed. */
  signal: Int32Array;
}

const port = parentPort;
if (port) {
  const { dataDir, replies, signal } = workerData as WriterData;
  const store = new LedgerStore(dataDir);
  /** The first write that failed: nothing after it can be promised durable. */
  let failure: string | null = null;
  port.on("message", (request: WriterRequest) => {
    if (request.kind === "write") {
      if (failure !== null) return;
      try {
        store.writeRows(request.rows);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    } else if (request.kind === "sync") {
      let error = failure;
      if (error === null) {
        try {
          store.syncWalNow();
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      const reply: SyncReply = { id: request.id, error };
      if (!request.blocking) port.postMessage(reply);
      else {
        replies.postMessage(reply);
        Atomics.store(signal, 0, request.id);
        Atomics.notify(signal, 0);
      }
    } else {
      store.close();
      Atomics.store(signal, 1, 1);
      Atomics.notify(signal, 1);
      port.close();
    }
  });
}
