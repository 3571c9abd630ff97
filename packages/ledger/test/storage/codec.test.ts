// The store's JSON codec: whatever a transaction record holds (bigints of any size and sign, Buffers, nested arrays and
// objects, nulls, strings) reads back exactly as it was written; undefined fields are dropped as JSON drops them.
import { describe, expect, it } from "vitest";
import type { TransactionMeta } from "../../src/service.js";
import { parseWithBigInt, stringifyTransactionMeta, stringifyWithBigInt } from "../../src/storage/codec.js";
import { seededRandom } from "../support/random.js";

/** A random record-shaped value of at most `depth` levels. */
function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 0 ? 9 : 6));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return Math.floor(random() * 2 ** 31) - 2 ** 30;
    case 2: {
      const digits = 1 + Math.floor(random() * 40);
      const magnitude = BigInt(Array.from({ length: digits }, () => Math.floor(random() * 10)).join(""));
      return random() < 0.5 ? -magnitude : magnitude;
    }
    case 3:
      return Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)));
    case 4:
      return String.fromCharCode(...Array.from({ length: Math.floor(random() * 12) }, () => 32 + Math.floor(random() * 500)));
    case 5:
      return random() < 0.5;
    case 6:
    case 7:
      return Array.from({ length: Math.floor(random() * 5) }, () => randomValue(random, depth - 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 5); i > 0; i--) object[`k${Math.floor(random() * 100)}`] = randomValue(random, depth - 1);
      return object;
    }
  }
}

describe("stringifyWithBigInt / parseWithBigInt", () => {
  it("round-trips every value exactly (2,000 random records, seed 7)", () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2_000; i++) {
      const value = { record: randomValue(random, 4) };
      expect(parseWithBigInt(stringifyWithBigInt(value))).toEqual(value);
    }
  });

  it("writes the tagged forms, drops undefined fields and writes undefined array items as null", () => {
    expect(stringifyWithBigInt({ fee: 5000n, data: Buffer.from([1, 2, 255]), gone: undefined, list: [undefined, -1n] })).toBe(
      '{"fee":{"$n":"5000"},"data":{"$b":"AQL/"},"list":[null,{"$n":"-1"}]}',
    );
  });
});

describe("stringifyTransactionMeta", () => {
  const landed: TransactionMeta = {
    err: null,
    fee: 5000n,
    preBalances: [1_000_000_000_000n, 0n, 1n],
    postBalances: [999_999_995_000n, 0n, 1n],
    preTokenBalances: [],
    postTokenBalances: [
      {
        accountIndex: 1,
        mint: "So11111111111111111111111111111111111111112",
        owner: "11111111111111111111111111111111",
        programId: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        uiTokenAmount: { amount: "1500", decimals: 3, uiAmount: 1.5, uiAmountString: "1.5" },
      },
    ],
    logMessages: ["Program 11111111111111111111111111111111 invoke [1]", 'Program log: "quoted" \\ and \u2603'],
    innerInstructions: [{ index: 0, instructions: [{ programIdIndex: 2, accounts: [0, 1], data: "3Bxs4h24hBtQy9rw", stackHeight: 2 }] }],
    loadedAddresses: { writable: ["w"], readonly: [] },
    returnData: { programId: "11111111111111111111111111111111", data: Buffer.from([0, 1, 254]) },
    computeUnitsConsumed: 1_400_000n,
  };
  const failed: TransactionMeta = {
    ...landed,
    err: { InstructionError: [0, { Custom: 6009 }] },
    preTokenBalances: landed.postTokenBalances,
    returnData: null,
  };

  it("writes exactly what stringifyWithBigInt writes, and reads back as the meta", () => {
    for (const meta of [landed, failed, { ...failed, err: "AccountInUse" as const, preBalances: [], postBalances: [] }]) {
      const text = stringifyTransactionMeta(meta);
      expect(text).toBe(stringifyWithBigInt(meta));
      expect(parseWithBigInt(text)).toEqual(meta);
    }
  });
});
