// Compute-unit limits: from simulation when it worked, from the transaction's kind or instruction types when not.
import { ComputeBudgetInstruction, ComputeBudgetProgram, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { instructionDiscriminator } from "@ballast/protocol";

export const COMPUTE_UNITS = {
  /** The runtime's per-transaction maximum. */
  MAX: 1_400_000,
  /** Headroom added to simulated usage. */
  SIMULATION_MARGIN: 50_000,
  /** Estimate for a transaction of known instruction types. */
  DEFAULT: 400_000,
  /** Estimate when the transaction contains a flash loan. */
  WITH_FLASH_LOAN: 1_100_000,
  /** Limit set on a flash-loan transaction. */
  FLASH_LOAN_TRANSACTION: 1_200_000,
  /** Health simulation runs with the maximum. */
  HEALTH_SIMULATION: 1_400_000,
  /** Estimate per instruction of an unknown type (the runtime's own default). */
  PER_UNKNOWN_INSTRUCTION: 200_000,
} as const;

/** Default compute-unit price: 1 µlamport. */
export const DEFAULT_COMPUTE_UNIT_PRICE = 1;

/** SPL Memo v2 and v1. */
export const MEMO_PROGRAM_IDS = ["MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr", "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo"] as const;
const START_FLASHLOAN = instructionDiscriminator("lending_account_start_flashloan");

export function isComputeBudgetInstruction(ix: TransactionInstruction): boolean {
  return ix.programId.equals(ComputeBudgetProgram.programId);
}

export function isFlashLoanStart(ix: TransactionInstruction, lendingProgramId: PublicKey): boolean {
  return ix.programId.equals(lendingProgramId) && ix.data.length >= 8 && ix.data.subarray(0, 8).equals(START_FLASHLOAN);
}

/** The limit a SetComputeUnitLimit instruction among these sets, if any. */
export function existingComputeUnitLimit(instructions: readonly TransactionInstruction[]): number | undefined {
  for (const ix of instructions) {
    if (!isComputeBudgetInstruction(ix)) continue;
    if (ComputeBudgetInstruction.decodeInstructionType(ix) === "SetComputeUnitLimit") {
      return ComputeBudgetInstruction.decodeSetComputeUnitLimit(ix).units;
    }
  }
  return undefined;
}

/** Programs whose instructions fit the default estimate: the lending program and the common built-ins. */
export function knownPrograms(lendingProgramId: PublicKey): PublicKey[] {
  return [
    lendingProgramId,
    SystemProgram.programId,
    TOKEN_PROGRAM_ID,
    TOKEN_2022_PROGRAM_ID,
    ASSOCIATED_TOKEN_PROGRAM_ID,
    ...MEMO_PROGRAM_IDS.map((id) => new PublicKey(id)),
  ];
}

/**
 * Compute units estimated from instruction types, for when simulation failed: 1,100,000 with a flash loan;
 * otherwise 400,000 if any instruction is of a known type, plus 200,000 per instruction of an unknown one;
 * capped at 1,400,000. Compute-budget instructions count for nothing.
 */
export function estimateComputeUnits(instructions: readonly TransactionInstruction[], lendingProgramId: PublicKey): number {
  if (instructions.some((ix) => isFlashLoanStart(ix, lendingProgramId))) return COMPUTE_UNITS.WITH_FLASH_LOAN;
  const known = knownPrograms(lendingProgramId);
  let anyKnown = false;
  let unknown = 0;
  for (const ix of instructions) {
    if (isComputeBudgetInstruction(ix)) continue;
    if (known.some((id) => id.equals(ix.programId))) anyKnown = true;
    else unknown++;
  }
  const units = (anyKnown ? COMPUTE_UNITS.DEFAULT : 0) + unknown * COMPUTE_UNITS.PER_UNKNOWN_INSTRUCTION;
  return Math.min(units, COMPUTE_UNITS.MAX);
}

export interface ComputeUnitLimitInput {
  instructions: readonly TransactionInstruction[];
  lendingProgramId: PublicKey;
  /** Usage measured by simulation, when it succeeded. */
  unitsConsumed?: number;
  flashLoan?: boolean;
}

/**
 * The limit to set, most precise source first: simulated usage + 50,000 (capped at 1,400,000); 1,200,000 for a
 * flash-loan transaction; the limit the instructions already set; an estimate from the instruction types.
 */
export function computeUnitLimit(input: ComputeUnitLimitInput): number {
  if (input.unitsConsumed !== undefined) {
    return Math.min(input.unitsConsumed + COMPUTE_UNITS.SIMULATION_MARGIN, COMPUTE_UNITS.MAX);
  }
  if (input.flashLoan) return COMPUTE_UNITS.FLASH_LOAN_TRANSACTION;
  const existing = existingComputeUnitLimit(input.instructions);
  if (existing !== undefined) return Math.min(existing, COMPUTE_UNITS.MAX);
  return estimateComputeUnits(input.instructions, input.lendingProgramId);
}

/** A transaction's compute budget: its SetComputeUnitLimit and SetComputeUnitPrice instructions. */
export type ComputeBudget = readonly [limit: TransactionInstruction, price: TransactionInstruction];

/** SetComputeUnitLimit and SetComputeUnitPrice, in that order. */
export function computeBudgetInstructions(units: number, microLamportsPerUnit: number): ComputeBudget {
  return [
    ComputeBudgetProgram.setComputeUnitLimit({ units }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: BigInt(Math.floor(microLamportsPerUnit)) }),
  ];
}
