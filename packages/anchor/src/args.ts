import bs58 from "bs58";
import { anchorFail } from "./errors.js";

/** Reads Borsh-encoded instruction arguments in order; any shortfall is Anchor's InstructionDidNotDeserialize. */
export class ArgsReader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}

  protected take(n: number): Buffer {
    if (this.offset + n > this.data.length) anchorFail("InstructionDidNotDeserialize");
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  u8(): number {
    return this.take(1)[0];
  }
  bool(): boolean {
    const v = this.u8();
    if (v > 1) anchorFail("InstructionDidNotDeserialize");
    return v === 1;
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
}
