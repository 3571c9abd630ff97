// The client side of the codec layer: Borsh arguments written and read back, and instructions built from a declaration.
import { Keypair, PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  ArgsDecodeError,
  ArgsReader,
  ArgsWriter,
  accountDiscriminator,
  arg,
  buildInstruction,
  decodeArgs,
  defineInstructions,
  instructionDiscriminator,
} from "../src/index.js";

const FEEDS = defineInstructions({
  create_feed: {
    accounts: [
      { name: "authority", writable: true, signer: true },
      { name: "feed", writable: true, signer: "caller" },
      { name: "referrer", optional: true },
    ],
    args: { feedId: arg.bytes(4), name: arg.string, limit: arg.option(arg.u64) },
  },
  update: {
    accounts: [{ name: "feed", writable: true }],
    args: { price: arg.i64, history: arg.vec(arg.i32), config: arg.struct({ enabled: arg.bool, owner: arg.pubkey }) },
  },
  poke: { accounts: [{ name: "feed" }], args: {} },
});

const PROGRAM = Keypair.generate().publicKey;
const AUTHORITY = Keypair.generate().publicKey;
const FEED = Keypair.generate().publicKey;

describe("discriminators", () => {
  it("derives the discriminators the public program uses", () => {
    expect([...instructionDiscriminator("init_global_fee_state")]).toEqual([82, 48, 247, 59, 220, 109, 231, 44]);
    expect([...instructionDiscriminator("marginfi_group_initialize")]).toEqual([255, 67, 67, 26, 94, 31, 34, 20]);
    expect([...accountDiscriminator("MarginfiGroup")]).toEqual([182, 23, 173, 240, 151, 206, 182, 67]);
    expect([...accountDiscriminator("Bank")]).toEqual([142, 49, 166, 242, 50, 66, 97, 188]);
  });
});

describe("ArgsReader", () => {
  it("reads back what ArgsWriter writes", () => {
    const owner = Keypair.generate().publicKey;
    const w = new ArgsWriter().u8(7).bool(false).u64(5n).i128(-3n).pubkey(owner).string("SOL");
    w.option(9, (v) => w.u16(v)).vec([-1, 2], (v) => w.i32(v));
    const r = new ArgsReader(w.toBuffer());
    expect([r.u8(), r.bool(), r.u64(), r.i128(), r.pubkey(), r.string()]).toEqual([7, false, 5n, -3n, owner.toBase58(), "SOL"]);
    expect([r.option(() => r.u16()), r.vec(() => r.i32())]).toEqual([9, [-1, 2]]);
  });

  it("refuses short data and a bool out of range with ArgsDecodeError", () => {
    expect(() => new ArgsReader(Buffer.alloc(3)).u32()).toThrow(ArgsDecodeError);
    expect(() => new ArgsReader(Buffer.from([2])).bool()).toThrow(new ArgsDecodeError("bool byte 2"));
    const someWithoutValue = new ArgsReader(Buffer.from([1]));
    expect(() => someWithoutValue.option(() => someWithoutValue.u8())).toThrow("needs 1 bytes at offset 1, has 0");
  });

  it("ends only where the data ends", () => {
    const r = new ArgsReader(Buffer.from([5, 0, 0, 0, 9]));
    expect(r.u32()).toBe(5);
    expect(() => r.end()).toThrow(new ArgsDecodeError("1 bytes past the end"));
    expect(r.u8()).toBe(9);
    expect(() => r.end()).not.toThrow();
  });
});

describe("ArgsWriter", () => {
  it("refuses values outside their type", () => {
    expect(() => new ArgsWriter().u8(256)).toThrow(RangeError);
    expect(() => new ArgsWriter().u16(1.5)).toThrow(RangeError);
    expect(() => new ArgsWriter().i32(0x8000_0000)).toThrow(RangeError);
    expect(() => new ArgsWriter().u64(-1n)).toThrow(RangeError);
    expect(() => new ArgsWriter().u64(1n << 64n)).toThrow(RangeError);
    expect(() => new ArgsWriter().i64(1n << 63n)).toThrow(RangeError);
    expect(() => new ArgsWriter().i128(1n << 127n)).toThrow(RangeError);
    expect(() => new ArgsWriter().bytes(new Uint8Array(3), 4)).toThrow(RangeError);
  });
});

describe("buildInstruction", () => {
  it("lays out the discriminator, the arguments in declaration order and the accounts with their declared flags", () => {
    const ix = buildInstruction(PROGRAM, FEEDS, "create_feed", {
      accounts: { authority: AUTHORITY, feed: { key: FEED.toBase58(), signer: false } },
      args: { limit: 9n, name: "SOL", feedId: Uint8Array.from([1, 2, 3, 4]) },
    });
    expect(ix.programId.equals(PROGRAM)).toBe(true);
    expect(ix.keys).toEqual([
      { pubkey: AUTHORITY, isSigner: true, isWritable: true },
      { pubkey: FEED, isSigner: false, isWritable: true },
      { pubkey: PROGRAM, isSigner: false, isWritable: false },
    ]);
    const expected = Buffer.concat([
      instructionDiscriminator("create_feed"),
      Buffer.from([1, 2, 3, 4]),
      Buffer.from([3, 0, 0, 0]),
      Buffer.from("SOL"),
      Buffer.from([1, 9, 0, 0, 0, 0, 0, 0, 0]),
    ]);
    expect(ix.data).toEqual(expected);
    const r = new ArgsReader(ix.data.subarray(8));
    expect(decodeArgs(r, FEEDS.create_feed.args)).toEqual({ feedId: Buffer.from([1, 2, 3, 4]), name: "SOL", limit: 9n });
  });

  it("round-trips nested arguments and appends remaining accounts", () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const args = { price: -42n, history: [1, -2, 3], config: { enabled: true, owner } };
    const extra = { pubkey: AUTHORITY, isSigner: false, isWritable: true };
    const ix = buildInstruction(PROGRAM.toBase58(), FEEDS, "update", { accounts: { feed: FEED }, args, remainingAccounts: [extra] });
    expect(ix.keys).toEqual([{ pubkey: FEED, isSigner: false, isWritable: true }, extra]);
    expect(decodeArgs(new ArgsReader(ix.data.subarray(8)), FEEDS.update.args)).toEqual(args);
  });

  it("takes no arguments where none are declared", () => {
    const ix = buildInstruction(PROGRAM, FEEDS, "poke", { accounts: { feed: FEED } });
    expect(ix.data).toEqual(instructionDiscriminator("poke"));
  });

  it("makes a wrong or missing account or argument a compile error", () => {
    const feedArgs = { feedId: new Uint8Array(4), name: "", limit: null };
    const updateArgs = { price: 1, history: [], config: { enabled: true, owner: FEED } };
    const build = (): unknown => [
      // @ts-expect-error: no account named "feeds"
      buildInstruction(PROGRAM, FEEDS, "poke", { accounts: { feeds: FEED } }),
      // @ts-expect-error: "authority" is missing
      buildInstruction(PROGRAM, FEEDS, "create_feed", { accounts: { feed: { key: FEED, signer: true } }, args: feedArgs }),
      // @ts-expect-error: the caller must say whether "feed" signs
      buildInstruction(PROGRAM, FEEDS, "create_feed", { accounts: { authority: AUTHORITY, feed: FEED }, args: feedArgs }),
      // @ts-expect-error: "price" is a bigint
      buildInstruction(PROGRAM, FEEDS, "update", { accounts: { feed: FEED }, args: updateArgs }),
      // @ts-expect-error: no instruction named "close"
      buildInstruction(PROGRAM, FEEDS, "close", { accounts: {} }),
    ];
    expect(typeof build).toBe("function");
    expect(() => buildInstruction(PROGRAM, FEEDS, "poke", { accounts: {} as { feed: PublicKey } })).toThrow("account feed is missing");
  });
});

const Tier = { Collateral: 0, Isolated: 1 } as const;

const VAULTS = defineInstructions({
  open_vault: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "vault", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { tier: arg.unitEnum(Tier), points: arg.array(arg.struct({ util: arg.u32, rate: arg.u32 }), 2) },
  },
});

describe("fixed accounts, fixed-size arrays and unit enums", () => {
  const points = [
    { util: 1, rate: 2 },
    { util: 3, rate: 4 },
  ];

  it("fills in fixed-address accounts and writes arrays without a length and enums as their variant byte", () => {
    const ix = buildInstruction(PROGRAM, VAULTS, "open_vault", {
      accounts: { payer: AUTHORITY, vault: FEED },
      args: { tier: Tier.Isolated, points },
    });
    expect(ix.keys[2]).toEqual({ pubkey: new PublicKey("11111111111111111111111111111111"), isSigner: false, isWritable: false });
    expect(ix.data.subarray(8)).toEqual(Buffer.from([1, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]));
    expect(decodeArgs(new ArgsReader(ix.data.subarray(8)), VAULTS.open_vault.args)).toEqual({ tier: Tier.Isolated, points });
  });

  it("refuses an array of the wrong length and a byte that names no variant", () => {
    const accounts = { payer: AUTHORITY, vault: FEED };
    expect(() => buildInstruction(PROGRAM, VAULTS, "open_vault", { accounts, args: { tier: Tier.Collateral, points: [] } })).toThrow(
      RangeError,
    );
    const unknownTier = 2 as typeof Tier.Isolated;
    expect(() => buildInstruction(PROGRAM, VAULTS, "open_vault", { accounts, args: { tier: unknownTier, points } })).toThrow(RangeError);
    expect(() => decodeArgs(new ArgsReader(Buffer.from([2])), { tier: arg.unitEnum(Tier) })).toThrow(ArgsDecodeError);
  });

  it("makes passing a fixed-address account a compile error", () => {
    const build = (): unknown =>
      buildInstruction(PROGRAM, VAULTS, "open_vault", {
        // @ts-expect-error: the system program is filled in
        accounts: { payer: AUTHORITY, vault: FEED, systemProgram: FEED },
        args: { tier: Tier.Collateral, points },
      });
    expect(typeof build).toBe("function");
  });
});
