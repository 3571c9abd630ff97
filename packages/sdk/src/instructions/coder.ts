// The lending program's Anchor IDL and BorshCoder, for decoding what the program receives and emits (instruction
// data, events). Instructions are built from the protocol's instruction table instead (program.ts).
import { BorshCoder, type Idl } from "@coral-xyz/anchor";
import { MARGINFI_IDL } from "@ballast/protocol";

export const LENDING_IDL = MARGINFI_IDL as unknown as Idl;

/** Anchor 0.32's BorshCoder: IDL (snake_case) names for instructions, accounts and argument fields. */
export const lendingCoder = new BorshCoder(LENDING_IDL);
