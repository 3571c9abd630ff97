// Instruction builders and PDA helpers for the local Pyth receiver and Switchboard On-Demand programs.
import { PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import { PYTH_RECEIVER_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_PROGRAM_ID } from "./program-ids.js";
import { FEED_ID_LENGTH } from "./pyth/price-update-v2.js";
import { instructionDiscriminator } from "@ballast/anchor";
import { PYTH_FEED_SEED, SWITCHBOARD_FEED_SEED } from "./seeds.js";
import { U64_MAX } from "@ballast/ledger";

type Key = PublicKey | string;

function key(k: Key): PublicKey {
  return typeof k === "string" ? new PublicKey(k) : k;
}

function fixedBytes(what: string, value: Uint8Array, length: number): Buffer {
  if (value.length !== length) throw new RangeError(`${what} must be ${length} bytes, got ${value.length}`);
  return Buffer.from(value);
}

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;

function i64(what: string, v: bigint): Buffer {
  if (v < I64_MIN || v > I64_MAX) throw new RangeError(`${what} out of i64 range: ${v}`);
  const b = Buffer.alloc(8);
  b.writeBigInt64LE(v);
  return b;
}
function u64(what: string, v: bigint): Buffer {
  if (v < 0n || v > U64_MAX) throw new RangeError(`${what} out of u64 range: ${v}`);
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(v);
  return b;
}
function i32(what: string, v: number): Buffer {
  if (!Number.isInteger(v) || v < -0x8000_0000 || v > 0x7fff_ffff) throw new RangeError(`${what} is not an i32: ${v}`);
  const b = Buffer.alloc(4);
  b.writeInt32LE(v);
  return b;
}
function u32(what: string, v: number): Buffer {
  if (!Number.isInteger(v) || v < 0 || v > 0xffff_ffff) throw new RangeError(`${what} is not a u32: ${v}`);
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return b;
}
function i128(what: string, v: bigint): Buffer {
  if (v < I128_MIN || v > I128_MAX) throw new RangeError(`${what} out of i128 range: ${v}`);
  const bits = v & ((1n << 128n) - 1n);
  const b = Buffer.alloc(16);
  b.writeBigUInt64LE(bits & U64_MAX, 0);
  b.writeBigUInt64LE(bits >> 64n, 8);
  return b;
}

function instruction(programId: Key, name: string, keys: [PublicKey, boolean, boolean][], args: Buffer[]): TransactionInstruction {
  return new TransactionInstruction({
    programId: key(programId),
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data: Buffer.concat([instructionDiscriminator(name), ...args]),
  });
}

// ---- Pyth receiver ---------------------------------------------------------------------------------------

/** The feed PDA ["price_feed", authority, feed_id] and its bump. */
export function pythFeedAddress(authority: Key, feedId: Uint8Array, programId: Key = PYTH_RECEIVER_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from(PYTH_FEED_SEED), key(authority).toBuffer(), fixedBytes("feed id", feedId, FEED_ID_LENGTH)],
    key(programId),
  );
}

export interface CreatePythFeedParams {
  authority: Key;
  feedId: Uint8Array;
  /** A fresh keypair's address (which must then sign); defaults to the PDA of authority and feed id. */
  feed?: Key;
  programId?: Key;
}

export function createPythFeedInstruction(p: CreatePythFeedParams): TransactionInstruction {
  const programId = p.programId ?? PYTH_RECEIVER_PROGRAM_ID;
  const feed = p.feed === undefined ? pythFeedAddress(p.authority, p.feedId, programId)[0] : key(p.feed);
  return instruction(
    programId,
    "create_feed",
    [
      [key(p.authority), true, true],
      [feed, p.feed !== undefined, true],
      [SystemProgram.programId, false, false],
    ],
    [fixedBytes("feed id", p.feedId, FEED_ID_LENGTH)],
  );
}

export interface UpdatePythPriceParams {
  authority: Key;
  feed: Key;
  /** Price = price × 10^exponent. */
  price: bigint;
  conf: bigint;
  exponent: number;
  /** Unix seconds; must not be older than the stored publish time. */
  publishTime: bigint;
  emaPrice: bigint;
  emaConf: bigint;
  programId?: Key;
}

export function updatePythPriceInstruction(p: UpdatePythPriceParams): TransactionInstruction {
  return instruction(
    p.programId ?? PYTH_RECEIVER_PROGRAM_ID,
    "update_price",
    [
      [key(p.authority), true, false],
      [key(p.feed), false, true],
    ],
    [
      i64("price", p.price),
      u64("conf", p.conf),
      i32("exponent", p.exponent),
      i64("publish time", p.publishTime),
      i64("ema price", p.emaPrice),
      u64("ema conf", p.emaConf),
    ],
  );
}

// ---- Switchboard On-Demand -------------------------------------------------------------------------------

/** The feed PDA ["pull_feed", authority, feed_hash] and its bump. */
export function switchboardFeedAddress(
  authority: Key,
  feedHash: Uint8Array,
  programId: Key = SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from(SWITCHBOARD_FEED_SEED), key(authority).toBuffer(), fixedBytes("feed hash", feedHash, 32)],
    key(programId),
  );
}

export interface CreateSwitchboardFeedParams {
  authority: Key;
  feedHash: Uint8Array;
  /** Up to 32 bytes of UTF-8, zero padded; empty by default. */
  name?: string;
  /** Slots; 0 by default. */
  maxStaleness?: number;
  /** A fresh keypair's address (which must then sign); defaults to the PDA of authority and feed hash. */
  feed?: Key;
  programId?: Key;
}

/** A feed name as the layout stores it: UTF-8, zero padded to 32 bytes. */
export function encodeFeedName(name: string): Buffer {
  const raw = Buffer.from(name, "utf8");
  if (raw.length > 32) throw new RangeError(`feed name is ${raw.length} bytes, at most 32 fit`);
  const out = Buffer.alloc(32);
  raw.copy(out);
  return out;
}

export function createSwitchboardFeedInstruction(p: CreateSwitchboardFeedParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  const feed = p.feed === undefined ? switchboardFeedAddress(p.authority, p.feedHash, programId)[0] : key(p.feed);
  return instruction(
    programId,
    "create_feed",
    [
      [key(p.authority), true, true],
      [feed, p.feed !== undefined, true],
      [SystemProgram.programId, false, false],
    ],
    [fixedBytes("feed hash", p.feedHash, 32), encodeFeedName(p.name ?? ""), u32("max staleness", p.maxStaleness ?? 0)],
  );
}

export interface UpdateSwitchboardResultParams {
  authority: Key;
  feed: Key;
  /** i128 with 18 decimals. */
  value: bigint;
  /** i128 with 18 decimals, not negative. */
  stdDev: bigint;
  programId?: Key;
}

export function updateSwitchboardResultInstruction(p: UpdateSwitchboardResultParams): TransactionInstruction {
  return instruction(
    p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
    "update_result",
    [
      [key(p.authority), true, false],
      [key(p.feed), false, true],
    ],
    [i128("value", p.value), i128("std dev", p.stdDev)],
  );
}
