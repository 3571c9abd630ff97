// Borsh instruction arguments, both directions: ArgsReader is what a program's handler decodes, ArgsWriter what a
// client encodes. Their methods mirror each other so one declaration (see instruction.ts) can drive both.
import bs58 from "bs58";
import { PublicKey } from "@solana/web3.js";

/** An account address as callers hold it: base58 text or a web3.js key. */
export type Key = PublicKey | string;

export function toPublicKey(key: Key): PublicKey {
  return typeof key === "string" ? new PublicKey(key) : key;
}

/** Instruction data that does not decode as the arguments declared: too short, or a bool or tag out of range. */
export class ArgsDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArgsDecodeError";
  }
}

/**
 * Reads Borsh-encoded instruction arguments in order. Malformed data goes through `malformed()`, which throws
 * ArgsDecodeError; a program's reader overrides it with the program's own error (Anchor's
 * InstructionDidNotDeserialize, the token program's InvalidInstructionData).
 */
export class ArgsReader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}

  /** Fails the decode; `reason` says what was wrong. */
  protected malformed(reason: string): never {
    throw new ArgsDecodeError(reason);
  }

  protected take(n: number): Buffer {
    if (this.offset + n > this.data.length)
      this.malformed(`needs ${n} bytes at offset ${this.offset}, has ${this.data.length - this.offset}`);
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  u8(): number {
    return this.take(1).readUInt8(0);
  }
  bool(): boolean {
    const v = this.u8();
    if (v > 1) this.malformed(`bool byte ${v}`);
    return v === 1;
  }
  /** A field-less enum's variant byte, refused unless it is one of `variants`. */
  variant(variants: ReadonlySet<number>): number {
    const v = this.u8();
    if (!variants.has(v)) this.malformed(`enum variant ${v}`);
    return v;
  }
  u16(): number {
    return this.take(2).readUInt16LE(0);
  }
  u32(): number {
    return this.take(4).readUInt32LE(0);
  }
  i32(): number {
    return this.take(4).readInt32LE(0);
  }
  u64(): bigint {
    return this.take(8).readBigUInt64LE(0);
  }
  i64(): bigint {
    return this.take(8).readBigInt64LE(0);
  }
  u128(): bigint {
    const b = this.take(16);
    return b.readBigUInt64LE(0) | (b.readBigUInt64LE(8) << 64n);
  }
  i128(): bigint {
    const b = this.take(16);
    return BigInt.asIntN(128, b.readBigUInt64LE(0) | (b.readBigUInt64LE(8) << 64n));
  }
  bytes(n: number): Buffer {
    return Buffer.from(this.take(n));
  }
  pubkey(): string {
    return bs58.encode(this.take(32));
  }
  option<T>(read: () => T): T | null {
    return this.bool() ? read() : null;
  }
  /** Borsh Vec<T>: a u32 length, then the elements. */
  vec<T>(read: () => T): T[] {
    return Array.from({ length: this.u32() }, read);
  }
  /** Every byte not yet read: an unsized trailing field, as non-Borsh programs (SPL Token) end some instructions. */
  rest(): Buffer {
    return this.bytes(this.data.length - this.offset);
  }
  /** Borsh String: a u32 byte length, then UTF-8. */
  string(): string {
    return this.take(this.u32()).toString("utf8");
  }
  /** Fails unless every byte was read: for data that must hold nothing after its last field. */
  end(): void {
    const left = this.data.length - this.offset;
    if (left !== 0) this.malformed(`${left} bytes past the end`);
  }
}

const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const U128_MAX = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;

function checkInteger(type: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${value} is not a ${type}`);
}

function checkBigint(type: string, value: bigint, min: bigint, max: bigint): void {
  if (value < min || value > max) throw new RangeError(`${value} is out of ${type} range`);
}

/** Writes Borsh-encoded instruction arguments in order; a value outside its type's range throws RangeError. */
export class ArgsWriter {
  private readonly parts: Buffer[] = [];

  private put(size: number, fill: (b: Buffer) => void): this {
    const b = Buffer.alloc(size);
    fill(b);
    this.parts.push(b);
    return this;
  }

  u8(value: number): this {
    checkInteger("u8", value, 0, 0xff);
    return this.put(1, (b) => b.writeUInt8(value));
  }
  bool(value: boolean): this {
    return this.u8(value ? 1 : 0);
  }
  u16(value: number): this {
    checkInteger("u16", value, 0, 0xffff);
    return this.put(2, (b) => b.writeUInt16LE(value));
  }
  u32(value: number): this {
    checkInteger("u32", value, 0, 0xffff_ffff);
    return this.put(4, (b) => b.writeUInt32LE(value));
  }
  i32(value: number): this {
    checkInteger("i32", value, -0x8000_0000, 0x7fff_ffff);
    return this.put(4, (b) => b.writeInt32LE(value));
  }
  u64(value: bigint): this {
    checkBigint("u64", value, 0n, U64_MAX);
    return this.put(8, (b) => b.writeBigUInt64LE(value));
  }
  i64(value: bigint): this {
    checkBigint("i64", value, I64_MIN, I64_MAX);
    return this.put(8, (b) => b.writeBigInt64LE(value));
  }
  u128(value: bigint): this {
    checkBigint("u128", value, 0n, U128_MAX);
    return this.put(16, (b) => {
      b.writeBigUInt64LE(value & U64_MAX, 0);
      b.writeBigUInt64LE(value >> 64n, 8);
    });
  }
  i128(value: bigint): this {
    checkBigint("i128", value, I128_MIN, I128_MAX);
    return this.u128(BigInt.asUintN(128, value));
  }
  /** A fixed-size byte array ([u8; N]): exactly `length` bytes. */
  bytes(value: Uint8Array, length: number): this {
    if (value.length !== length) throw new RangeError(`expected ${length} bytes, got ${value.length}`);
    return this.put(length, (b) => b.set(value));
  }
  pubkey(key: Key): this {
    return this.bytes(toPublicKey(key).toBytes(), 32);
  }
  option<T>(value: T | null | undefined, write: (value: T) => void): this {
    if (value === null || value === undefined) return this.bool(false);
    this.bool(true);
    write(value);
    return this;
  }
  vec<T>(values: readonly T[], write: (value: T) => void): this {
    this.u32(values.length);
    values.forEach(write);
    return this;
  }
  string(value: string): this {
    const raw = Buffer.from(value, "utf8");
    this.u32(raw.length);
    return this.put(raw.length, (b) => raw.copy(b));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}
