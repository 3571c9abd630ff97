// Group commit: every durable() of one event-loop turn shares one store commit, waiters are released only after it,
// and an empty turn writes nothing.
import { afterEach, expect, it, vi } from "vitest";
import { SYSTEM_PROGRAM_ID, RENT_EXEMPT_EPOCH } from "../../src/account.js";
import { CommitQueue } from "../../src/storage/commit-queue.js";
import { LedgerStore, type CommitBatch } from "../../src/storage/store.js";

const stores: LedgerStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function queue() {
  const store = new LedgerStore(null);
  stores.push(store);
  const commit = vi.spyOn(store, "commit");
  const committed: CommitBatch[] = [];
  return { store, commit, committed, queue: new CommitQueue(store, (batch) => committed.push(batch)) };
}

const account = (lamports: bigint) => ({
  lamports,
  data: Buffer.alloc(0),
  owner: SYSTEM_PROGRAM_ID,
  executable: false,
  rentEpoch: RENT_EXEMPT_EPOCH,
});

it("writes everything of one turn in one commit, then releases every waiter and tells the listener", async () => {
  const { store, commit, committed, queue: commits } = queue();
  commits.pending.accounts.set("a", account(1n));
  const first = commits.durable();
  commits.pending.accounts.set("b", account(2n));
  const second = commits.durable();
  expect(commit).not.toHaveBeenCalled();
  await Promise.all([first, second]);
  expect(commit).toHaveBeenCalledTimes(1);
  expect([...committed[0]!.accounts.keys()]).toEqual(["a", "b"]);
  expect(new Map(store.loadAccounts()).get("b")?.lamports).toBe(2n);
  expect(commits.pending.accounts.size).toBe(0);
});

it("flushes at once when asked, and writes nothing for an empty batch", async () => {
  const { commit, committed, queue: commits } = queue();
  commits.flush();
  expect(commit).not.toHaveBeenCalled();
  expect(committed).toHaveLength(1);
  commits.pending.accounts.set("a", account(1n));
  const waiting = commits.durable();
  commits.flush();
  await waiting;
  expect(commit).toHaveBeenCalledTimes(1);
  // The turn's scheduled flush still runs, with nothing left to write.
  await new Promise((resolve) => setImmediate(resolve));
  expect(commit).toHaveBeenCalledTimes(1);
});

it("releases a written batch only once the log is synced, in order, and a blocking flush syncs at once", async () => {
  const { store, commit, committed, queue: commits } = queue();
  const syncs: ((error: Error | null) => void)[] = [];
  vi.spyOn(store, "syncWal").mockImplementation((done) => void syncs.push(done));
  const syncNow = vi.spyOn(store, "syncWalNow");
  let released = 0;
  commits.pending.accounts.set("a", account(1n));
  void commits.durable().then(() => released++);
  await new Promise((resolve) => setImmediate(resolve));
  expect(commit).toHaveBeenCalledTimes(1);
  expect(released).toBe(0);
  // Written while the first sync runs: waits for a sync of its own.
  commits.pending.accounts.set("b", account(2n));
  void commits.durable().then(() => released++);
  await new Promise((resolve) => setImmediate(resolve));
  expect(commit).toHaveBeenCalledTimes(2);
  expect(syncs).toHaveLength(1);
  syncs[0]!(null);
  await Promise.resolve();
  expect(released).toBe(1);
  expect(committed.map((b) => [...b.accounts.keys()])).toEqual([["a"]]);
  expect(syncs).toHaveLength(2);
  commits.flush();
  expect(syncNow).toHaveBeenCalledTimes(1);
  await Promise.resolve();
  expect(released).toBe(2);
  // The flush's own (empty) batch is told too; the second sync completing late (even failing, as on a closed log)
  // releases nothing twice.
  syncs[1]!(new Error("closed"));
  expect(committed.map((b) => [...b.accounts.keys()])).toEqual([["a"], ["b"], []]);
});
