import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionInstruction,
} from "@solana/web3.js";
import { MARGINFI_PROGRAM_ID, instructionDiscriminator } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import {
  COMPUTE_UNITS,
  DEFAULT_BUNDLE_TIP_LAMPORTS,
  FALLBACK_PRIORITY_FEE_STATS,
  MAX_PRIORITY_FEE_SOL,
  MEMO_PROGRAM_IDS,
  TIP_ACCOUNTS,
  cappedPriorityFee,
  clampBundleTip,
  computeBudgetInstructions,
  computeUnitLimit,
  estimateComputeUnits,
  fallbackBundleTips,
  microLamportsToSol,
  priceForLamports,
  priorityFeeLamports,
  pickTipAccount,
  priceForPriorityFee,
  priorityFeeTiers,
  solToMicroLamports,
  tipInstruction,
} from "../../src/transactions/index.js";
import { dataInstruction, key } from "./support/instructions.js";

const lending = new PublicKey(MARGINFI_PROGRAM_ID);
const payer = key(1);
const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(2), lamports: 1 });
const lendingIx = (name: string) => new TransactionInstruction({ programId: lending, keys: [], data: instructionDiscriminator(name) });

describe("compute units", () => {
  it("uses simulated usage plus 50,000, capped at 1,400,000", () => {
    expect(computeUnitLimit({ instructions: [transfer], lendingProgramId: lending, unitsConsumed: 100_000 })).toBe(150_000);
    expect(computeUnitLimit({ instructions: [transfer], lendingProgramId: lending, unitsConsumed: 1_349_999 })).toBe(1_399_999);
    expect(computeUnitLimit({ instructions: [transfer], lendingProgramId: lending, unitsConsumed: 1_380_000 })).toBe(1_400_000);
    // Measured usage wins even for a flash loan.
    expect(computeUnitLimit({ instructions: [], lendingProgramId: lending, unitsConsumed: 0, flashLoan: true })).toBe(50_000);
  });

  it("without a measurement: 1,200,000 for a flash-loan transaction, else the limit the transaction sets, else an estimate", () => {
    expect(computeUnitLimit({ instructions: [transfer], lendingProgramId: lending, flashLoan: true })).toBe(1_200_000);
    const own = [ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 }), transfer];
    expect(computeUnitLimit({ instructions: own, lendingProgramId: lending })).toBe(300_000);
    expect(computeUnitLimit({ instructions: [transfer], lendingProgramId: lending })).toBe(400_000);
  });

  it("estimates from instruction types: 400,000 for known ones, 1,100,000 with a flash loan, 200,000 per unknown instruction", () => {
    expect(estimateComputeUnits([transfer, lendingIx("lending_account_deposit")], lending)).toBe(400_000);
    expect(estimateComputeUnits([lendingIx("lending_account_start_flashloan"), transfer, dataInstruction(1)], lending)).toBe(1_100_000);
    expect(estimateComputeUnits([dataInstruction(1), dataInstruction(2), dataInstruction(3)], lending)).toBe(600_000);
    expect(estimateComputeUnits([transfer, dataInstruction(1), dataInstruction(2)], lending)).toBe(800_000);
    expect(
      estimateComputeUnits(
        Array.from({ length: 8 }, () => dataInstruction(1)),
        lending,
      ),
    ).toBe(1_400_000);
    expect(estimateComputeUnits([ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5 }), dataInstruction(1)], lending)).toBe(
      200_000,
    );
    // The start-flashloan discriminator of another program is not a flash loan.
    const foreign = new TransactionInstruction({
      programId: key(900),
      keys: [],
      data: instructionDiscriminator("lending_account_start_flashloan"),
    });
    expect(estimateComputeUnits([foreign, transfer], lending)).toBe(600_000);
  });

  it("counts SPL Memo v2 and v1 among the known programs", () => {
    expect(MEMO_PROGRAM_IDS).toEqual(["MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr", "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo"]);
    for (const id of MEMO_PROGRAM_IDS) {
      const memo = new TransactionInstruction({ programId: new PublicKey(id), keys: [], data: Buffer.from("hi") });
      expect(estimateComputeUnits([memo], lending)).toBe(400_000);
    }
  });

  it("the constants are the spec's", () => {
    expect(COMPUTE_UNITS).toEqual({
      MAX: 1_400_000,
      SIMULATION_MARGIN: 50_000,
      DEFAULT: 400_000,
      WITH_FLASH_LOAN: 1_100_000,
      FLASH_LOAN_TRANSACTION: 1_200_000,
      HEALTH_SIMULATION: 1_400_000,
      PER_UNKNOWN_INSTRUCTION: 200_000,
    });
  });

  it("builds SetComputeUnitLimit then SetComputeUnitPrice", () => {
    const [limit, price] = computeBudgetInstructions(250_000, 1234.9);
    expect(ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit).units).toBe(250_000);
    expect(ComputeBudgetInstruction.decodeSetComputeUnitPrice(price).microLamports).toBe(1234n);
  });
});

describe("priority fees", () => {
  it("converts between µlamports per CU and whole lamports over a limit, flooring both ways", () => {
    expect(priorityFeeLamports(1_000_000, 1_400_000)).toBe(1_400_000);
    expect(priorityFeeLamports(3, 333_333)).toBe(0);
    expect(priorityFeeLamports(7, 333_333)).toBe(2);
    expect(priceForLamports(5_000_000, 1_400_000)).toBe(3_571_428);
    expect(priceForLamports(1, 1_400_000)).toBe(0);
  });

  it("converts between µlamports per CU and SOL over 1,400,000 CU by default, truncating to lamports", () => {
    expect(microLamportsToSol(1_000_000)).toBe(0.0014);
    expect(microLamportsToSol(1_000_000, 200_000)).toBe(0.0002);
    expect(microLamportsToSol(1)).toBe(0.000000001);
    expect(microLamportsToSol(0.7)).toBe(0);
    expect(solToMicroLamports(0.0014)).toBe(1_000_000);
    expect(solToMicroLamports(0.1)).toBe(71_428_571);
    expect(solToMicroLamports(0.0002, 200_000)).toBe(1_000_000);
  });

  it("prices a fee given in SOL; no fee, or one above 0.1 SOL, leaves the default 1 µlamport", () => {
    expect(priceForPriorityFee(0.0014)).toBe(1_000_000);
    expect(priceForPriorityFee(0.1)).toBe(71_428_571);
    expect(priceForPriorityFee(0.1000001)).toBe(1);
    expect(priceForPriorityFee(0)).toBe(1);
    expect(priceForPriorityFee(undefined)).toBe(1);
  });

  it("ignores a price whose transaction fee is above 0.1 SOL, leaving the default 1 µlamport", () => {
    expect(MAX_PRIORITY_FEE_SOL).toBe(0.1);
    // 100,000,000 µlamports/CU over 1.4M CU would be 0.14 SOL.
    expect(cappedPriorityFee(100_000_000, 1_400_000)).toBe(1);
    // Exactly 0.1 SOL passes unchanged; one µlamport per CU more is ignored.
    expect(cappedPriorityFee(500_000_000, 200_000)).toBe(500_000_000);
    expect(cappedPriorityFee(500_000_001, 200_000)).toBe(1);
    expect(cappedPriorityFee(71_428_571, 1_400_000)).toBe(71_428_571);
    expect(cappedPriorityFee(50_000, 1_400_000)).toBe(50_000);
  });

  it("caps a fee within 0.1 SOL by a positive manual max cap", () => {
    // 1,000,000 µlamports/CU over 1.4M CU is 0.0014 SOL.
    expect(cappedPriorityFee(1_000_000, 1_400_000, 0.001)).toBe(714_285);
    expect(cappedPriorityFee(1_000_000, 1_400_000, 0.002)).toBe(1_000_000);
    expect(cappedPriorityFee(50_000_000, 1_400_000, 0.5)).toBe(50_000_000);
    expect(cappedPriorityFee(100_000_000, 1_400_000, 0.5)).toBe(1);
    expect(cappedPriorityFee(100_000_000, 1_400_000, 0.05)).toBe(1);
    expect(cappedPriorityFee(100_000_000, 1_400_000, 0)).toBe(1);
  });

  it("fallback tiers: NORMAL 0.7, HIGH 1.5 and ULTRA 2 times the median, within the bounds", () => {
    expect(FALLBACK_PRIORITY_FEE_STATS).toEqual({ min: 50, max: 10_000_000, median: 130_000, mean: 1_000_000 });
    expect(priorityFeeTiers()).toEqual({ NORMAL: 91_000, HIGH: 195_000, ULTRA: 260_000 });
    expect(priorityFeeTiers({ min: 50, max: 1_000, median: 800, mean: 900 })).toEqual({ NORMAL: 560, HIGH: 1_000, ULTRA: 1_000 });
    expect(priorityFeeTiers({ min: 50, max: 1_000, median: 30, mean: 40 })).toEqual({ NORMAL: 50, HIGH: 50, ULTRA: 60 });
  });
});

describe("bundle tips", () => {
  it("fallback tiers are 0.8, 1.2 and 1.5 times 0.0001 SOL; the default tip is 100,000 lamports", () => {
    expect(fallbackBundleTips()).toEqual({ NORMAL: 80_000, HIGH: 120_000, ULTRA: 150_000 });
    expect(DEFAULT_BUNDLE_TIP_LAMPORTS).toBe(100_000);
  });

  it("clamps tips to 0.00001–0.001 SOL, truncated to lamports", () => {
    expect(clampBundleTip(0.000001)).toBe(10_000);
    expect(clampBundleTip(0.5)).toBe(1_000_000);
    expect(clampBundleTip(0.0000500009)).toBe(50_000);
    expect(fallbackBundleTips(0.005)).toEqual({ NORMAL: 1_000_000, HIGH: 1_000_000, ULTRA: 1_000_000 });
  });

  it("pays a random one of the eight tip accounts", () => {
    expect(TIP_ACCOUNTS).toHaveLength(8);
    expect(pickTipAccount(TIP_ACCOUNTS, () => 0)).toBe(TIP_ACCOUNTS[0]);
    expect(pickTipAccount(TIP_ACCOUNTS, () => 0.999)).toBe(TIP_ACCOUNTS[7]);
    expect(pickTipAccount(TIP_ACCOUNTS, () => 0.5)).toBe(TIP_ACCOUNTS[4]);
    const tip = tipInstruction(payer, 100_000, TIP_ACCOUNTS[3]);
    expect(SystemInstruction.decodeTransfer(tip)).toEqual({ fromPubkey: payer, toPubkey: TIP_ACCOUNTS[3], lamports: 100_000n });
  });

  it("requires a positive tip", () => {
    for (const lamports of [0, -1, Number.NaN]) {
      expect(() => tipInstruction(payer, lamports)).toThrow("A bundle tip is required for a bundled transactions");
    }
  });
});
