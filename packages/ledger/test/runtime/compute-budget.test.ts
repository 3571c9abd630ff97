import { ComputeBudgetProgram, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { TransactionError, type TransactionErrorValue } from "../../src/errors.js";
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  LAMPORTS_PER_SIGNATURE,
  computeBudgetProgram,
  parseComputeBudget,
  priorityFee,
} from "../../src/runtime/compute-budget.js";
import type { InstructionContext } from "../../src/runtime/program.js";

const A = new PublicKey(new Uint8Array(32).fill(1));
const B = new PublicKey(new Uint8Array(32).fill(2));

const of = (ix: TransactionInstruction) => ({ programId: ix.programId.toBase58(), data: ix.data });
const transfer = () => of(SystemProgram.transfer({ fromPubkey: A, toPubkey: B, lamports: 1 }));
const limit = (units: number) => of(ComputeBudgetProgram.setComputeUnitLimit({ units }));
const price = (microLamports: number | bigint) => of(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }));
const heap = (bytes: number) => of(ComputeBudgetProgram.requestHeapFrame({ bytes }));
/** SetLoadedAccountsDataSizeLimit (4, u32): web3.js 1.x has no builder for it. */
const loadedLimit = (bytes: number) => {
  const data = Buffer.alloc(5);
  data[0] = 4;
  data.writeUInt32LE(bytes, 1);
  return { programId: COMPUTE_BUDGET_PROGRAM_ID, data };
};
const raw = (...bytes: number[]) => ({ programId: COMPUTE_BUDGET_PROGRAM_ID, data: Buffer.from(bytes) });

function failure(f: () => unknown): TransactionErrorValue | null {
  try {
    f();
  } catch (e) {
    if (e instanceof TransactionError) return e.value;
    throw e;
  }
  return null;
}

describe("parseComputeBudget", () => {
  it("uses web3.js's program id and instruction bytes", () => {
    expect(ComputeBudgetProgram.programId.toBase58()).toBe(COMPUTE_BUDGET_PROGRAM_ID);
    expect(limit(300_000).data.toString("hex")).toBe("02e0930400");
    expect(price(25_000n).data.toString("hex")).toBe("03a861000000000000");
    expect(heap(64 * 1024).data.toString("hex")).toBe("0100000100");
  });

  it("defaults to 200k units per non-budget instruction, capped at 1.4M", () => {
    expect(parseComputeBudget([])).toEqual({
      unitLimit: 0,
      unitPrice: 0n,
      heapBytes: 32 * 1024,
      loadedAccountsDataSizeLimit: 64 * 1024 * 1024,
    });
    expect(parseComputeBudget([transfer()]).unitLimit).toBe(200_000);
    expect(parseComputeBudget([transfer(), transfer(), transfer()]).unitLimit).toBe(600_000);
    expect(parseComputeBudget([price(1), transfer(), transfer()]).unitLimit).toBe(400_000);
    expect(parseComputeBudget(Array.from({ length: 8 }, transfer)).unitLimit).toBe(1_400_000);
  });

  it("reads every request", () => {
    expect(parseComputeBudget([limit(300_000), price(25_000n), heap(256 * 1024), loadedLimit(100_000), transfer()])).toEqual({
      unitLimit: 300_000,
      unitPrice: 25_000n,
      heapBytes: 256 * 1024,
      loadedAccountsDataSizeLimit: 100_000,
    });
    expect(parseComputeBudget([transfer(), limit(0)]).unitLimit).toBe(0);
    expect(parseComputeBudget([limit(5_000_000)]).unitLimit).toBe(1_400_000);
    expect(parseComputeBudget([price(0xffff_ffff_ffff_ffffn)]).unitPrice).toBe(0xffff_ffff_ffff_ffffn);
    expect(parseComputeBudget([loadedLimit(0xffff_ffff)]).loadedAccountsDataSizeLimit).toBe(64 * 1024 * 1024);
  });

  it("refuses a second request of the same kind at its index", () => {
    expect(failure(() => parseComputeBudget([limit(1), transfer(), limit(2)]))).toEqual({ DuplicateInstruction: 2 });
    expect(failure(() => parseComputeBudget([price(1), price(1)]))).toEqual({ DuplicateInstruction: 1 });
    expect(failure(() => parseComputeBudget([heap(32 * 1024), transfer(), transfer(), heap(64 * 1024)]))).toEqual({
      DuplicateInstruction: 3,
    });
    expect(failure(() => parseComputeBudget([loadedLimit(1), loadedLimit(1)]))).toEqual({ DuplicateInstruction: 1 });
    // Different kinds do not clash.
    expect(failure(() => parseComputeBudget([limit(1), price(1), heap(32 * 1024), loadedLimit(1)]))).toBeNull();
  });

  it("refuses malformed data as InvalidInstructionData at the instruction's index", () => {
    const bad = (index: number) => ({ InstructionError: [index, "InvalidInstructionData"] });
    expect(failure(() => parseComputeBudget([transfer(), raw()]))).toEqual(bad(1));
    expect(failure(() => parseComputeBudget([raw(2, 1, 0, 0)]))).toEqual(bad(0));
    expect(failure(() => parseComputeBudget([transfer(), transfer(), raw(3, 1, 0, 0, 0, 0, 0, 0)]))).toEqual(bad(2));
    expect(failure(() => parseComputeBudget([raw(1, 0, 0, 1)]))).toEqual(bad(0));
    expect(failure(() => parseComputeBudget([raw(4)]))).toEqual(bad(0));
    // The retired RequestUnits and unknown discriminants.
    expect(failure(() => parseComputeBudget([of(ComputeBudgetProgram.requestUnits({ units: 1, additionalFee: 0 }))]))).toEqual(bad(0));
    expect(failure(() => parseComputeBudget([raw(5, 0, 0, 0, 0)]))).toEqual(bad(0));
    // Borsh is read without requiring the whole slice: trailing bytes are ignored.
    expect(parseComputeBudget([raw(2, 0x10, 0x27, 0, 0, 0xff)]).unitLimit).toBe(10_000);
  });

  it("accepts heap frames of 32-256 KiB in 1 KiB steps only", () => {
    const bad = (index: number) => ({ InstructionError: [index, "InvalidInstructionData"] });
    for (const bytes of [32 * 1024, 33 * 1024, 255 * 1024, 256 * 1024]) expect(parseComputeBudget([heap(bytes)]).heapBytes).toBe(bytes);
    for (const bytes of [0, 31 * 1024, 32 * 1024 + 1, 40_000, 257 * 1024])
      expect(failure(() => parseComputeBudget([transfer(), heap(bytes)]))).toEqual(bad(1));
    // The heap size is judged after all instructions are read, so a later duplicate is reported first.
    expect(failure(() => parseComputeBudget([heap(1), limit(1), limit(1)]))).toEqual({ DuplicateInstruction: 2 });
  });
});

describe("fees", () => {
  it("prices compute at ceil(limit × micro-lamports / 1e6)", () => {
    expect(LAMPORTS_PER_SIGNATURE).toBe(5000n);
    expect(priorityFee(200_000, 0n)).toBe(0n);
    expect(priorityFee(200_000, 1n)).toBe(1n);
    expect(priorityFee(1_000_000, 1n)).toBe(1n);
    expect(priorityFee(1_000_001, 1n)).toBe(2n);
    expect(priorityFee(300_000, 25_000n)).toBe(7_500n);
    expect(priorityFee(1_400_000, 0xffff_ffff_ffff_ffffn)).toBe(25_825_441_703_193_372_261n);
    expect(priorityFee(0, 1_000_000n)).toBe(0n);
  });
});

describe("computeBudgetProgram", () => {
  it("is a builtin that only charges 150 units", () => {
    let consumed = 0;
    const ctx = { consume: (n: number) => (consumed += n) } as unknown as InstructionContext;
    expect(computeBudgetProgram.id).toBe(COMPUTE_BUDGET_PROGRAM_ID);
    expect(computeBudgetProgram.builtin).toBe(true);
    computeBudgetProgram.execute(ctx);
    expect(consumed).toBe(150);
  });
});
