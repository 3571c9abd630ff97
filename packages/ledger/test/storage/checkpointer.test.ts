// Checkpoints run on the checkpoint worker, not inside the main thread's commits: the write-ahead log's pages reach
// the database file while the main thread only waits, and everything committed is there after a close and reopen.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { RENT_EXEMPT_EPOCH, SYSTEM_PROGRAM_ID } from "../../src/account.js";
import { LedgerStore } from "../../src/storage/store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ballast-checkpoint-"));
  dirs.push(dir);
  return dir;
}

/** One commit of `count` accounts of 1 KiB, numbered from `first`. */
function commitAccounts(store: LedgerStore, first: number, count: number): void {
  const accounts = new Map(
    Array.from({ length: count }, (_, i) => [
      `account-${first + i}`,
      {
        lamports: BigInt(first + i),
        data: Buffer.alloc(1024, first + i),
        owner: SYSTEM_PROGRAM_ID,
        executable: false,
        rentEpoch: RENT_EXEMPT_EPOCH,
      },
    ]),
  );
  store.commit({ accounts, transactions: [], slots: [] });
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("copies the log into the database file on the worker, and keeps every commit across a close", async () => {
  const dir = dataDir();
  const file = join(dir, "ledger.sqlite");
  const store = new LedgerStore(dir);
  const before = statSync(file).size;
  // 32 commits of 40 KiB: far below SQLite's own automatic checkpoint (1,000 pages), which is off besides, so only
  // the worker's checkpoints move pages into the database file.
  for (let c = 0; c < 32; c++) commitAccounts(store, c * 40, 40);
  await until(() => statSync(file).size > before + 1_000_000);
  store.close();

  const reopened = new LedgerStore(dir);
  const accounts = new Map(reopened.loadAccounts());
  reopened.close();
  expect(accounts.size).toBe(32 * 40);
  expect(accounts.get("account-1279")?.lamports).toBe(1279n);
  expect(accounts.get("account-1279")?.data).toEqual(Buffer.alloc(1024, 1279));
});

it("closes while a checkpoint runs, and a reopen finds everything", () => {
  const dir = dataDir();
  const store = new LedgerStore(dir);
  for (let c = 0; c < 16; c++) commitAccounts(store, c * 40, 40);
  store.close();
  const reopened = new LedgerStore(dir);
  expect(new Map(reopened.loadAccounts()).size).toBe(16 * 40);
  reopened.close();
});
