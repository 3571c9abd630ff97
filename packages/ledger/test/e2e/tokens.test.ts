import {
  TOKEN_PROGRAM_ID,
  createMint,
  getAccount,
  getMint,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer,
  NATIVE_MINT,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
  createAssociatedTokenAccountIdempotentInstruction,
} from "@solana/spl-token";
import { Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction, type ParsedAccountData } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, startTestNet, type TestNet } from "../support/localnet.js";

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet();
});
afterAll(async () => {
  await t.close();
});

describe("SPL token flows through @solana/spl-token", () => {
  it("creates a mint and associated accounts, mints and transfers exact amounts", async () => {
    const payer = await fundedKeypair(t.connection, 5);
    const alice = Keypair.generate();
    const bob = Keypair.generate();
    const mint = await createMint(t.connection, payer, payer.publicKey, null, 6);
    const aliceAta = await getOrCreateAssociatedTokenAccount(t.connection, payer, mint, alice.publicKey);
    const bobAta = await getOrCreateAssociatedTokenAccount(t.connection, payer, mint, bob.publicKey);
    expect(aliceAta.address.toBase58()).toBe(getAssociatedTokenAddressSync(mint, alice.publicKey).toBase58());

    await mintTo(t.connection, payer, mint, aliceAta.address, payer, 1_500_000n);
    await transfer(t.connection, payer, aliceAta.address, bobAta.address, alice, 400_000n);

    expect((await getAccount(t.connection, aliceAta.address)).amount).toBe(1_100_000n);
    expect((await getAccount(t.connection, bobAta.address)).amount).toBe(400_000n);
    const mintInfo = await getMint(t.connection, mint);
    expect(mintInfo.supply).toBe(1_500_000n);
    expect(mintInfo.decimals).toBe(6);

    const balance = await t.connection.getTokenAccountBalance(bobAta.address);
    expect(balance.value).toEqual({ amount: "400000", decimals: 6, uiAmount: 0.4, uiAmountString: "0.4" });
    const supply = await t.connection.getTokenSupply(mint);
    expect(supply.value).toEqual({ amount: "1500000", decimals: 6, uiAmount: 1.5, uiAmountString: "1.5" });

    const owned = await t.connection.getParsedTokenAccountsByOwner(alice.publicKey, { mint });
    expect(owned.value).toHaveLength(1);
    const parsed = (owned.value[0]!.account.data as ParsedAccountData).parsed;
    expect(parsed.type).toBe("account");
    expect(parsed.info.tokenAmount).toEqual({ amount: "1100000", decimals: 6, uiAmount: 1.1, uiAmountString: "1.1" });
    expect(parsed.info.owner).toBe(alice.publicKey.toBase58());
    expect(parsed.info.state).toBe("initialized");

    const byMint = await t.connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 0, bytes: mint.toBase58() } }],
    });
    expect(byMint.map((a) => a.pubkey.toBase58()).sort()).toEqual([aliceAta.address.toBase58(), bobAta.address.toBase58()].sort());
    const byOwner = await t.connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: bob.publicKey.toBase58() } }],
      dataSlice: { offset: 64, length: 8 },
    });
    expect(byOwner).toHaveLength(1);
    expect(Buffer.from(byOwner[0]!.account.data).readBigUInt64LE(0)).toBe(400_000n);
  });

  it("wraps SOL into a native token account and records token balances in transaction meta", async () => {
    const owner = await fundedKeypair(t.connection, 3);
    const ata = getAssociatedTokenAddressSync(NATIVE_MINT, owner.publicKey);
    const tx = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(owner.publicKey, ata, owner.publicKey, NATIVE_MINT),
      SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: ata, lamports: 1_000_000_000 }),
      createSyncNativeInstruction(ata),
    );
    const signature = await sendAndConfirmTransaction(t.connection, tx, [owner]);
    const account = await getAccount(t.connection, ata);
    expect(account.isNative).toBe(true);
    expect(account.amount).toBe(1_000_000_000n);
    expect(await t.connection.getBalance(ata)).toBe(1_000_000_000 + 2_039_280);

    const landed = await t.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.preTokenBalances).toEqual([]);
    expect(landed?.meta?.postTokenBalances).toEqual([
      {
        accountIndex: landed!.transaction.message.staticAccountKeys.findIndex((k: PublicKey) => k.equals(ata)),
        mint: NATIVE_MINT.toBase58(),
        owner: owner.publicKey.toBase58(),
        programId: TOKEN_PROGRAM_ID.toBase58(),
        uiTokenAmount: { amount: "1000000000", decimals: 9, uiAmount: 1, uiAmountString: "1" },
      },
    ]);
  });
});
