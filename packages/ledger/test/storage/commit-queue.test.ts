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
