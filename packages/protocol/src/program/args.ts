import { pubkey } from "../layout/codec.js";
import { read, type I80F48 } from "../math/i80f48.js";
import { fail } from "./errors.js";

/** Reads Borsh-encoded instruction arguments in order; any shortfall is Anchor's InstructionDidNotDeserialize. */
export class ArgsReader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}

  private take(n: number): Buffer {
    if (this.offset + n > this.data.length) fail("InstructionDidNotDeserialize");
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  u8(): number {
    return this.take(1)[0];
  }
  bool(): boolean {
    const v = this.u8();
    if (v > 1) fail("InstructionDidNotDeserialize");
    return v === 1;
  }
  u32(): number {
    return this.take(4).readUInt32LE(0);
  }
  u64(): bigint {
    return this.take(8).readBigUInt64LE(0);
  }
  i64(): bigint {
    return this.take(8).readBigInt64LE(0);
  }
  i80f48(): I80F48 {
    return read(this.take(16), 0);
  }
  pubkey(): string {
    return pubkey.read(this.take(32), 0);
  }
  option<T>(read: () => T): T | null {
    return this.bool() ? read() : null;
  }
}
