// Little-endian field readers and writers shared by the oracle account layouts.
import bs58 from "bs58";
import { U64_MAX } from "@ballast/ledger";

/** Base58 account address, the spelling the ledger uses everywhere. */
export type Address = string;

export const PUBKEY_LENGTH = 32;

/** Views any byte array as a Buffer over the same memory (no copy). */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function checkRange(buf: Uint8Array, offset: number, size: number): void {
  if (!Number.isInteger(offset) || offset < 0 || offset + size > buf.length) {
    throw new RangeError(`field [${offset}, ${offset + size}) lies outside ${buf.length} bytes`);
  }
}

export function readPubkey(buf: Buffer, offset: number): Address {
  checkRange(buf, offset, PUBKEY_LENGTH);
  return bs58.encode(buf.subarray(offset, offset + PUBKEY_LENGTH));
}

export function writePubkey(buf: Buffer, offset: number, address: Address): void {
  const raw = bs58.decode(address);
  if (raw.length !== PUBKEY_LENGTH) throw new RangeError(`address ${address} decodes to ${raw.length} bytes, not 32`);
  checkRange(buf, offset, PUBKEY_LENGTH);
  buf.set(raw, offset);
}

/** A copy of `size` raw bytes, so decoded values never alias the account data. */
export function readBytes(buf: Buffer, offset: number, size: number): Uint8Array {
  checkRange(buf, offset, size);
  return Uint8Array.from(buf.subarray(offset, offset + size));
}

export function writeBytes(buf: Buffer, offset: number, size: number, value: Uint8Array): void {
  if (value.length !== size) throw new RangeError(`expected ${size} bytes, got ${value.length}`);
  checkRange(buf, offset, size);
  buf.set(value, offset);
}

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const U128_MASK = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;

export function readU64(buf: Buffer, offset: number): bigint {
  return buf.readBigUInt64LE(offset);
}

export function writeU64(buf: Buffer, offset: number, value: bigint): void {
  if (value < 0n || value > U64_MAX) throw new RangeError(`u64 out of range: ${value}`);
  buf.writeBigUInt64LE(value, offset);
}

export function readI64(buf: Buffer, offset: number): bigint {
  return buf.readBigInt64LE(offset);
}

export function writeI64(buf: Buffer, offset: number, value: bigint): void {
  if (value < I64_MIN || value > I64_MAX) throw new RangeError(`i64 out of range: ${value}`);
  buf.writeBigInt64LE(value, offset);
}

/** Two's-complement little-endian i128 (two u64 limbs, low first). */
export function readI128(buf: Buffer, offset: number): bigint {
  checkRange(buf, offset, 16);
  const low = buf.readBigUInt64LE(offset);
  const high = buf.readBigInt64LE(offset + 8);
  return (high << 64n) | low;
}

export function writeI128(buf: Buffer, offset: number, value: bigint): void {
  if (value < I128_MIN || value > I128_MAX) throw new RangeError(`i128 out of range: ${value}`);
  checkRange(buf, offset, 16);
  const bits = value & U128_MASK;
  buf.writeBigUInt64LE(bits & U64_MAX, offset);
  buf.writeBigUInt64LE(bits >> 64n, offset + 8);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Checks the 8-byte Anchor discriminator at the start of `data`. */
export function hasDiscriminator(data: Uint8Array, discriminator: Uint8Array): boolean {
  return data.length >= discriminator.length && bytesEqual(data.subarray(0, discriminator.length), discriminator);
}

/** Thrown when account bytes do not hold the layout a decoder expects (wrong discriminator, too short, bad tag). */
export class OracleLayoutError extends Error {
  override readonly name = "OracleLayoutError";
}
