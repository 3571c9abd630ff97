// An account's liquidation record as a user reads it: the program fills the ring oldest first, so a record of two
// liquidations holds two zero slots before them; the reader gives the used entries newest first.
import { LiquidationRecordLayout, decodeLiquidationRecord, encodeLiquidationRecord, type LiquidationEntry } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { liquidationRecordEntries } from "../../src/state/liquidation-record.js";

/** A record as the program creates it: every field zero. */
const freshRecord = () =>
  decodeLiquidationRecord(Buffer.concat([LiquidationRecordLayout.discriminator, Buffer.alloc(LiquidationRecordLayout.struct.size)]));

const entry = (assetAmountSeized: number, liabAmountRepaid: number, timestamp: bigint): LiquidationEntry => ({
  ...freshRecord().entries[0]!,
  assetAmountSeized,
  liabAmountRepaid,
  timestamp,
});

describe("liquidationRecordEntries", () => {
  it("gives a fresh record no entries", () => {
    expect(liquidationRecordEntries(freshRecord())).toEqual([]);
  });

  it("leaves the unused slots out and gives the rest newest first, exactly as stored", () => {
    const fresh = freshRecord();
    const [empty] = fresh.entries;
    const record = { ...fresh, entries: [empty!, empty!, entry(312.75, 297.5, 1_764_268_800n), entry(96.254, 91.6, 1_764_269_472n)] };
    // Through the account's bytes, as the chain holds them.
    expect(liquidationRecordEntries(decodeLiquidationRecord(encodeLiquidationRecord(record)))).toEqual([
      { assetSeizedUsd: 96.254, liabilityRepaidUsd: 91.6, timestamp: 1_764_269_472 },
      { assetSeizedUsd: 312.75, liabilityRepaidUsd: 297.5, timestamp: 1_764_268_800 },
    ]);
  });

  it("keeps all four entries of a full ring", () => {
    const fresh = freshRecord();
    const record = { ...fresh, entries: [1n, 2n, 3n, 4n].map((t) => entry(Number(t) * 10, Number(t) * 9, 1_764_000_000n + t)) };
    expect(liquidationRecordEntries(record).map((e) => e.timestamp)).toEqual([1_764_000_004, 1_764_000_003, 1_764_000_002, 1_764_000_001]);
  });
});
