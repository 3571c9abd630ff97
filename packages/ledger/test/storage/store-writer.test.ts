// The store writer thread: what it has synced is readable through the main thread's own connection, and a write it
// could not make fails every later sync loudly instead of being promised durable.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID } from "../../src/account.js";
import type { TransactionRecord } from "../../src/service.js";
import { LedgerStore, type CommitBatch } from "../../src/storage/store.js";
import { StoreWriter } from "../../src/storage/store-writer.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(): { store: LedgerStore; writer: StoreWriter } {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-writer-"));
  const store = new LedgerStore(dataDir);
  const writer = new StoreWriter(dataDir);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  cleanups.push(() => writer.close());
  return { store, writer };
}

function batch(seq: number, signature: string): CommitBatch {
  const record: TransactionRecord = {
    seq,
    signature,
    slot: 3n,
    blockTime: 1_700_000_000,
    version: 0,
    wire: Buffer.from([1, 2, 3]),
    meta: {
      err: null,
      fee: 5000n,
      preBalances: [],
      postBalances: [],
      preTokenBalances: [],
      postTokenBalances: [],
      logMessages: ["Program log: hi"],
      innerInstructions: [],
      loadedAddresses: { writable: [], readonly: [] },
      returnData: null,
      computeUnitsConsumed: 0n,
    },
  };
  const account = { lamports: 7n, data: Buffer.from([9]), owner: SYSTEM_PROGRAM_ID, executable: false, rentEpoch: 0n };
  return {
    accounts: new Map([[`account-${seq}`, account]]),
    transactions: [{ record, addresses: ["payer"] }],
    slots: [{ slot: 3n, blockhash: "hash", startedAt: 1_700_000_000_000, clockOffset: 0 }],
  };
}

it("writes on its thread what the main thread's connection then reads, once synced", async () => {
  const { store, writer } = open();
  writer.commit(batch(1, "one"));
  writer.syncWalNow();
  expect(store.transaction("one")).toMatchObject({ seq: 1, wire: Buffer.from([1, 2, 3]), meta: { logMessages: ["Program log: hi"] } });
  writer.commit(batch(2, "two"));
  await new Promise<void>((resolve, reject) => writer.syncWal((error) => (error ? reject(error) : resolve())));
  expect(store.signaturesForAddress("payer", Number.MAX_SAFE_INTEGER, 0, 10).map((r) => r.signature)).toEqual(["two", "one"]);
  expect(new Map(store.loadAccounts()).get("account-2")).toEqual({
    lamports: 7n,
    data: Buffer.from([9]),
    owner: SYSTEM_PROGRAM_ID,
    executable: false,
    rentEpoch: 0n,
  });
  expect(store.slot(3n)?.blockhash).toBe("hash");
});

it("fails every sync after a write it could not make", async () => {
  const { store, writer } = open();
  writer.commit(batch(1, "one"));
  writer.commit(batch(1, "again"));
  const error = await new Promise<Error | null>((resolve) => writer.syncWal(resolve));
  expect(error?.message).toBe("UNIQUE constraint failed: transactions.seq");
  expect(() => writer.syncWalNow()).toThrow("UNIQUE constraint failed: transactions.seq");
  // The failed batch wrote nothing; the one before it stands.
  expect(store.transaction("again")).toBeNull();
  expect(store.transaction("one")?.seq).toBe(1);
});
