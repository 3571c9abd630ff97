// Greedy packing of instructions into as few transactions as fit Solana's limits, keeping room for what the
// send flow adds later (compute-budget instructions, a bundle tip).
import type { AddressLookupTableAccount, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { MESSAGES, buildingError } from "./errors.js";
import { fitsInTransaction, measureInstructions, type InstructionSet } from "./size.js";

/** A bundle tip: a SystemProgram transfer (17 bytes) plus the tip account and System program keys. */
export const TIP_INSTRUCTION_SIZE = 81;
/** SetComputeUnitPrice (12 bytes) plus the Compute Budget program key. */
export const PRIORITY_FEE_INSTRUCTION_SIZE = 44;
/** SetComputeUnitLimit, once the Compute Budget program key is present. */
export const COMPUTE_UNIT_LIMIT_INSTRUCTION_SIZE = 8;

export interface PackingOptions {
  payer: PublicKey;
  lookupTables?: AddressLookupTableAccount[];
  /** Instructions repeated at the start of every transaction. */
  mandatoryInstructions?: TransactionInstruction[];
  /** Room to keep free in every transaction. */
  reserve?: {
    /** SetComputeUnitLimit and SetComputeUnitPrice (52 bytes). */
    computeBudget?: boolean;
    /** A bundle tip (81 bytes). */
    tip?: boolean;
  };
  /** Default 0. */
  version?: InstructionSet["version"];
}

export function reservedBytes(reserve: PackingOptions["reserve"] = {}): number {
  return (
    (reserve.computeBudget ? PRIORITY_FEE_INSTRUCTION_SIZE + COMPUTE_UNIT_LIMIT_INSTRUCTION_SIZE : 0) +
    (reserve.tip ? TIP_INSTRUCTION_SIZE : 0)
  );
}

/** Whether these instructions, with the options' mandatory instructions and reserved room, make one transaction. */
export function fitsInOneTransaction(instructions: TransactionInstruction[], options: PackingOptions): boolean {
  const set: InstructionSet = {
    payer: options.payer,
    instructions: [...(options.mandatoryInstructions ?? []), ...instructions],
    lookupTables: options.lookupTables,
    version: options.version,
  };
  let measurement;
  try {
    measurement = measureInstructions(set);
  } catch {
    // Compiling fails only past 256 keys: far beyond the 64-key limit.
    return false;
  }
  return fitsInTransaction(measurement, reservedBytes(options.reserve));
}

/** An instruction, or instructions that must share one transaction (a market refresh and the action that reads it). */
export type PackItem = TransactionInstruction | readonly TransactionInstruction[];

/**
 * Splits instructions, in order, into transactions of at most 1232 bytes and 64 keys, each starting with the
 * mandatory instructions; a group of instructions stays in one transaction. An item that cannot fit even alone throws.
 */
export function packInstructions(items: readonly PackItem[], options: PackingOptions): TransactionInstruction[][] {
  const groups: TransactionInstruction[][] = [];
  let current: TransactionInstruction[] = [];
  for (const item of items) {
    const unit = Array.isArray(item) ? [...(item as readonly TransactionInstruction[])] : [item as TransactionInstruction];
    if (fitsInOneTransaction([...current, ...unit], options)) {
      current.push(...unit);
      continue;
    }
    if (current.length === 0 || !fitsInOneTransaction(unit, options)) throw buildingError(MESSAGES.singleInstructionTooLarge);
    groups.push(current);
    current = unit;
  }
  if (current.length > 0) groups.push(current);
  const mandatory = options.mandatoryInstructions ?? [];
  return groups.map((group) => [...mandatory, ...group]);
}
