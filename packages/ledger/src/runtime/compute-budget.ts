import type { Address } from "../account.js";
import { TransactionError } from "../errors.js";
import type { Program } from "./program.js";

export const COMPUTE_BUDGET_PROGRAM_ID: Address = "ComputeBudget111111111111111111111111111111";
export const LAMPORTS_PER_SIGNATURE = 5000n;
export const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
const MIN_HEAP_BYTES = 32 * 1024;
const MAX_HEAP_BYTES = 256 * 1024;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

export interface ComputeBudget {
  unitLimit: number;
  /** micro-lamports per compute unit */
  unitPrice: bigint;
  heapBytes: number;
  loadedAccountsDataSizeLimit: number;
}

/** Compute Budget instructions do their work before execution; running one only costs its units. */
export const computeBudgetProgram: Program = {
  id: COMPUTE_BUDGET_PROGRAM_ID,
  builtin: true,
  execute(ctx) {
    ctx.consume(150);
  },
};

function invalid(index: number): never {
  throw new TransactionError({ InstructionError: [index, "InvalidInstructionData"] });
}

/** Reads a transaction's budget requests the way Solana does, refusing duplicates and malformed data. */
export function parseComputeBudget(instructions: readonly { programId: Address; data: Buffer }[]): ComputeBudget {
  let unitLimit: number | null = null;
  let unitPrice: bigint | null = null;
  let heapBytes: number | null = null;
  let loadedLimit: number | null = null;
  let others = 0;
  instructions.forEach((ix, index) => {
    if (ix.programId !== COMPUTE_BUDGET_PROGRAM_ID) {
      others++;
      return;
    }
    const kind = ix.data[0];
    const seen = (value: unknown) => {
      if (value !== null) throw new TransactionError({ DuplicateInstruction: index });
    };
    switch (kind) {
      case 1:
        if (ix.data.length !== 5) invalid(index);
        seen(heapBytes);
        heapBytes = ix.data.readUInt32LE(1);
        if (heapBytes % 1024 !== 0 || heapBytes < MIN_HEAP_BYTES || heapBytes > MAX_HEAP_BYTES) invalid(index);
        return;
      case 2:
        if (ix.data.length !== 5) invalid(index);
        seen(unitLimit);
        unitLimit = ix.data.readUInt32LE(1);
        return;
      case 3:
        if (ix.data.length !== 9) invalid(index);
        seen(unitPrice);
        unitPrice = ix.data.readBigUInt64LE(1);
        return;
      case 4:
        if (ix.data.length !== 5) invalid(index);
        seen(loadedLimit);
        loadedLimit = ix.data.readUInt32LE(1);
        return;
      default:
        invalid(index);
    }
  });
  const requested: number = unitLimit ?? DEFAULT_UNITS_PER_INSTRUCTION * others;
  return {
    unitLimit: Math.min(requested, MAX_COMPUTE_UNIT_LIMIT),
    unitPrice: unitPrice ?? 0n,
    heapBytes: heapBytes ?? MIN_HEAP_BYTES,
    loadedAccountsDataSizeLimit: loadedLimit ?? 64 * 1024 * 1024,
  };
}

/** The priority fee in lamports: limit × price, rounded up. */
export function priorityFee(unitLimit: number, unitPrice: bigint): bigint {
  return (BigInt(unitLimit) * unitPrice + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}
