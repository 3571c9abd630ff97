import type { Address } from "../account.js";
import { RENT } from "../account.js";
import { base58ToBytes, keyToBase58 } from "../tx/base58.js";
import type { AccountMeta, Clock } from "./program.js";

export const SYSVAR_OWNER: Address = "Sysvar1111111111111111111111111111111111111";
export const CLOCK_SYSVAR_ID: Address = "SysvarC1ock11111111111111111111111111111111";
export const RENT_SYSVAR_ID: Address = "SysvarRent111111111111111111111111111111111";
export const EPOCH_SCHEDULE_SYSVAR_ID: Address = "SysvarEpochSchedu1e111111111111111111111111";
export const SLOT_HASHES_SYSVAR_ID: Address = "SysvarS1otHashes111111111111111111111111111";
export const INSTRUCTIONS_SYSVAR_ID: Address = "Sysvar1nstructions1111111111111111111111111";
export const SLOTS_PER_EPOCH = 432_000n;
/** SlotHashes keeps this many entries, newest first. */
export const MAX_SLOT_HASHES = 512;

export function encodeClock(clock: Clock): Buffer {
  const out = Buffer.alloc(40);
  out.writeBigUInt64LE(clock.slot, 0);
  out.writeBigInt64LE(clock.epochStartTimestamp, 8);
  out.writeBigUInt64LE(clock.epoch, 16);
  out.writeBigUInt64LE(clock.leaderScheduleEpoch, 24);
  out.writeBigInt64LE(clock.unixTimestamp, 32);
  return out;
}

export function decodeClock(data: Buffer): Clock {
  return {
    slot: data.readBigUInt64LE(0),
    epochStartTimestamp: data.readBigInt64LE(8),
    epoch: data.readBigUInt64LE(16),
    leaderScheduleEpoch: data.readBigUInt64LE(24),
    unixTimestamp: data.readBigInt64LE(32),
  };
}

export function encodeRent(): Buffer {
  const out = Buffer.alloc(17);
  out.writeBigUInt64LE(RENT.lamportsPerByteYear, 0);
  out.writeDoubleLE(RENT.exemptionThreshold, 8);
  out.writeUInt8(RENT.burnPercent, 16);
  return out;
}

export function encodeEpochSchedule(): Buffer {
  const out = Buffer.alloc(33);
  out.writeBigUInt64LE(SLOTS_PER_EPOCH, 0);
  out.writeBigUInt64LE(SLOTS_PER_EPOCH, 8);
  out.writeUInt8(0, 16);
  out.writeBigUInt64LE(0n, 17);
  out.writeBigUInt64LE(0n, 25);
  return out;
}

/** (slot, hash) pairs, newest first, as bincode: u64 count then 40 bytes per entry. */
export function encodeSlotHashes(entries: readonly { slot: bigint; hash: Address }[]): Buffer {
  const kept = entries.slice(0, MAX_SLOT_HASHES);
  const out = Buffer.alloc(8 + kept.length * 40);
  out.writeBigUInt64LE(BigInt(kept.length), 0);
  kept.forEach((e, i) => {
    out.writeBigUInt64LE(e.slot, 8 + i * 40);
    base58ToBytes(e.hash).copy(out, 16 + i * 40);
  });
  return out;
}

export interface SysvarInstruction {
  programId: Address;
  accounts: AccountMeta[];
  data: Buffer;
}

const IS_SIGNER = 1;
const IS_WRITABLE = 2;

/**
 * The Instructions sysvar as Solana serialises it for a transaction: u16 count, u16 offset per instruction, each
 * instruction (u16 account count, per account a flags byte and the key, program id, u16 data length, data), and
 * finally the u16 index of the executing top-level instruction.
 */
export function encodeInstructionsSysvar(instructions: readonly SysvarInstruction[]): Buffer {
  const bodies = instructions.map((ix) => {
    const body = Buffer.alloc(2 + ix.accounts.length * 33 + 32 + 2 + ix.data.length);
    let o = body.writeUInt16LE(ix.accounts.length, 0);
    for (const meta of ix.accounts) {
      o = body.writeUInt8((meta.isSigner ? IS_SIGNER : 0) | (meta.isWritable ? IS_WRITABLE : 0), o);
      o += base58ToBytes(meta.pubkey).copy(body, o);
    }
    o += base58ToBytes(ix.programId).copy(body, o);
    o = body.writeUInt16LE(ix.data.length, o);
    ix.data.copy(body, o);
    return body;
  });
  const header = Buffer.alloc(2 + 2 * instructions.length);
  header.writeUInt16LE(instructions.length, 0);
  let offset = header.length;
  bodies.forEach((b, i) => {
    header.writeUInt16LE(offset, 2 + 2 * i);
    offset += b.length;
  });
  return Buffer.concat([header, ...bodies, Buffer.alloc(2)]);
}

export function setInstructionsSysvarCurrentIndex(data: Buffer, index: number): void {
  data.writeUInt16LE(index, data.length - 2);
}

export function instructionsSysvarCurrentIndex(data: Buffer): number {
  return data.readUInt16LE(data.length - 2);
}

export function instructionsSysvarCount(data: Buffer): number {
  return data.readUInt16LE(0);
}

/** Reads instruction `index` back out of the sysvar, as load_instruction_at_checked does on chain. */
export function instructionsSysvarAt(data: Buffer, index: number): SysvarInstruction {
  if (index >= instructionsSysvarCount(data)) throw new RangeError(`no instruction ${index} in the Instructions sysvar`);
  let o = data.readUInt16LE(2 + 2 * index);
  const count = data.readUInt16LE(o);
  o += 2;
  const accounts: AccountMeta[] = [];
  for (let i = 0; i < count; i++) {
    const flags = data[o];
    accounts.push({ pubkey: keyToBase58(data.subarray(o + 1, o + 33)), isSigner: (flags & IS_SIGNER) !== 0, isWritable: (flags & IS_WRITABLE) !== 0 });
    o += 33;
  }
  const programId = keyToBase58(data.subarray(o, o + 32));
  o += 32;
  const length = data.readUInt16LE(o);
  o += 2;
  return { programId, accounts, data: Buffer.from(data.subarray(o, o + length)) };
}
