// Fixed-size little-endian field codecs for zero-copy (repr(C), bytemuck Pod) account layouts.
import bs58 from "bs58";

export interface Codec<T> {
  readonly size: number;
  read(buf: Buffer, offset: number): T;
  write(buf: Buffer, offset: number, value: T): void;
}

export type ValueOf<C> = C extends Codec<infer T> ? T : never;

export const u8: Codec<number> = {
  size: 1,
  read: (buf, offset) => buf.readUInt8(offset),
  write: (buf, offset, value) => void buf.writeUInt8(value, offset),
};

export const u16: Codec<number> = {
  size: 2,
  read: (buf, offset) => buf.readUInt16LE(offset),
  write: (buf, offset, value) => void buf.writeUInt16LE(value, offset),
};

export const u32: Codec<number> = {
  size: 4,
  read: (buf, offset) => buf.readUInt32LE(offset),
  write: (buf, offset, value) => void buf.writeUInt32LE(value, offset),
};

export const i32: Codec<number> = {
  size: 4,
  read: (buf, offset) => buf.readInt32LE(offset),
  write: (buf, offset, value) => void buf.writeInt32LE(value, offset),
};

export const u64: Codec<bigint> = {
  size: 8,
  read: (buf, offset) => buf.readBigUInt64LE(offset),
  write: (buf, offset, value) => void buf.writeBigUInt64LE(value, offset),
};

export const i64: Codec<bigint> = {
  size: 8,
  read: (buf, offset) => buf.readBigInt64LE(offset),
  write: (buf, offset, value) => void buf.writeBigInt64LE(value, offset),
};

/** IEEE single precision (Switchboard's compact results). */
export const f32: Codec<number> = {
  size: 4,
  read: (buf, offset) => buf.readFloatLE(offset),
  write: (buf, offset, value) => void buf.writeFloatLE(value, offset),
};

/** Stored on chain as `[u8; 8]` holding an f64 (health-cache prices, liquidation amounts). */
export const f64: Codec<number> = {
  size: 8,
  read: (buf, offset) => buf.readDoubleLE(offset),
  write: (buf, offset, value) => void buf.writeDoubleLE(value, offset),
};

const U64_MASK = (1n << 64n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;
const U128_MAX = (1n << 128n) - 1n;

/** Two's-complement i128 as two u64 limbs, low first; fixed-point types (I80F48) build on it. */
export const i128: Codec<bigint> = {
  size: 16,
  read: (buf, offset) => (buf.readBigInt64LE(offset + 8) << 64n) | buf.readBigUInt64LE(offset),
  write: (buf, offset, value) => {
    if (value < I128_MIN || value > I128_MAX) throw new RangeError(`i128 out of range: ${value}`);
    buf.writeBigUInt64LE(value & U64_MASK, offset);
    buf.writeBigInt64LE(value >> 64n, offset + 8);
  },
};

/** Unsigned u128 as two u64 limbs, low first (klend's scaled fractions). */
export const u128: Codec<bigint> = {
  size: 16,
  read: (buf, offset) => (buf.readBigUInt64LE(offset + 8) << 64n) | buf.readBigUInt64LE(offset),
  write: (buf, offset, value) => {
    if (value < 0n || value > U128_MAX) throw new RangeError(`u128 out of range: ${value}`);
    buf.writeBigUInt64LE(value & U64_MASK, offset);
    buf.writeBigUInt64LE(value >> 64n, offset + 8);
  },
};

const PUBKEY_SIZE = 32;

// subarray clamps silently; a field past the end of the data is a layout bug, so fail loudly.
function span(buf: Buffer, offset: number, size: number): Buffer {
  if (offset < 0 || offset + size > buf.length) throw new RangeError(`field [${offset}, ${offset + size}) outside ${buf.length} bytes`);
  return buf.subarray(offset, offset + size);
}

/** A public key as its base58 string; the all-zero (default) key is "11111111111111111111111111111111". */
export const pubkey: Codec<string> = {
  size: PUBKEY_SIZE,
  read: (buf, offset) => bs58.encode(span(buf, offset, PUBKEY_SIZE)),
  write: (buf, offset, value) => {
    const bytes = bs58.decode(value);
    if (bytes.length !== PUBKEY_SIZE) throw new RangeError(`public key ${value} is ${bytes.length} bytes, not ${PUBKEY_SIZE}`);
    span(buf, offset, PUBKEY_SIZE).set(bytes);
  },
};

/* @__NO_SIDE_EFFECTS__ */
/** Raw bytes (padding, reserved space, text buffers): decoded as a copy so round trips keep every byte. */
export function bytes(size: number): Codec<Uint8Array> {
  return {
    size,
    read: (buf, offset) => new Uint8Array(span(buf, offset, size)),
    write: (buf, offset, value) => {
      if (value.length !== size) throw new RangeError(`expected ${size} bytes, got ${value.length}`);
      span(buf, offset, size).set(value);
    },
  };
}

/** Unsigned 256-bit integer as four u64 limbs, low first (klend's BigFraction value). */
export const u256: Codec<bigint> = {
  size: 32,
  read: (buf, offset) => u128.read(buf, offset) | (u128.read(buf, offset + 16) << 128n),
  write: (buf, offset, value) => {
    if (value < 0n || value >= 1n << 256n) throw new RangeError(`u256 out of range: ${value}`);
    u128.write(buf, offset, value & U128_MAX);
    u128.write(buf, offset + 16, value >> 128n);
  },
};

/* @__NO_SIDE_EFFECTS__ */
/**
 * Zero-padded UTF-8 text in a fixed byte field. Writing text the field already reads as leaves its bytes alone, so
 * bytes past a NUL written by another program survive a rewrite.
 */
export function text(size: number): Codec<string> {
  const read = (buf: Buffer, offset: number): string => span(buf, offset, size).toString("utf8").replace(/\0+$/, "");
  return {
    size,
    read,
    write: (buf, offset, value) => {
      if (read(buf, offset) === value) return;
      const raw = Buffer.from(value, "utf8");
      if (raw.length > size) throw new RangeError(`"${value}" is longer than ${size} bytes`);
      span(buf, offset, size).fill(0).set(raw);
    },
  };
}
