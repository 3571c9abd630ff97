// The one place the lending program's instructions are assembled: @ballast/codec's buildInstruction over the
// protocol's instruction table (generated from the program's IDL). Account order, writable/signer flags and fixed
// addresses come from the table, so builders name accounts and never order them, and a misspelt account or argument
// name, a missing one or a value of the wrong type is a compile error.
import { PublicKey, type AccountMeta, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type InstructionCall } from "@ballast/codec";
import { LENDING_INSTRUCTIONS, MARGINFI_PROGRAM_ID, type LendingInstructionName } from "@ballast/protocol";

/** The mainnet id, where the ledger deploys the program by default. */
export const DEFAULT_PROGRAM_ID = new PublicKey(MARGINFI_PROGRAM_ID);

export interface ProgramOptions {
  /** The lending program to address; defaults to the mainnet id. */
  programId?: PublicKey;
}

/** Named accounts and arguments of one lending instruction, as LENDING_INSTRUCTIONS declares them. */
export type LendingInstructionCall<N extends LendingInstructionName> = InstructionCall<(typeof LENDING_INSTRUCTIONS)[N]>;

/** A remaining account the program only reads. */
export function readonlyAccount(pubkey: PublicKey): AccountMeta {
  return { pubkey, isSigner: false, isWritable: false };
}

/**
 * One lending-program instruction from its IDL name, its accounts and arguments by their camelCase names (accounts
 * with a fixed address, such as the system program, are filled in; an absent optional account is the program id)
 * and any remaining accounts, which follow the named ones.
 */
export function lendingInstruction<N extends LendingInstructionName>(
  name: N,
  call: LendingInstructionCall<N>,
  { programId = DEFAULT_PROGRAM_ID }: ProgramOptions = {},
): TransactionInstruction {
  return buildInstruction(programId, LENDING_INSTRUCTIONS, name, call);
}
