import { seededRandom } from "../support/random.js";
import {
  PublicKey,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_EPOCH_SCHEDULE_PUBKEY,
  SYSVAR_INSTRUCTIONS_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  SYSVAR_SLOT_HASHES_PUBKEY,
} from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { emptyAccount, type Address } from "../../src/account.js";
import { InstructionError } from "../../src/errors.js";
import type { AccountMeta, InstructionAccount } from "../../src/runtime/program.js";
import {
  CLOCK_SYSVAR_ID,
  EPOCH_SCHEDULE_SYSVAR_ID,
  INSTRUCTIONS_SYSVAR_ID,
  MAX_SLOT_HASHES,
  RENT_SYSVAR_ID,
  SLOT_HASHES_SYSVAR_ID,
  SYSVAR_OWNER,
  decodeClock,
  decodeEpochSchedule,
  decodeInstructionsSysvar,
  decodeRent,
  decodeSlotHashes,
  encodeClock,
  encodeEpochSchedule,
  encodeInstructionsSysvar,
  encodeRent,
  encodeSlotHashes,
  getInstructionRelative,
  instructionsSysvarAt,
  instructionsSysvarCount,
  instructionsSysvarCurrentIndex,
  loadCurrentIndexChecked,
  loadInstructionAtChecked,
  setInstructionsSysvarCurrentIndex,
  type SysvarInstruction,
} from "../../src/runtime/sysvars.js";

const key = (n: number): Address => new PublicKey(new Uint8Array(32).fill(n)).toBase58();
const bytes = (a: Address): Buffer => new PublicKey(a).toBuffer();

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    if (e instanceof InstructionError) return e.value;
    throw e;
  }
  return null;
}

describe("sysvar addresses", () => {
  it("match web3.js", () => {
    expect(CLOCK_SYSVAR_ID).toBe(SYSVAR_CLOCK_PUBKEY.toBase58());
    expect(RENT_SYSVAR_ID).toBe(SYSVAR_RENT_PUBKEY.toBase58());
    expect(EPOCH_SCHEDULE_SYSVAR_ID).toBe(SYSVAR_EPOCH_SCHEDULE_PUBKEY.toBase58());
    expect(SLOT_HASHES_SYSVAR_ID).toBe(SYSVAR_SLOT_HASHES_PUBKEY.toBase58());
    expect(INSTRUCTIONS_SYSVAR_ID).toBe(SYSVAR_INSTRUCTIONS_PUBKEY.toBase58());
    expect(SYSVAR_OWNER).toBe("Sysvar1111111111111111111111111111111111111");
  });
});

describe("Clock", () => {
  it("is 40 bytes: slot, epoch start, epoch, leader schedule epoch, unix timestamp", () => {
    const clock = { slot: 123_456n, epochStartTimestamp: 1_700_000_000n, epoch: 7n, leaderScheduleEpoch: 8n, unixTimestamp: -5n };
    const data = encodeClock(clock);
    expect(data.toString("hex")).toBe(
      "40e2010000000000" + "00f1536500000000" + "0700000000000000" + "0800000000000000" + "fbffffffffffffff",
    );
    expect(decodeClock(data)).toEqual(clock);
    expect(errorOf(() => decodeClock(data.subarray(0, 39)))).toBe("InvalidAccountData");
  });
});

describe("Rent", () => {
  it("is 17 bytes: 3480 lamports per byte-year, threshold 2.0, burn 50%", () => {
    const data = encodeRent();
    expect(data.toString("hex")).toBe("980d000000000000" + "0000000000000040" + "32");
    expect(decodeRent(data)).toEqual({ lamportsPerByteYear: 3480n, exemptionThreshold: 2, burnPercent: 50 });
  });
});

describe("EpochSchedule", () => {
  it("is 33 bytes: 432000-slot epochs, no warmup", () => {
    const data = encodeEpochSchedule();
    expect(data.toString("hex")).toBe("8097060000000000" + "8097060000000000" + "00" + "0000000000000000" + "0000000000000000");
    expect(decodeEpochSchedule(data)).toEqual({
      slotsPerEpoch: 432_000n,
      leaderScheduleSlotOffset: 432_000n,
      warmup: false,
      firstNormalEpoch: 0n,
      firstNormalSlot: 0n,
    });
  });
});

describe("SlotHashes", () => {
  it("is a u64 count then (slot, hash) pairs, newest first", () => {
    const entries = [
      { slot: 10n, hash: key(0xaa) },
      { slot: 9n, hash: key(0xbb) },
    ];
    const data = encodeSlotHashes(entries);
    expect(data.length).toBe(8 + 2 * 40);
    expect(data.toString("hex")).toBe("0200000000000000" + "0a00000000000000" + "aa".repeat(32) + "0900000000000000" + "bb".repeat(32));
    expect(decodeSlotHashes(data)).toEqual(entries);
    expect(encodeSlotHashes([]).toString("hex")).toBe("0000000000000000");
  });

  it("keeps at most 512 entries", () => {
    const entries = Array.from({ length: 600 }, (_, i) => ({ slot: BigInt(600 - i), hash: key(i % 256) }));
    const data = encodeSlotHashes(entries);
    expect(data.length).toBe(8 + MAX_SLOT_HASHES * 40);
    expect(data.readBigUInt64LE(0)).toBe(512n);
    const decoded = decodeSlotHashes(data);
    expect(decoded[0]).toEqual({ slot: 600n, hash: key(0) });
    expect(decoded[511]).toEqual({ slot: 89n, hash: key(511 % 256) });
    expect(errorOf(() => decodeSlotHashes(data.subarray(0, data.length - 1)))).toBe("InvalidAccountData");
  });
});

describe("Instructions sysvar", () => {
  const ix0: SysvarInstruction = {
    programId: key(9),
    accounts: [
      { pubkey: key(1), isSigner: true, isWritable: true },
      { pubkey: key(2), isSigner: false, isWritable: false },
      { pubkey: key(3), isSigner: false, isWritable: true },
      { pubkey: key(4), isSigner: true, isWritable: false },
    ],
    data: Buffer.from([0xaa, 0xbb, 0xcc]),
  };
  const ix1: SysvarInstruction = { programId: key(8), accounts: [], data: Buffer.alloc(0) };

  it("lays out count, offsets, instructions and the current index exactly as Solana does", () => {
    const data = encodeInstructionsSysvar([ix0, ix1]);
    const body0 = Buffer.concat([
      Buffer.from([4, 0]),
      Buffer.from([0b11]),
      bytes(key(1)),
      Buffer.from([0b00]),
      bytes(key(2)),
      Buffer.from([0b10]),
      bytes(key(3)),
      Buffer.from([0b01]),
      bytes(key(4)),
      bytes(key(9)),
      Buffer.from([3, 0, 0xaa, 0xbb, 0xcc]),
    ]);
    const body1 = Buffer.concat([Buffer.from([0, 0]), bytes(key(8)), Buffer.from([0, 0])]);
    const header = Buffer.alloc(6);
    header.writeUInt16LE(2, 0);
    header.writeUInt16LE(6, 2);
    header.writeUInt16LE(6 + body0.length, 4);
    const expected = Buffer.concat([header, body0, body1, Buffer.from([0, 0])]);
    expect(body0.length).toBe(2 + 4 * 33 + 32 + 2 + 3);
    expect(data.equals(expected)).toBe(true);
    expect(data.length).toBe(6 + 171 + 36 + 2);

    expect(instructionsSysvarCount(data)).toBe(2);
    expect(instructionsSysvarCurrentIndex(data)).toBe(0);
    setInstructionsSysvarCurrentIndex(data, 1);
    expect(data.subarray(data.length - 2).toString("hex")).toBe("0100");
    expect(instructionsSysvarCurrentIndex(data)).toBe(1);
    expect(data.subarray(0, data.length - 2).equals(expected.subarray(0, expected.length - 2))).toBe(true);

    expect(instructionsSysvarAt(data, 0)).toEqual(ix0);
    expect(instructionsSysvarAt(data, 1)).toEqual(ix1);
    expect(decodeInstructionsSysvar(data)).toEqual({ instructions: [ix0, ix1], currentIndex: 1 });
  });

  it("an empty transaction is four bytes", () => {
    expect(encodeInstructionsSysvar([]).toString("hex")).toBe("00000000");
  });

  it("the checked loaders read from the sysvar account and refuse anything else", () => {
    const data = encodeInstructionsSysvar([ix0, ix1, ix0]);
    setInstructionsSysvarCurrentIndex(data, 1);
    const sysvar: InstructionAccount = {
      key: INSTRUCTIONS_SYSVAR_ID,
      isSigner: false,
      isWritable: false,
      account: { ...emptyAccount(), data },
    };
    expect(loadCurrentIndexChecked(sysvar)).toBe(1);
    expect(loadInstructionAtChecked(2, sysvar)).toEqual(ix0);
    expect(getInstructionRelative(-1, sysvar)).toEqual(ix0);
    expect(getInstructionRelative(0, sysvar)).toEqual(ix1);
    expect(errorOf(() => getInstructionRelative(2, sysvar))).toBe("InvalidArgument");
    expect(errorOf(() => getInstructionRelative(-2, sysvar))).toBe("InvalidArgument");
    expect(errorOf(() => loadInstructionAtChecked(3, sysvar))).toBe("InvalidArgument");

    const impostor: InstructionAccount = { ...sysvar, key: key(7) };
    expect(errorOf(() => loadCurrentIndexChecked(impostor))).toBe("UnsupportedSysvar");
    expect(errorOf(() => loadInstructionAtChecked(0, impostor))).toBe("UnsupportedSysvar");
    expect(errorOf(() => instructionsSysvarAt(data.subarray(0, 40), 0))).toBe("InvalidArgument");
    expect(errorOf(() => instructionsSysvarCurrentIndex(Buffer.alloc(1)))).toBe("InvalidAccountData");
  });

  it("round-trips random transactions (seeded property test)", () => {
    const rand = seededRandom(0x5eed1234);
    const int = (n: number): number => Math.floor(rand() * n);
    const randomKey = (): Address => new PublicKey(Uint8Array.from({ length: 32 }, () => int(256))).toBase58();

    for (let round = 0; round < 300; round++) {
      const count = int(8);
      const instructions: SysvarInstruction[] = Array.from({ length: count }, () => {
        const accounts: AccountMeta[] = Array.from({ length: int(12) }, () => ({
          pubkey: randomKey(),
          isSigner: rand() < 0.5,
          isWritable: rand() < 0.5,
        }));
        const data = Buffer.from(Uint8Array.from({ length: int(rand() < 0.1 ? 1200 : 64) }, () => int(256)));
        return { programId: randomKey(), accounts, data };
      });
      const encoded = encodeInstructionsSysvar(instructions);
      const expectedLength =
        2 + 2 * count + instructions.reduce((n, ix) => n + 2 + 33 * ix.accounts.length + 32 + 2 + ix.data.length, 0) + 2;
      expect(encoded.length).toBe(expectedLength);
      const current = count === 0 ? 0 : int(count);
      setInstructionsSysvarCurrentIndex(encoded, current);
      expect(decodeInstructionsSysvar(encoded)).toEqual({ instructions, currentIndex: current });
      // Offsets point at each instruction's account count, in order.
      let previous = 2 + 2 * count;
      for (let i = 0; i < count; i++) {
        const offset = encoded.readUInt16LE(2 + 2 * i);
        expect(offset).toBe(previous);
        expect(encoded.readUInt16LE(offset)).toBe(instructions[i]!.accounts.length);
        previous = offset + 2 + 33 * instructions[i]!.accounts.length + 32 + 2 + instructions[i]!.data.length;
      }
    }
  });
});
