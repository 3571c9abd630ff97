import { ComputeBudgetProgram, SystemProgram } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  COMPUTE_UNIT_LIMIT_INSTRUCTION_SIZE,
  PRIORITY_FEE_INSTRUCTION_SIZE,
  TIP_ACCOUNTS,
  TIP_INSTRUCTION_SIZE,
  measureInstructions,
  packInstructions,
  reservedBytes,
  tipInstruction,
} from "../../src/transactions/index.js";
import { dataInstruction, key, lookupTable } from "./support/instructions.js";

const payer = key(1);
// A v0 transaction of the payer and PROGRAM with no instructions: 65 signature + 103 message bytes.
const OVERHEAD = 168;
/** Bytes an instruction of PROGRAM with no accounts adds: program index, account count, data length, data. */
const ixBytes = (dataLength: number) => 2 + (dataLength < 128 ? 1 : 2) + dataLength;

describe("instruction sizes budgeted by the packer", () => {
  it("are the exact growth of a transaction: tip 81, priority fee 44, compute-unit limit 8", () => {
    const base = [dataInstruction(10)];
    const size = (instructions: typeof base) => measureInstructions({ payer, instructions }).bytes;
    const tip = tipInstruction(payer, 100_000, TIP_ACCOUNTS[0]);
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 });
    const limit = ComputeBudgetProgram.setComputeUnitLimit({ units: 1 });
    expect(size([...base, tip]) - size(base)).toBe(TIP_INSTRUCTION_SIZE);
    expect(TIP_INSTRUCTION_SIZE).toBe(81);
    expect(size([price, ...base]) - size(base)).toBe(PRIORITY_FEE_INSTRUCTION_SIZE);
    expect(PRIORITY_FEE_INSTRUCTION_SIZE).toBe(44);
    expect(size([limit, price, ...base]) - size([price, ...base])).toBe(COMPUTE_UNIT_LIMIT_INSTRUCTION_SIZE);
    expect(reservedBytes({ computeBudget: true, tip: true })).toBe(133);
  });
});

describe("packInstructions", () => {
  it("keeps a transaction of exactly 1232 bytes whole and splits at one byte more", () => {
    const first = dataInstruction(500);
    const exact = dataInstruction(556);
    expect(OVERHEAD + ixBytes(500) + ixBytes(556)).toBe(1232);
    expect(measureInstructions({ payer, instructions: [first, exact] }).bytes).toBe(1232);
    expect(packInstructions([first, exact], { payer })).toEqual([[first, exact]]);

    const over = dataInstruction(557);
    expect(measureInstructions({ payer, instructions: [first, over] }).bytes).toBe(1233);
    expect(packInstructions([first, over], { payer })).toEqual([[first], [over]]);
  });

  it("keeps the reserved room free: 81 bytes for a tip, 52 for the compute budget", () => {
    const first = dataInstruction(500);
    const fitsWithTip = dataInstruction(556 - 81);
    expect(packInstructions([first, fitsWithTip], { payer, reserve: { tip: true } })).toHaveLength(1);
    expect(packInstructions([first, dataInstruction(556 - 80)], { payer, reserve: { tip: true } })).toHaveLength(2);
    expect(packInstructions([first, dataInstruction(556 - 52)], { payer, reserve: { computeBudget: true } })).toHaveLength(1);
    expect(packInstructions([first, dataInstruction(556 - 51)], { payer, reserve: { computeBudget: true } })).toHaveLength(2);
    expect(packInstructions([first, dataInstruction(556 - 133)], { payer, reserve: { computeBudget: true, tip: true } })).toHaveLength(1);
    expect(packInstructions([first, dataInstruction(556 - 132)], { payer, reserve: { computeBudget: true, tip: true } })).toHaveLength(2);
  });

  it("keeps a group (a refresh and its action) in one transaction, moving it whole to the next", () => {
    const first = dataInstruction(500);
    const refresh = dataInstruction(300);
    const action = dataInstruction(300);
    // first + refresh would fit alone; the group does not, so both move on together.
    expect(packInstructions([first, refresh], { payer })).toEqual([[first, refresh]]);
    expect(packInstructions([first, [refresh, action]], { payer })).toEqual([[first], [refresh, action]]);
    expect(packInstructions([[refresh, action], first], { payer })).toEqual([[refresh, action], [first]]);
    expect(() => packInstructions([[dataInstruction(600), dataInstruction(600)]], { payer })).toThrow(
      "Single instruction too large to fit in a transaction",
    );
  });

  it("splits when a transaction would lock more than 64 keys, even far below 1232 bytes", () => {
    const keys = Array.from({ length: 70 }, (_, i) => key(100 + i));
    const table = lookupTable(keys);
    // Payer and program are static; the rest load from the table at one byte each.
    const a = dataInstruction(0, keys.slice(0, 31));
    const b = dataInstruction(0, keys.slice(31, 62));
    const c = dataInstruction(0, keys.slice(31, 63));
    const ab = measureInstructions({ payer, instructions: [a, b], lookupTables: [table] });
    expect(ab.accountKeys).toBe(64);
    expect(packInstructions([a, b], { payer, lookupTables: [table] })).toEqual([[a, b]]);
    const ac = measureInstructions({ payer, instructions: [a, c], lookupTables: [table] });
    expect(ac).toEqual({ accountKeys: 65, bytes: ac.bytes });
    expect(ac.bytes).toBeLessThan(500);
    expect(packInstructions([a, c], { payer, lookupTables: [table] })).toEqual([[a], [c]]);
  });

  it("packs greedily in order and repeats the mandatory instructions in every transaction", () => {
    const mandatory = [ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 })];
    const recipients = Array.from({ length: 30 }, (_, i) => key(300 + i));
    const transfers = recipients.map((toPubkey) => SystemProgram.transfer({ fromPubkey: payer, toPubkey, lamports: 1 }));
    const packed = packInstructions(transfers, { payer, mandatoryInstructions: mandatory });
    // Each transfer to a new recipient adds 49 bytes (17 of instruction, 32 of key).
    expect(packed.map((group) => group.length - 1)).toEqual([20, 10]);
    for (const group of packed) {
      expect(group[0]).toBe(mandatory[0]);
      expect(measureInstructions({ payer, instructions: group }).bytes).toBeLessThanOrEqual(1232);
    }
    expect(packed.flatMap((group) => group.slice(1))).toEqual(transfers);
    expect(packInstructions([], { payer })).toEqual([]);
  });

  it("refuses an instruction that cannot fit even alone", () => {
    expect(OVERHEAD + ixBytes(1060)).toBe(1232);
    expect(packInstructions([dataInstruction(1060)], { payer })).toHaveLength(1);
    expect(() => packInstructions([dataInstruction(1061)], { payer })).toThrow("Single instruction too large to fit in a transaction");
    expect(() => packInstructions([dataInstruction(10), dataInstruction(1061)], { payer })).toThrow(
      "Single instruction too large to fit in a transaction",
    );
    expect(() => packInstructions([dataInstruction(1060)], { payer, reserve: { tip: true } })).toThrow(
      "Single instruction too large to fit in a transaction",
    );
  });
});
