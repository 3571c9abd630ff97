// Anchor's argument reader over the codec's Borsh writer: what a client writes, a handler reads back, and reading
// past the end is Anchor's failure.
import { ArgsWriter } from "@ballast/codec";
import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { AnchorArgsReader, ProgramFailure } from "../src/index.js";

describe("ArgsWriter", () => {
  it("writes what ArgsReader reads", () => {
    const owner = Keypair.generate().publicKey;
    const w = new ArgsWriter();
    w.u8(255).bool(true).u16(65535).u32(7).i32(-5);
    w.u64((1n << 64n) - 1n)
      .i64(-(1n << 63n))
      .u128((1n << 128n) - 1n)
      .i128(-(1n << 127n))
      .pubkey(owner);
    w.option(3n, (v) => w.u64(v)).option(null, (v: bigint) => w.u64(v));
    w.vec([1, 2], (v) => w.u16(v)).string("héllo");
    const r = new AnchorArgsReader(w.toBuffer());
    expect([r.u8(), r.bool(), r.u16(), r.u32(), r.i32()]).toEqual([255, true, 65535, 7, -5]);
    expect([r.u64(), r.i64(), r.u128(), r.i128(), r.pubkey()]).toEqual([
      (1n << 64n) - 1n,
      -(1n << 63n),
      (1n << 128n) - 1n,
      -(1n << 127n),
      owner.toBase58(),
    ]);
    expect([r.option(() => r.u64()), r.option(() => r.u64()), r.vec(() => r.u16()), r.string()]).toEqual([3n, null, [1, 2], "héllo"]);
    expect(() => r.u8()).toThrow(ProgramFailure);
  });
});
