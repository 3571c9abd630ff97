import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionMessage,
  type TransactionInstruction,
  type VersionedTransaction,
} from "@solana/web3.js";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { TIP_ACCOUNTS, formatTransactions, transactionSize, type FormatOptions } from "../../src/transactions/index.js";
import { dataInstruction, key } from "./support/instructions.js";

const payer = key(1);
const options: FormatOptions = { payer, blockhash: key(3).toBase58(), lendingProgramId: new PublicKey(MARGINFI_PROGRAM_ID) };
const transfer = (to: number) => SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(to), lamports: 1 });

function instructionsOf(tx: VersionedTransaction): TransactionInstruction[] {
  return TransactionMessage.decompile(tx.message).instructions;
}

function budgetOf(tx: VersionedTransaction): { limit?: number; price?: bigint } {
  const budget: { limit?: number; price?: bigint } = {};
  for (const ix of instructionsOf(tx)) {
    if (!ix.programId.equals(ComputeBudgetProgram.programId)) continue;
    const type = ComputeBudgetInstruction.decodeInstructionType(ix);
    if (type === "SetComputeUnitLimit") budget.limit = ComputeBudgetInstruction.decodeSetComputeUnitLimit(ix).units;
    if (type === "SetComputeUnitPrice") budget.price = ComputeBudgetInstruction.decodeSetComputeUnitPrice(ix).microLamports as bigint;
  }
  return budget;
}

describe("formatTransactions", () => {
  it("puts the compute-unit limit and the capped price first, replacing the draft's own budget instructions", () => {
    const own = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 999 });
    const [formatted] = formatTransactions([{ instructions: [transfer(2), own], unitsConsumed: 10_000 }], {
      ...options,
      priorityFeeMicroLamports: 2_500,
    });
    const instructions = instructionsOf(formatted!.transaction);
    expect(instructions).toHaveLength(3);
    expect(ComputeBudgetInstruction.decodeInstructionType(instructions[0]!)).toBe("SetComputeUnitLimit");
    expect(ComputeBudgetInstruction.decodeInstructionType(instructions[1]!)).toBe("SetComputeUnitPrice");
    expect(instructions[2]!.programId.equals(SystemProgram.programId)).toBe(true);
    expect(budgetOf(formatted!.transaction)).toEqual({ limit: 60_000, price: 2_500n });
    expect(formatted!.transaction.message.recentBlockhash).toBe(options.blockhash);
    expect(formatted!.transaction.message.staticAccountKeys[0]!.equals(payer)).toBe(true);
  });

  it("ignores a priority fee above 0.1 SOL for the transaction's own limit, and applies the manual cap", () => {
    const drafts = [{ instructions: [transfer(2)], unitsConsumed: 150_000 }];
    // Limit 200,000 CU: 0.1 SOL is 500,000,000 µlamports per CU; 0.001 SOL is 5,000,000.
    expect(budgetOf(formatTransactions(drafts, { ...options, priorityFeeMicroLamports: 500_000_000 })[0]!.transaction).price).toBe(
      500_000_000n,
    );
    expect(budgetOf(formatTransactions(drafts, { ...options, priorityFeeMicroLamports: 9e9 })[0]!.transaction).price).toBe(1n);
    expect(
      budgetOf(formatTransactions(drafts, { ...options, priorityFeeMicroLamports: 100_000_000, maxCapSol: 0.001 })[0]!.transaction).price,
    ).toBe(5_000_000n);
    expect(budgetOf(formatTransactions(drafts, options)[0]!.transaction).price).toBe(1n);
  });

  it("leaves a flash loan's instructions in place, replacing only its compute-budget instructions", () => {
    const begin = dataInstruction(8);
    const end = dataInstruction(9);
    const drafts = [
      {
        instructions: [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }), begin, transfer(2), end],
        flashLoan: true,
      },
    ];
    const [formatted] = formatTransactions(drafts, { ...options, priorityFeeMicroLamports: 7 });
    const instructions = instructionsOf(formatted!.transaction);
    expect(instructions).toHaveLength(4);
    expect(budgetOf(formatted!.transaction)).toEqual({ price: 7n });
    expect(instructions[1]!.data).toEqual(begin.data);
    expect(instructions[3]!.data).toEqual(end.data);
    const limited = formatTransactions(
      [{ ...drafts[0]!, instructions: [ComputeBudgetProgram.setComputeUnitLimit({ units: 1 }), ...drafts[0]!.instructions] }],
      options,
    );
    expect(budgetOf(limited[0]!.transaction)).toEqual({ limit: 1_200_000, price: 1n });
  });

  it("sends a transaction without room for the budget as it was built", () => {
    const full = dataInstruction(1060);
    const [formatted] = formatTransactions([{ instructions: [full] }], options);
    expect(instructionsOf(formatted!.transaction)).toHaveLength(1);
    expect(transactionSize(formatted!.transaction)).toBe(1232);
  });

  it("for a bundle: price 1 µlamport and the tip after the budget in the first non-flash-loan transaction with room", () => {
    const drafts = [
      { instructions: [transfer(2)], flashLoan: true },
      { instructions: [dataInstruction(1000)] },
      { instructions: [transfer(3)] },
    ];
    const formatted = formatTransactions(drafts, {
      ...options,
      priorityFeeMicroLamports: 50_000,
      bundleTip: { lamports: 100_000, account: TIP_ACCOUNTS[5] },
    });
    expect(formatted).toHaveLength(3);
    // The flash loan had no budget instructions to replace; the 1000-byte one has room for the budget, not the tip.
    expect(formatted.map((f) => budgetOf(f.transaction).price)).toEqual([undefined, 1n, 1n]);
    const third = instructionsOf(formatted[2]!.transaction);
    expect(SystemInstruction.decodeTransfer(third[2]!)).toEqual({ fromPubkey: payer, toPubkey: TIP_ACCOUNTS[5], lamports: 100_000n });
    expect(instructionsOf(formatted[0]!.transaction)).toHaveLength(1);
    expect(instructionsOf(formatted[1]!.transaction)).toHaveLength(3);
  });

  it("for a bundle with no room anywhere: a tip transaction goes first", () => {
    const formatted = formatTransactions([{ instructions: [dataInstruction(1000)] }], {
      ...options,
      bundleTip: { lamports: 20_000, account: TIP_ACCOUNTS[0] },
    });
    expect(formatted).toHaveLength(2);
    const tipTx = instructionsOf(formatted[0]!.transaction);
    expect(SystemInstruction.decodeTransfer(tipTx.at(-1)!).lamports).toBe(20_000n);
    expect(budgetOf(formatted[0]!.transaction)).toEqual({ limit: 400_000, price: 1n });
  });

  it("requires a fee payer and a blockhash, and a positive tip for a bundle", () => {
    expect(() => formatTransactions([{ instructions: [transfer(2)] }], { ...options, blockhash: "" })).toThrow(
      "Fee payer and blockhash are required",
    );
    expect(() => formatTransactions([{ instructions: [transfer(2)] }], { ...options, payer: undefined as unknown as PublicKey })).toThrow(
      "Fee payer and blockhash are required",
    );
    expect(() => formatTransactions([{ instructions: [transfer(2)] }], { ...options, bundleTip: { lamports: 0 } })).toThrow(
      "A bundle tip is required for a bundled transactions",
    );
  });
});
