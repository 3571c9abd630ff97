import { f64, i64, struct, u64, u8 } from "@ballast/codec";
import type { Address } from "../account.js";
import { RENT } from "../account.js";
import { InstructionError } from "../errors.js";
import { base58ToBytes, keyToBase58 } from "../tx/base58.js";
import { flag } from "../layout-codecs.js";
import type { AccountMeta, Clock, InstructionAccount } from "./program.js";

/**
 * Sysvar accounts, byte for byte as Solana lays them out (bincode, little-endian), so that on-chain programs and
 * clients decoding them (`Clock::get`, `getAccountInfo(SYSVAR_CLOCK_PUBKEY)`) read the same values. The fixed-size
 * ones are codec structs, each offset declared once.
 */

export const SYSVAR_OWNER: Address = "Sysvar1111111111111111111111111111111111111";
export const CLOCK_SYSVAR_ID: Address = "SysvarC1ock11111111111111111111111111111111";
export const RENT_SYSVAR_ID: Address = "SysvarRent111111111111111111111111111111111";
export const EPOCH_SCHEDULE_SYSVAR_ID: Address = "SysvarEpochSchedu1e111111111111111111111111";
export const SLOT_HASHES_SYSVAR_ID: Address = "SysvarS1otHashes111111111111111111111111111";
export const INSTRUCTIONS_SYSVAR_ID: Address = "Sysvar1nstructions1111111111111111111111111";

export const SLOTS_PER_EPOCH = 432_000n;
/** SlotHashes keeps this many entries, newest first (Solana's slot_hashes::MAX_ENTRIES). */
export const MAX_SLOT_HASHES = 512;

export const CLOCK_SIZE = 40;
export const RENT_SIZE = 17;
export const EPOCH_SCHEDULE_SIZE = 33;
const SLOT_HASH_ENTRY_SIZE = 8 + 32;

// ---- Clock ------------------------------------------------------------------------------------------------

const ClockLayout = struct(CLOCK_SIZE, {
  slot: [0, u64],
  epochStartTimestamp: [8, i64],
  epoch: [16, u64],
  leaderScheduleEpoch: [24, u64],
  unixTimestamp: [32, i64],
});

export function encodeClock(clock: Clock): Buffer {
  const out = Buffer.alloc(CLOCK_SIZE);
  ClockLayout.write(out, 0, clock);
  return out;
}

export function decodeClock(data: Buffer): Clock {
  if (data.length < CLOCK_SIZE) throw new InstructionError("InvalidAccountData");
  return ClockLayout.read(data, 0);
}

// ---- Rent -------------------------------------------------------------------------------------------------

export interface RentSysvar {
  lamportsPerByteYear: bigint;
  exemptionThreshold: number;
  burnPercent: number;
}

export const DEFAULT_RENT: RentSysvar = {
  lamportsPerByteYear: RENT.lamportsPerByteYear,
  exemptionThreshold: RENT.exemptionThreshold,
  burnPercent: RENT.burnPercent,
};

const RentLayout = struct(RENT_SIZE, { lamportsPerByteYear: [0, u64], exemptionThreshold: [8, f64], burnPercent: [16, u8] });

export function encodeRent(rent: RentSysvar = DEFAULT_RENT): Buffer {
  const out = Buffer.alloc(RENT_SIZE);
  RentLayout.write(out, 0, rent);
  return out;
}

export function decodeRent(data: Buffer): RentSysvar {
  if (data.length < RENT_SIZE) throw new InstructionError("InvalidAccountData");
  return RentLayout.read(data, 0);
}

// ---- EpochSchedule ----------------------------------------------------------------------------------------

export interface EpochSchedule {
  slotsPerEpoch: bigint;
  leaderScheduleSlotOffset: bigint;
  warmup: boolean;
  firstNormalEpoch: bigint;
  firstNormalSlot: bigint;
}

/** Fixed-length epochs from genesis, no warmup: what this ledger's slot clock assumes. */
export const DEFAULT_EPOCH_SCHEDULE: EpochSchedule = {
  slotsPerEpoch: SLOTS_PER_EPOCH,
  leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
  warmup: false,
  firstNormalEpoch: 0n,
  firstNormalSlot: 0n,
};

const EpochScheduleLayout = struct(EPOCH_SCHEDULE_SIZE, {
  slotsPerEpoch: [0, u64],
  leaderScheduleSlotOffset: [8, u64],
  warmup: [16, flag],
  firstNormalEpoch: [17, u64],
  firstNormalSlot: [25, u64],
});

export function encodeEpochSchedule(schedule: EpochSchedule = DEFAULT_EPOCH_SCHEDULE): Buffer {
  const out = Buffer.alloc(EPOCH_SCHEDULE_SIZE);
  EpochScheduleLayout.write(out, 0, schedule);
  return out;
}

export function decodeEpochSchedule(data: Buffer): EpochSchedule {
  if (data.length < EPOCH_SCHEDULE_SIZE) throw new InstructionError("InvalidAccountData");
  return EpochScheduleLayout.read(data, 0);
}

// ---- SlotHashes -------------------------------------------------------------------------------------------

export interface SlotHash {
  slot: bigint;
  /** base58, as blockhashes are spelled everywhere else */
  hash: Address;
}

/** bincode Vec<(Slot, Hash)>: u64 count, then 40 bytes per entry; newest first, at most 512 kept. */
export function encodeSlotHashes(entries: readonly SlotHash[]): Buffer {
  const kept = entries.length > MAX_SLOT_HASHES ? entries.slice(0, MAX_SLOT_HASHES) : entries;
  const out = Buffer.alloc(8 + kept.length * SLOT_HASH_ENTRY_SIZE);
  out.writeBigUInt64LE(BigInt(kept.length), 0);
  let o = 8;
  for (const entry of kept) {
    out.writeBigUInt64LE(entry.slot, o);
    const hash = base58ToBytes(entry.hash);
    if (hash.length !== 32) throw new RangeError(`slot hash for slot ${entry.slot} is not 32 bytes`);
    hash.copy(out, o + 8);
    o += SLOT_HASH_ENTRY_SIZE;
  }
  return out;
}

export function decodeSlotHashes(data: Buffer): SlotHash[] {
  if (data.length < 8) throw new InstructionError("InvalidAccountData");
  const count = data.readBigUInt64LE(0);
  if (count > BigInt(Math.floor((data.length - 8) / SLOT_HASH_ENTRY_SIZE))) throw new InstructionError("InvalidAccountData");
  const entries: SlotHash[] = [];
  for (let i = 0, o = 8; i < Number(count); i++, o += SLOT_HASH_ENTRY_SIZE) {
    entries.push({ slot: data.readBigUInt64LE(o), hash: keyToBase58(data.subarray(o + 8, o + 40)) });
  }
  return entries;
}

// ---- Instructions -----------------------------------------------------------------------------------------

/** One top-level instruction as the Instructions sysvar records it. */
export interface SysvarInstruction {
  programId: Address;
  accounts: AccountMeta[];
  data: Buffer;
}

const IS_SIGNER = 0b01;
const IS_WRITABLE = 0b10;
const ACCOUNT_META_SIZE = 1 + 32;

function serializedSize(ix: SysvarInstruction): number {
  return 2 + ix.accounts.length * ACCOUNT_META_SIZE + 32 + 2 + ix.data.length;
}

/**
 * The Instructions sysvar as Solana builds it for a transaction (`construct_instructions_data`): u16 instruction
 * count, a u16 offset per instruction, then each instruction as u16 account count, per account a flags byte
 * (bit 0 signer, bit 1 writable) and the 32-byte key, the 32-byte program id, u16 data length and the data;
 * the final two bytes hold the u16 index of the executing top-level instruction (0 until the runtime sets it).
 */
export function encodeInstructionsSysvar(instructions: readonly SysvarInstruction[]): Buffer {
  if (instructions.length > 0xffff) throw new RangeError("too many instructions for the Instructions sysvar");
  const headerSize = 2 + 2 * instructions.length;
  let total = headerSize + 2;
  for (const ix of instructions) {
    if (ix.accounts.length > 0xffff || ix.data.length > 0xffff) throw new RangeError("instruction too large for the Instructions sysvar");
    total += serializedSize(ix);
  }
  const out = Buffer.alloc(total);
  out.writeUInt16LE(instructions.length, 0);
  let o = headerSize;
  instructions.forEach((ix, i) => {
    if (o > 0xffff) throw new RangeError("Instructions sysvar offsets overflow u16");
    out.writeUInt16LE(o, 2 + 2 * i);
    o = out.writeUInt16LE(ix.accounts.length, o);
    for (const meta of ix.accounts) {
      out[o] = (meta.isSigner ? IS_SIGNER : 0) | (meta.isWritable ? IS_WRITABLE : 0);
      o += 1 + base58ToBytes(meta.pubkey).copy(out, o + 1);
    }
    o += base58ToBytes(ix.programId).copy(out, o);
    o = out.writeUInt16LE(ix.data.length, o);
    o += ix.data.copy(out, o);
  });
  return out;
}

/** Rewrites, in place, the index of the executing top-level instruction (the sysvar's last two bytes). */
export function setInstructionsSysvarCurrentIndex(data: Buffer, index: number): void {
  if (data.length < 2) throw new InstructionError("InvalidAccountData");
  data.writeUInt16LE(index, data.length - 2);
}

/** As `load_current_index_checked` reads it: the u16 in the last two bytes. */
export function instructionsSysvarCurrentIndex(data: Buffer): number {
  if (data.length < 2) throw new InstructionError("InvalidAccountData");
  return data.readUInt16LE(data.length - 2);
}

export function instructionsSysvarCount(data: Buffer): number {
  if (data.length < 2) throw new InstructionError("InvalidAccountData");
  return data.readUInt16LE(0);
}

/**
 * Instruction `index` read back out of the sysvar, as `load_instruction_at_checked` does on chain: an index past
 * the last instruction, or data too short for what it claims, is InvalidArgument.
 */
export function instructionsSysvarAt(data: Buffer, index: number): SysvarInstruction {
  const need = (end: number): void => {
    if (end > data.length) throw new InstructionError("InvalidArgument");
  };
  need(2);
  const count = data.readUInt16LE(0);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new InstructionError("InvalidArgument");
  need(4 + 2 * index);
  let o = data.readUInt16LE(2 + 2 * index);
  need(o + 2);
  const accountCount = data.readUInt16LE(o);
  o += 2;
  need(o + accountCount * ACCOUNT_META_SIZE + 34);
  const accounts: AccountMeta[] = [];
  for (let i = 0; i < accountCount; i++, o += ACCOUNT_META_SIZE) {
    const flags = data.readUInt8(o);
    accounts.push({
      pubkey: keyToBase58(data.subarray(o + 1, o + ACCOUNT_META_SIZE)),
      isSigner: (flags & IS_SIGNER) !== 0,
      isWritable: (flags & IS_WRITABLE) !== 0,
    });
  }
  const programId = keyToBase58(data.subarray(o, o + 32));
  o += 32;
  const length = data.readUInt16LE(o);
  o += 2;
  need(o + length);
  return { programId, accounts, data: Buffer.from(data.subarray(o, o + length)) };
}

/** Every instruction in the sysvar plus the current index. */
export function decodeInstructionsSysvar(data: Buffer): { instructions: SysvarInstruction[]; currentIndex: number } {
  const count = instructionsSysvarCount(data);
  const instructions: SysvarInstruction[] = [];
  for (let i = 0; i < count; i++) instructions.push(instructionsSysvarAt(data, i));
  return { instructions, currentIndex: instructionsSysvarCurrentIndex(data) };
}

function checkInstructionsSysvar(account: InstructionAccount): Buffer {
  if (account.key !== INSTRUCTIONS_SYSVAR_ID) throw new InstructionError("UnsupportedSysvar");
  return account.account.data;
}

/** `load_current_index_checked`: the executing top-level instruction's index, from the passed sysvar account. */
export function loadCurrentIndexChecked(account: InstructionAccount): number {
  return instructionsSysvarCurrentIndex(checkInstructionsSysvar(account));
}

/** `load_instruction_at_checked`: instruction `index` of the transaction, from the passed sysvar account. */
export function loadInstructionAtChecked(index: number, account: InstructionAccount): SysvarInstruction {
  return instructionsSysvarAt(checkInstructionsSysvar(account), index);
}

/** `get_instruction_relative`: the instruction `offset` places from the executing one (negative looks back). */
export function getInstructionRelative(offset: number, account: InstructionAccount): SysvarInstruction {
  const data = checkInstructionsSysvar(account);
  const index = instructionsSysvarCurrentIndex(data) + offset;
  if (index < 0 || index >= instructionsSysvarCount(data)) throw new InstructionError("InvalidArgument");
  return instructionsSysvarAt(data, index);
}
