// Little-endian field access at fixed account offsets (discriminator included). klend's accounts are zero-copy
// structs with no implicit padding, so every field has one offset; encoders write fields in place and leave the
// padding between them as it was.
import bs58 from "bs58";

export class FieldReader {
  constructor(readonly data: Buffer) {}
  u8 = (offset: number): number => this.data.readUInt8(offset);
  u16 = (offset: number): number => this.data.readUInt16LE(offset);
  u32 = (offset: number): number => this.data.readUInt32LE(offset);
  u64 = (offset: number): bigint => this.data.readBigUInt64LE(offset);
  i64 = (offset: number): bigint => this.data.readBigInt64LE(offset);
  u128 = (offset: number): bigint => this.u64(offset) | (this.u64(offset + 8) << 64n);
  /** BigFractionBytes: four u64 limbs, least significant first (the two padding limbs after them are not read). */
  u256 = (offset: number): bigint => this.u128(offset) | (this.u128(offset + 16) << 128n);
  pubkey = (offset: number): string => bs58.encode(this.data.subarray(offset, offset + 32));
  bytes = (offset: number, size: number): Uint8Array => Uint8Array.from(this.data.subarray(offset, offset + size));
  /** Zero-padded UTF-8 text. */
  text = (offset: number, size: number): string => this.data.toString("utf8", offset, offset + size).replace(/\0+$/, "");
  list = <T>(count: number, offset: number, stride: number, read: (offset: number) => T): T[] =>
    Array.from({ length: count }, (_, i) => read(offset + i * stride));
}

const U64_LIMIT = 1n << 64n;

export class FieldWriter {
  private readonly reader: FieldReader;
  constructor(readonly data: Buffer) {
    this.reader = new FieldReader(data);
  }
  u8 = (offset: number, value: number): void => void this.data.writeUInt8(value, offset);
  u16 = (offset: number, value: number): void => void this.data.writeUInt16LE(value, offset);
  u32 = (offset: number, value: number): void => void this.data.writeUInt32LE(value, offset);
  u64 = (offset: number, value: bigint): void => void this.data.writeBigUInt64LE(value, offset);
  i64 = (offset: number, value: bigint): void => void this.data.writeBigInt64LE(value, offset);
  u128 = (offset: number, value: bigint): void => this.limbs(offset, value, 2);
  u256 = (offset: number, value: bigint): void => this.limbs(offset, value, 4);
  pubkey = (offset: number, address: string): void => {
    const bytes = bs58.decode(address);
    if (bytes.length !== 32) throw new RangeError(`${address} is not a 32-byte address`);
    this.data.set(bytes, offset);
  };
  bytes = (offset: number, size: number, value: Uint8Array): void => {
    if (value.length !== size) throw new RangeError(`expected ${size} bytes, got ${value.length}`);
    this.data.set(value, offset);
  };
  /** Zero-padded UTF-8; bytes that already read as `value` stay as they are, so foreign bytes survive a rewrite. */
  text = (offset: number, size: number, value: string): void => {
    if (this.reader.text(offset, size) === value) return;
    const raw = Buffer.from(value, "utf8");
    if (raw.length > size) throw new RangeError(`"${value}" is longer than ${size} bytes`);
    this.data.fill(0, offset, offset + size);
    raw.copy(this.data, offset);
  };
  list = <T>(values: readonly T[], offset: number, stride: number, write: (offset: number, value: T) => void): void =>
    values.forEach((value, i) => write(offset + i * stride, value));

  private limbs(offset: number, value: bigint, count: number): void {
    if (value < 0n || value >= 1n << BigInt(64 * count)) throw new RangeError(`${value} does not fit ${64 * count} bits`);
    for (let i = 0; i < count; i++) this.data.writeBigUInt64LE((value >> BigInt(64 * i)) % U64_LIMIT, offset + 8 * i);
  }
}
