// Instruction data and account lists for the market's builders: Anchor discriminators, Borsh arguments, and the
// program id standing in for an absent optional account.
import { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { instructionDiscriminator } from "@ballast/anchor";
import { KLEND_PROGRAM_ID } from "../program-ids.js";
import { type Key, toPublicKey } from "./seeds.js";

export interface ProgramOption {
  /** The market program; klend's id by default. */
  programId?: Key;
}

/** [pubkey, isSigner, isWritable] */
export type Meta = [PublicKey, boolean, boolean];

export const readonly = (k: Key): Meta => [toPublicKey(k), false, false];
export const writable = (k: Key): Meta => [toPublicKey(k), false, true];
export const signer = (k: Key, isWritable = false): Meta => [toPublicKey(k), true, isWritable];

export function programIdOf(p: ProgramOption): PublicKey {
  return toPublicKey(p.programId ?? KLEND_PROGRAM_ID);
}

/** An optional account: the account, or the program id for none. */
export function optionalAccount(account: Key | null | undefined, programId: PublicKey): Meta {
  return readonly(account ?? programId);
}

export function buildInstruction(programId: PublicKey, name: string, keys: Meta[], args: Buffer[] = []): TransactionInstruction {
  return new TransactionInstruction({
    programId,
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data: Buffer.concat([instructionDiscriminator(name), ...args]),
  });
}

export function u64(value: bigint): Buffer {
  const data = Buffer.alloc(8);
  data.writeBigUInt64LE(value);
  return data;
}

/** Borsh Vec<u8>: u32 length, then the bytes. */
export function vecU8(value: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(value.length);
  return Buffer.concat([length, Buffer.from(value)]);
}
