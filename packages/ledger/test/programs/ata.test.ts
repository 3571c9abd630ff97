import {
  createAssociatedTokenAccountIdempotentInstruction,
  createAssociatedTokenAccountInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createRecoverNestedInstruction,
  getAssociatedTokenAddressSync,
  unpackAccount,
} from "@solana/spl-token";
import type { TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Address } from "../../src/account.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, associatedTokenAddress } from "../../src/programs/associated-token-account.js";
import { ACCOUNT_SIZE, AccountState, MINT_SIZE, TOKEN_PROGRAM_ID, encodeTokenAccount } from "../../src/programs/token/layout.js";
import { ProgramHarness, publicKey, testAddress } from "../support/program-harness.js";

const ATA = ASSOCIATED_TOKEN_PROGRAM_ID;
const TOKEN = TOKEN_PROGRAM_ID;
const SYSTEM = SYSTEM_PROGRAM_ID;
const MINT = testAddress(1);
const MINT_AUTHORITY = testAddress(2);
const PAYER = testAddress(10);
const WALLET = testAddress(11);
const PAYER_FUNDS = 10_000_000_000n;
const ACCOUNT_RENT = minimumBalanceForRentExemption(ACCOUNT_SIZE);

function ok(h: ProgramHarness, ix: TransactionInstruction): string[] {
  const out = h.process(ix);
  expect(out.err).toBeNull();
  return out.logs;
}

function setup(): ProgramHarness {
  const h = new ProgramHarness();
  h.fund(PAYER, PAYER_FUNDS);
  h.allocate(MINT, MINT_SIZE, TOKEN);
  ok(h, createInitializeMint2Instruction(publicKey(MINT), 6, publicKey(MINT_AUTHORITY), null));
  return h;
}

function ataOf(wallet: Address, mint: Address): Address {
  return getAssociatedTokenAddressSync(publicKey(mint), publicKey(wallet), true).toBase58();
}

describe("associated token account program", () => {
  it("derives the same address as spl-token", () => {
    expect(associatedTokenAddress(WALLET, MINT, TOKEN).address).toBe(ataOf(WALLET, MINT));
  });

  it("creates the account through System and Token CPIs, logging like the real program", () => {
    const h = setup();
    const ata = ataOf(WALLET, MINT);
    const out = h.process(createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(ata), publicKey(WALLET), publicKey(MINT)));
    expect(out.err).toBeNull();

    // This program's own charges (decoding, one derivation try per bump below 255, the create path) plus 1000 per CPI.
    const tries = 256 - associatedTokenAddress(WALLET, MINT, TOKEN).bump;
    const sizeStart = 200_000 - 3000 - 1500 * tries - 4627 - 1000;
    const ownerStart = sizeStart - 1622 - 1000 - 150 - 1000;
    const initStart = ownerStart - 1405 - 1000;
    expect(out.logs).toEqual([
      `Program ${ATA} invoke [1]`,
      "Program log: Create",
      `Program ${TOKEN} invoke [2]`,
      "Program log: Instruction: GetAccountDataSize",
      `Program ${TOKEN} consumed 1622 of ${sizeStart} compute units`,
      `Program return: ${TOKEN} pQAAAAAAAAA=`,
      `Program ${TOKEN} success`,
      `Program ${SYSTEM} invoke [2]`,
      `Program ${SYSTEM} success`,
      "Program log: Initialize the associated token account",
      `Program ${TOKEN} invoke [2]`,
      "Program log: Instruction: InitializeImmutableOwner",
      "Program log: Please upgrade to SPL Token 2022 for immutable owner support",
      `Program ${TOKEN} consumed 1405 of ${ownerStart} compute units`,
      `Program ${TOKEN} success`,
      `Program ${TOKEN} invoke [2]`,
      "Program log: Instruction: InitializeAccount3",
      `Program ${TOKEN} consumed 4241 of ${initStart} compute units`,
      `Program ${TOKEN} success`,
      `Program ${ATA} consumed ${200_000 - (initStart - 4241)} of 200000 compute units`,
      `Program ${ATA} success`,
    ]);
    expect(out.unitsConsumed).toBe(200_000 - (initStart - 4241));

    const state = unpackAccount(publicKey(ata), h.accountInfo(ata));
    expect(state.owner.toBase58()).toBe(WALLET);
    expect(state.mint.toBase58()).toBe(MINT);
    expect(state.amount).toBe(0n);
    expect(h.get(ata).lamports).toBe(ACCOUNT_RENT);
    expect(h.get(ata).owner).toBe(TOKEN);
    expect(h.get(PAYER).lamports).toBe(PAYER_FUNDS - ACCOUNT_RENT);
  });

  it("treats CreateIdempotent on an existing ATA as success, where Create fails", () => {
    const h = setup();
    const ata = ataOf(WALLET, MINT);
    ok(h, createAssociatedTokenAccountIdempotentInstruction(publicKey(PAYER), publicKey(ata), publicKey(WALLET), publicKey(MINT)));
    ok(h, createMintToInstruction(publicKey(MINT), publicKey(ata), publicKey(MINT_AUTHORITY), 42n));
    const before = Buffer.from(h.get(ata).data);

    const tries = 256 - associatedTokenAddress(WALLET, MINT, TOKEN).bump;
    expect(
      ok(h, createAssociatedTokenAccountIdempotentInstruction(publicKey(PAYER), publicKey(ata), publicKey(WALLET), publicKey(MINT))),
    ).toEqual([
      `Program ${ATA} invoke [1]`,
      "Program log: CreateIdempotent",
      `Program ${ATA} consumed ${3000 + 1500 * tries} of 200000 compute units`,
      `Program ${ATA} success`,
    ]);
    expect(h.get(ata).data.equals(before)).toBe(true);
    expect(h.get(PAYER).lamports).toBe(PAYER_FUNDS - ACCOUNT_RENT);

    const again = h.process(createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(ata), publicKey(WALLET), publicKey(MINT)));
    expect(again.err).toEqual({ InstructionError: [0, "IllegalOwner"] });
    expect(again.logs.at(-1)).toBe(`Program ${ATA} failed: Provided owner is not allowed`);
  });

  it("refuses an existing account at the address that belongs to someone else", () => {
    const h = setup();
    const ata = ataOf(WALLET, MINT);
    h.allocate(ata, ACCOUNT_SIZE, TOKEN).data = encodeTokenAccount({
      mint: MINT,
      owner: PAYER,
      amount: 0n,
      delegate: null,
      state: AccountState.Initialized,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    });
    const out = h.process(
      createAssociatedTokenAccountIdempotentInstruction(publicKey(PAYER), publicKey(ata), publicKey(WALLET), publicKey(MINT)),
    );
    expect(out.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
    expect(out.logs).toContain("Program log: Associated token account owner does not match address derivation");
    expect(out.logs.at(-1)).toBe(`Program ${ATA} failed: custom program error: 0x0`);
  });

  it("refuses an address that is not the derived one", () => {
    const h = setup();
    const out = h.process(
      createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(testAddress(99)), publicKey(WALLET), publicKey(MINT)),
    );
    expect(out.err).toEqual({ InstructionError: [0, "InvalidSeeds"] });
    expect(out.logs[2]).toBe("Program log: Error: Associated address does not match seed derivation");
  });

  it("tops up, allocates and assigns an address that already holds lamports", () => {
    const h = setup();
    const ata = ataOf(WALLET, MINT);
    h.fund(ata, 1000n);
    const out = h.process(createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(ata), publicKey(WALLET), publicKey(MINT)));
    expect(out.err).toBeNull();
    expect(out.logs.filter((l) => l === `Program ${SYSTEM} invoke [2]`)).toHaveLength(3);
    expect(h.get(ata).lamports).toBe(ACCOUNT_RENT);
    expect(h.get(PAYER).lamports).toBe(PAYER_FUNDS - ACCOUNT_RENT + 1000n);
    expect(unpackAccount(publicKey(ata), h.accountInfo(ata)).owner.toBase58()).toBe(WALLET);
  });

  it("recovers tokens from an ATA nested under another ATA", () => {
    const h = setup();
    const ownerMint = testAddress(20);
    h.allocate(ownerMint, MINT_SIZE, TOKEN);
    ok(h, createInitializeMint2Instruction(publicKey(ownerMint), 0, publicKey(MINT_AUTHORITY), null));
    const ownerAta = ataOf(WALLET, ownerMint);
    const nested = ataOf(ownerAta, MINT);
    const destination = ataOf(WALLET, MINT);
    ok(h, createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(ownerAta), publicKey(WALLET), publicKey(ownerMint)));
    ok(h, createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(nested), publicKey(ownerAta), publicKey(MINT)));
    ok(h, createAssociatedTokenAccountInstruction(publicKey(PAYER), publicKey(destination), publicKey(WALLET), publicKey(MINT)));
    ok(h, createMintToInstruction(publicKey(MINT), publicKey(nested), publicKey(MINT_AUTHORITY), 77n));

    const recoverNested = (): TransactionInstruction =>
      createRecoverNestedInstruction(
        publicKey(nested),
        publicKey(MINT),
        publicKey(destination),
        publicKey(ownerAta),
        publicKey(ownerMint),
        publicKey(WALLET),
      );
    const recover = recoverNested();
    recover.keys[5] = { ...recover.keys[5]!, isSigner: false };
    const unsigned = h.process(recover);
    expect(unsigned.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(unsigned.logs).toContain("Program log: Wallet of the owner associated token account must sign");

    const logs = ok(h, recoverNested());
    expect(logs.filter((l) => l.startsWith("Program log: "))).toEqual([
      "Program log: RecoverNested",
      "Program log: Instruction: TransferChecked",
      "Program log: Instruction: CloseAccount",
    ]);
    expect(unpackAccount(publicKey(destination), h.accountInfo(destination)).amount).toBe(77n);
    expect(h.get(nested).lamports).toBe(0n);
    expect(h.get(nested).data.length).toBe(0);
    expect(h.get(WALLET).lamports).toBe(ACCOUNT_RENT);
  });
});
