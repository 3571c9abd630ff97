import type { Address } from "../account.js";
import { TransactionError } from "../errors.js";
import type { Program } from "./program.js";

export const COMPUTE_BUDGET_PROGRAM_ID: Address = "ComputeBudget111111111111111111111111111111";
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** What each instruction that is not a Compute Budget instruction adds to the default unit limit. */
export const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
export const MIN_HEAP_FRAME_BYTES = 32 * 1024;
export const MAX_HEAP_FRAME_BYTES = 256 * 1024;
const HEAP_FRAME_GRANULARITY = 1024;
/** Solana's cap on the account data a transaction may load, and the default when none is requested. */
export const MAX_LOADED_ACCOUNTS_DATA_SIZE_BYTES = 64 * 1024 * 1024;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;
const COMPUTE_BUDGET_UNITS = 150;

/** ComputeBudgetInstruction discriminants (borsh: one byte, then the field). */
const REQUEST_HEAP_FRAME = 1;
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
const SET_LOADED_ACCOUNTS_DATA_SIZE_LIMIT = 4;

export interface ComputeBudget {
  unitLimit: number;
  /** micro-lamports per compute unit */
  unitPrice: bigint;
  heapBytes: number;
  loadedAccountsDataSizeLimit: number;
}

/** Compute Budget instructions take effect before execution; running one only costs its units. */
export const computeBudgetProgram: Program = {
  id: COMPUTE_BUDGET_PROGRAM_ID,
  builtin: true,
  execute(ctx) {
    ctx.consume(COMPUTE_BUDGET_UNITS);
  },
};

function invalidData(index: number): TransactionError {
  return new TransactionError({ InstructionError: [index, "InvalidInstructionData"] });
}

/**
 * Reads a transaction's budget requests as Solana does before executing it. Each instruction is parsed as borsh
 * without requiring the whole slice to be consumed (trailing bytes are ignored, short data is invalid); a second
 * request of the same kind is a DuplicateInstruction at its index; the heap frame size is checked once all
 * instructions have been read.
 */
export function parseComputeBudget(instructions: readonly { programId: Address; data: Buffer }[]): ComputeBudget {
  let heap: { index: number; bytes: number } | null = null;
  let unitLimit: number | null = null;
  let unitPrice: bigint | null = null;
  let loadedLimit: number | null = null;
  let others = 0;

  for (const [index, { programId, data }] of instructions.entries()) {
    if (programId !== COMPUTE_BUDGET_PROGRAM_ID) {
      others++;
      continue;
    }
    const duplicate = (previous: unknown): void => {
      if (previous !== null) throw new TransactionError({ DuplicateInstruction: index });
    };
    switch (data.at(0) ?? -1) {
      case REQUEST_HEAP_FRAME:
        if (data.length < 5) throw invalidData(index);
        duplicate(heap);
        heap = { index, bytes: data.readUInt32LE(1) };
        break;
      case SET_COMPUTE_UNIT_LIMIT:
        if (data.length < 5) throw invalidData(index);
        duplicate(unitLimit);
        unitLimit = data.readUInt32LE(1);
        break;
      case SET_COMPUTE_UNIT_PRICE:
        if (data.length < 9) throw invalidData(index);
        duplicate(unitPrice);
        unitPrice = data.readBigUInt64LE(1);
        break;
      case SET_LOADED_ACCOUNTS_DATA_SIZE_LIMIT:
        if (data.length < 5) throw invalidData(index);
        duplicate(loadedLimit);
        loadedLimit = data.readUInt32LE(1);
        break;
      default:
        // Includes the retired RequestUnits (0) and empty data.
        throw invalidData(index);
    }
  }

  if (heap !== null) {
    const { index, bytes } = heap;
    if (bytes < MIN_HEAP_FRAME_BYTES || bytes > MAX_HEAP_FRAME_BYTES || bytes % HEAP_FRAME_GRANULARITY !== 0) throw invalidData(index);
  }

  return {
    unitLimit: Math.min(unitLimit ?? DEFAULT_UNITS_PER_INSTRUCTION * others, MAX_COMPUTE_UNIT_LIMIT),
    unitPrice: unitPrice ?? 0n,
    heapBytes: heap?.bytes ?? MIN_HEAP_FRAME_BYTES,
    loadedAccountsDataSizeLimit: Math.min(loadedLimit ?? MAX_LOADED_ACCOUNTS_DATA_SIZE_BYTES, MAX_LOADED_ACCOUNTS_DATA_SIZE_BYTES),
  };
}

/** The prioritization fee in lamports: unit limit × price in micro-lamports, divided by a million, rounded up. */
export function priorityFee(unitLimit: number, unitPrice: bigint): bigint {
  const microLamports = BigInt(unitLimit) * unitPrice;
  return (microLamports + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}

/** What a transaction pays: the base fee per signature plus its priority fee. */
export function transactionFee(signatureCount: number, budget: ComputeBudget): bigint {
  return LAMPORTS_PER_SIGNATURE * BigInt(signatureCount) + priorityFee(budget.unitLimit, budget.unitPrice);
}
