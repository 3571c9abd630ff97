// The System program's bincode instruction data, read by its ArgsReader: seeds (a u64-length string) decode and
// derive the address, and data that stops short is InvalidInstructionData.
import { PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID } from "../../src/account.js";
import { addressWithSeed } from "../../src/programs/system.js";
import { ProgramHarness, publicKey, testAddress } from "../support/program-harness.js";

const PAYER = testAddress(7);
const OWNER = testAddress(8);
const SEED = "vault-1";

describe("system program instruction data", () => {
  it("creates an account at the address derived from base, seed and owner", async () => {
    const h = new ProgramHarness();
    h.fund(PAYER, 10_000_000_000n);
    const derived = await PublicKey.createWithSeed(publicKey(PAYER), SEED, publicKey(OWNER));
    expect(addressWithSeed(PAYER, Buffer.from(SEED), OWNER)).toBe(derived.toBase58());
    const out = h.process(
      SystemProgram.createAccountWithSeed({
        fromPubkey: publicKey(PAYER),
        newAccountPubkey: derived,
        basePubkey: publicKey(PAYER),
        seed: SEED,
        lamports: 2_000_000,
        space: 40,
        programId: publicKey(OWNER),
      }),
    );
    expect(out.err).toBeNull();
    const created = h.get(derived.toBase58());
    expect([created.owner, created.data.length, created.lamports]).toEqual([OWNER, 40, 2_000_000n]);
  });

  it("refuses data that stops inside the seed or before a field", () => {
    const h = new ProgramHarness();
    h.fund(PAYER, 10_000_000_000n);
    const full = SystemProgram.createAccountWithSeed({
      fromPubkey: publicKey(PAYER),
      newAccountPubkey: publicKey(testAddress(9)),
      basePubkey: publicKey(PAYER),
      seed: SEED,
      lamports: 2_000_000,
      space: 40,
      programId: publicKey(OWNER),
    });
    // Tag (4) + base (32) + seed length (8) + 3 of the seed's 7 bytes.
    for (const length of [2, 4 + 32 + 8 + 3, full.data.length - 1]) {
      const short = new TransactionInstruction({
        programId: publicKey(SYSTEM_PROGRAM_ID),
        keys: full.keys,
        data: full.data.subarray(0, length),
      });
      expect(h.process(short).err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    }
  });
});

describe("account growth", () => {
  it("lets the transaction's own System instruction create an account past 10 KiB, as Solana does", () => {
    const h = new ProgramHarness();
    h.fund(PAYER, 10_000_000_000n);
    const target = testAddress(10);
    const out = h.process(
      SystemProgram.createAccount({
        fromPubkey: publicKey(PAYER),
        newAccountPubkey: publicKey(target),
        lamports: 300_000_000,
        space: 28_712,
        programId: publicKey(OWNER),
      }),
    );
    expect(out.err).toBeNull();
    expect(h.get(target).data.length).toBe(28_712);
  });
});
