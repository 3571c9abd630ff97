// The store's signature index: found by a 32-bit key of the signature, colliding keys told apart by the signature,
// and a store written with the older unique text index (and JSON metas) migrated in place on open.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import type { TransactionRecord } from "../../src/service.js";
import { LedgerStore, signatureKey } from "../../src/storage/store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function record(seq: number, signature: string): TransactionRecord {
  return {
    seq,
    signature,
    slot: 7n,
    blockTime: 1_700_000_000,
    version: "legacy",
    wire: Buffer.from([seq]),
    meta: {
      err: null,
      fee: 5000n,
      preBalances: [10n],
      postBalances: [5n],
      preTokenBalances: [],
      postTokenBalances: [],
      logMessages: [],
      innerInstructions: [],
      loadedAddresses: { writable: [], readonly: [] },
      returnData: null,
      computeUnitsConsumed: 150n,
    },
  };
}

it("finds transactions by signature, and tells apart signatures whose keys collide", () => {
  // FNV-1a collision found by search: two different strings, one 32-bit key.
  const [a, b] = ["costarring", "liquid"];
  expect(signatureKey(a)).toBe(signatureKey(b));
  const store = new LedgerStore(null);
  try {
    store.commit({
      accounts: new Map(),
      transactions: [
        { record: record(1, a), addresses: ["payer"] },
        { record: record(2, b), addresses: ["payer", "other"] },
      ],
      slots: [],
    });
    expect(store.transaction(a)?.seq).toBe(1);
    expect(store.transaction(b)?.wire).toEqual(Buffer.from([2]));
    expect(store.seqOf(b)).toBe(2);
    expect(store.transaction("missing")).toBeNull();
    expect(store.signaturesForAddress("payer", Number.MAX_SAFE_INTEGER, 0, 10).map((r) => r.signature)).toEqual([b, a]);
    expect(store.recentStatuses(7n)).toEqual([
      { signature: a, slot: 7n, seq: 1, err: null },
      { signature: b, slot: 7n, seq: 2, err: null },
    ]);
    expect(store.recentStatuses(8n)).toEqual([]);
  } finally {
    store.close();
  }
});

it("migrates a store written with the unique text index, keeping every transaction", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-store-"));
  dirs.push(dataDir);
  const old = new Database(join(dataDir, "ledger.sqlite"));
  old.exec(`
    CREATE TABLE transactions (
      seq INTEGER PRIMARY KEY, signature TEXT NOT NULL UNIQUE, slot INTEGER NOT NULL, block_time INTEGER NOT NULL,
      version INTEGER NOT NULL, wire BLOB NOT NULL, meta TEXT NOT NULL
    );
    INSERT INTO transactions VALUES (1, 'first', 3, 1700000000, -1, x'01', '{"err":null,"fee":{"$n":"5000"}}');
    INSERT INTO transactions VALUES (2, 'second', 4, 1700000001, 0, x'02', '{"err":"AccountInUse","fee":{"$n":"5000"}}');
  `);
  old.close();
  const store = new LedgerStore(dataDir);
  try {
    expect(store.transaction("second")).toMatchObject({
      seq: 2,
      slot: 4n,
      version: 0,
      wire: Buffer.from([2]),
      meta: { err: "AccountInUse" },
    });
    expect(store.seqOf("first")).toBe(1);
    expect(store.lastSeq()).toBe(2);
    store.commit({ accounts: new Map(), transactions: [{ record: record(3, "third"), addresses: [] }], slots: [] });
    expect(store.transaction("third")).toEqual(record(3, "third"));
    // Rows of both formats: the old JSON metas and the new binary one.
    expect(store.recentStatuses(0n).map(({ signature, err }) => ({ signature, err }))).toEqual([
      { signature: "first", err: null },
      { signature: "second", err: "AccountInUse" },
      { signature: "third", err: null },
    ]);
  } finally {
    store.close();
  }
  // Opened again: already migrated, nothing to redo.
  const again = new LedgerStore(dataDir);
  try {
    expect(again.transactionCount()).toBe(3n);
  } finally {
    again.close();
  }
});
