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

/** A queue whose log syncs complete only when the test calls them. */
function heldSyncs() {
  const q = queue();
  const syncs: ((error: Error | null) => void)[] = [];
  vi.spyOn(q.store, "syncWal").mockImplementation((done) => void syncs.push(done));
  return { ...q, syncs, syncNow: vi.spyOn(q.store, "syncWalNow") };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it("releases a written batch only once the log is synced, and writes what gathered meanwhile in one commit after it", async () => {
  const { commit, committed, syncs, queue: commits } = heldSyncs();
  const released: string[] = [];
  commits.pending.accounts.set("a", account(1n));
  void commits.durable().then(() => released.push("a"));
  await nextTurn();
  expect(commit).toHaveBeenCalledTimes(1);
  expect(released).toEqual([]);
  // Two turns while the first sync runs: nothing is written until it ends, then both in one commit.
  commits.pending.accounts.set("b", account(2n));
  void commits.durable().then(() => released.push("b"));
  await nextTurn();
  commits.pending.accounts.set("c", account(3n));
  void commits.durable().then(() => released.push("c"));
  await nextTurn();
  expect(commit).toHaveBeenCalledTimes(1);
  expect(syncs).toHaveLength(1);
  syncs[0]!(null);
  await Promise.resolve();
  expect(released).toEqual(["a"]);
  expect(committed.map((b) => [...b.accounts.keys()])).toEqual([["a"]]);
  await nextTurn();
  expect(commit).toHaveBeenCalledTimes(2);
  expect(released).toEqual(["a"]);
  expect(syncs).toHaveLength(2);
  syncs[1]!(null);
  await Promise.resolve();
  expect(released).toEqual(["a", "b", "c"]);
  expect(committed.map((b) => [...b.accounts.keys()])).toEqual([["a"], ["b", "c"]]);
  // Nothing waits: no write and no sync follow.
  await nextTurn();
  expect(commit).toHaveBeenCalledTimes(2);
  expect(syncs).toHaveLength(2);
});

it("makes everything durable at once on a blocking flush, even while a sync runs; the late sync releases nothing twice", async () => {
  const { commit, committed, syncs, syncNow, queue: commits } = heldSyncs();
  let released = 0;
  commits.pending.accounts.set("a", account(1n));
  void commits.durable().then(() => released++);
  await nextTurn();
  commits.pending.accounts.set("b", account(2n));
  void commits.durable().then(() => released++);
  commits.flush();
  expect(commit).toHaveBeenCalledTimes(2);
  expect(syncNow).toHaveBeenCalledTimes(1);
  await Promise.resolve();
  expect(released).toBe(2);
  expect(committed.map((b) => [...b.accounts.keys()])).toEqual([["a"], ["b"]]);
  // The first sync completing late (even failing, as on a closed log) changes nothing.
  syncs[0]!(new Error("closed"));
  await nextTurn();
  expect(committed.map((b) => [...b.accounts.keys()])).toEqual([["a"], ["b"]]);
  expect(commit).toHaveBeenCalledTimes(2);
  expect(syncs).toHaveLength(1);
});
