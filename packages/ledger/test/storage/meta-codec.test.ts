// The store's transaction meta codec: every meta the runtime can produce reads back exactly, a token transfer's meta
// is as small as promised, a damaged meta is refused, and JSON rows written by stores before the binary format still
// read back as they were written.
import bs58 from "bs58";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uiTokenAmount } from "../../src/programs/token/parse.js";
import type { TransactionMeta } from "../../src/service.js";
import { encodeTransactionMeta, readTransactionError, readTransactionMeta } from "../../src/storage/meta-codec.js";

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const MINT = "FYxU1A2rnPdgSUNnecibqMVALJfJKiekeoZGBfqFBtyg";

/** A TransferChecked between two token accounts, as the runtime records it (taken from a ledger's store). */
const transfer: TransactionMeta = {
  err: null,
  fee: 5000n,
  preBalances: [999_997_660_000n, 2_039_280n, 2_039_280n, 1_461_600n, 1_141_440n],
  postBalances: [999_997_655_000n, 2_039_280n, 2_039_280n, 1_461_600n, 1_141_440n],
  preTokenBalances: [
    {
      accountIndex: 1,
      mint: MINT,
      owner: "A3zSt9r1pnAWaDLYjj8mbzFNnngBjnSV2k1ixr3qcE8F",
      programId: TOKEN_PROGRAM,
      uiTokenAmount: uiTokenAmount(999_999_890_254n, 6),
    },
    {
      accountIndex: 2,
      mint: MINT,
      owner: "4r8g6RA4cuGFtZcaSWeDZJUyFLpjfUyekXvfJqTBqeCv",
      programId: TOKEN_PROGRAM,
      uiTokenAmount: uiTokenAmount(109_746n, 6),
    },
  ],
  postTokenBalances: [
    {
      accountIndex: 1,
      mint: MINT,
      owner: "A3zSt9r1pnAWaDLYjj8mbzFNnngBjnSV2k1ixr3qcE8F",
      programId: TOKEN_PROGRAM,
      uiTokenAmount: uiTokenAmount(999_999_889_785n, 6),
    },
    {
      accountIndex: 2,
      mint: MINT,
      owner: "4r8g6RA4cuGFtZcaSWeDZJUyFLpjfUyekXvfJqTBqeCv",
      programId: TOKEN_PROGRAM,
      uiTokenAmount: uiTokenAmount(110_215n, 6),
    },
  ],
  logMessages: [
    `Program ${TOKEN_PROGRAM} invoke [1]`,
    "Program log: Instruction: TransferChecked",
    `Program ${TOKEN_PROGRAM} consumed 6200 of 200000 compute units`,
    `Program ${TOKEN_PROGRAM} success`,
  ],
  innerInstructions: [],
  loadedAddresses: { writable: [], readonly: [] },
  returnData: null,
  computeUnitsConsumed: 6200n,
};

/** A failed transaction using every optional part: an error, inner instructions, loaded addresses, return data. */
const failed: TransactionMeta = {
  err: { InstructionError: [0, { Custom: 6009 }] },
  fee: 10_000n,
  preBalances: [(1n << 64n) - 1n, 0n],
  postBalances: [(1n << 64n) - 10_001n, 0n],
  preTokenBalances: [],
  postTokenBalances: [
    {
      accountIndex: 1,
      mint: "So11111111111111111111111111111111111111112",
      owner: "11111111111111111111111111111111",
      programId: TOKEN_PROGRAM,
      uiTokenAmount: uiTokenAmount((1n << 64n) - 1n, 19),
    },
  ],
  logMessages: ['Program log: "quoted" \\ and \u2603 and \u{1F600}', ""],
  innerInstructions: [{ index: 0, instructions: [{ programIdIndex: 2, accounts: [0, 1], data: "3Bxs4h24hBtQy9rw", stackHeight: 2 }] }],
  loadedAddresses: { writable: [MINT], readonly: [] },
  returnData: { programId: "11111111111111111111111111111111", data: Buffer.from([0, 1, 254]) },
  computeUnitsConsumed: 1_400_000n,
};

describe("encodeTransactionMeta / readTransactionMeta", () => {
  it("reads back each meta exactly, and its error alone", () => {
    for (const meta of [transfer, failed, { ...failed, err: "AccountInUse" as const, preBalances: [], postBalances: [] }]) {
      const stored = encodeTransactionMeta(meta);
      expect(readTransactionMeta(stored)).toEqual(meta);
      // As the writer thread receives it: a plain Uint8Array.
      expect(readTransactionMeta(new Uint8Array(stored))).toEqual(meta);
      expect(readTransactionError(stored)).toEqual(meta.err);
    }
  });

  it("keeps a token transfer's meta to 833 bytes (its JSON row took 1,850)", () => {
    expect(encodeTransactionMeta(transfer).length).toBe(833);
  });

  it("refuses a meta cut short, one with bytes past its end, and an unknown format", () => {
    const stored = encodeTransactionMeta(failed);
    expect(() => readTransactionMeta(stored.subarray(0, stored.length - 1))).toThrow(
      `a stored transaction meta is malformed: needs 8 bytes at offset ${stored.length - 8}, has 7`,
    );
    expect(() => readTransactionMeta(Buffer.concat([stored, Buffer.from([0])]))).toThrow(
      "a stored transaction meta is malformed: 1 bytes past the end",
    );
    expect(() => readTransactionMeta(Buffer.from([2, 0, 0, 0, 0]))).toThrow("a stored transaction meta of unknown format 2");
  });

  it("round-trips random metas (300 runs)", () => {
    const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bs58.encode(bytes));
    const u64 = fc.bigInt(0n, (1n << 64n) - 1n);
    const tokenBalance = fc
      .record({ accountIndex: fc.nat(255), mint: key, owner: key, programId: key, amount: u64, decimals: fc.nat(255) })
      .map(({ amount, decimals, ...rest }) => ({ ...rest, uiTokenAmount: uiTokenAmount(amount, decimals) }));
    const meta: fc.Arbitrary<TransactionMeta> = fc.record({
      err: fc.oneof(
        fc.constant(null),
        fc.constant("BlockhashNotFound" as const),
        fc.record({ InstructionError: fc.tuple(fc.nat(63), fc.record({ Custom: fc.nat() })) }),
      ),
      fee: u64,
      preBalances: fc.array(u64, { maxLength: 8 }),
      postBalances: fc.array(u64, { maxLength: 8 }),
      preTokenBalances: fc.array(tokenBalance, { maxLength: 4 }),
      postTokenBalances: fc.array(tokenBalance, { maxLength: 4 }),
      logMessages: fc.array(fc.string({ unit: "binary", maxLength: 60 }), { maxLength: 6 }),
      innerInstructions: fc.array(
        fc.record({
          index: fc.nat(63),
          instructions: fc.array(
            fc.record({
              programIdIndex: fc.nat(63),
              accounts: fc.array(fc.nat(63)),
              data: key,
              stackHeight: fc.integer({ min: 2, max: 5 }),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        { maxLength: 3 },
      ),
      loadedAddresses: fc.record({ writable: fc.array(key, { maxLength: 3 }), readonly: fc.array(key, { maxLength: 3 }) }),
      returnData: fc.option(fc.record({ programId: key, data: fc.uint8Array({ maxLength: 1024 }).map((b) => Buffer.from(b)) })),
      computeUnitsConsumed: u64,
    });
    fc.assert(
      fc.property(meta, (m) => {
        expect(readTransactionMeta(encodeTransactionMeta(m))).toEqual(m);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("reads JSON rows as stores before the binary format wrote them", () => {
    const row =
      '{"err":{"InstructionError":[0,{"Custom":1}]},"fee":{"$n":"5000"},"preBalances":[{"$n":"999997660000"},{"$n":"2039280"}],' +
      '"postBalances":[{"$n":"999997655000"},{"$n":"2039280"}],"preTokenBalances":[],"postTokenBalances":[{"accountIndex":1,' +
      `"mint":"${MINT}","owner":"A3zSt9r1pnAWaDLYjj8mbzFNnngBjnSV2k1ixr3qcE8F","programId":"${TOKEN_PROGRAM}",` +
      '"uiTokenAmount":{"amount":"109746","decimals":6,"uiAmount":0.109746,"uiAmountString":"0.109746"}}],' +
      `"logMessages":["Program ${TOKEN_PROGRAM} invoke [1]"],"innerInstructions":[],"loadedAddresses":{"writable":[],"readonly":[]},` +
      '"returnData":{"programId":"11111111111111111111111111111111","data":{"$b":"AAH+"}},"computeUnitsConsumed":{"$n":"6200"}}';
    const expected: TransactionMeta = {
      err: { InstructionError: [0, { Custom: 1 }] },
      fee: 5000n,
      preBalances: [999_997_660_000n, 2_039_280n],
      postBalances: [999_997_655_000n, 2_039_280n],
      preTokenBalances: [],
      postTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          owner: "A3zSt9r1pnAWaDLYjj8mbzFNnngBjnSV2k1ixr3qcE8F",
          programId: TOKEN_PROGRAM,
          uiTokenAmount: uiTokenAmount(109_746n, 6),
        },
      ],
      logMessages: [`Program ${TOKEN_PROGRAM} invoke [1]`],
      innerInstructions: [],
      loadedAddresses: { writable: [], readonly: [] },
      returnData: { programId: "11111111111111111111111111111111", data: Buffer.from([0, 1, 254]) },
      computeUnitsConsumed: 6200n,
    };
    expect(readTransactionMeta(row)).toEqual(expected);
    expect(readTransactionError(row)).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });
});
