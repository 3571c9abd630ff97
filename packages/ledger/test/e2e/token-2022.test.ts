import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createAccount,
  createInitializeMint2Instruction,
  createInitializeTransferFeeConfigInstruction,
  createMint,
  getAccount,
  getMint,
  getMintLen,
  getTransferFeeAmount,
  getTransferFeeConfig,
  mintTo,
  transferChecked,
} from "@solana/spl-token";
import {
  Keypair,
  SendTransactionError,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
  type ParsedAccountData,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, startTestNet, type TestNet } from "../support/localnet.js";

const T22 = TOKEN_2022_PROGRAM_ID;

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet();
});
afterAll(async () => {
  await t.close();
});

describe("Token-2022 through @solana/spl-token over JSON-RPC", () => {
  it("creates a plain mint and accounts, mints and transfers, and answers the token RPC methods", async () => {
    const payer = await fundedKeypair(t.connection, 5);
    const alice = Keypair.generate();
    const bob = Keypair.generate();
    const mint = await createMint(t.connection, payer, payer.publicKey, null, 6, undefined, undefined, T22);
    const aliceTokens = await createAccount(t.connection, payer, mint, alice.publicKey, undefined, undefined, T22);
    const bobTokens = await createAccount(t.connection, payer, mint, bob.publicKey, undefined, undefined, T22);
    await mintTo(t.connection, payer, mint, aliceTokens, payer, 2_000_000n, [], undefined, T22);
    await transferChecked(t.connection, payer, aliceTokens, mint, bobTokens, alice, 500_000n, 6, [], undefined, T22);

    expect((await getAccount(t.connection, aliceTokens, undefined, T22)).amount).toBe(1_500_000n);
    expect((await getAccount(t.connection, bobTokens, undefined, T22)).amount).toBe(500_000n);
    expect((await getMint(t.connection, mint, undefined, T22)).supply).toBe(2_000_000n);
    // The accounts are associated token accounts: an immutable owner extension makes them 170 bytes.
    expect((await t.connection.getAccountInfo(bobTokens))?.data.length).toBe(170);

    const balance = await t.connection.getTokenAccountBalance(bobTokens);
    expect(balance.value).toEqual({ amount: "500000", decimals: 6, uiAmount: 0.5, uiAmountString: "0.5" });
    const supply = await t.connection.getTokenSupply(mint);
    expect(supply.value.amount).toBe("2000000");
    const owned = await t.connection.getTokenAccountsByOwner(alice.publicKey, { programId: T22 });
    expect(owned.value.map((a) => a.pubkey.toBase58())).toEqual([aliceTokens.toBase58()]);
    expect(owned.value[0]?.account.owner.toBase58()).toBe(T22.toBase58());
  });

  it("withholds a transfer fee that spl-token decodes from our accounts, and refuses a fee past 10,000 bps", async () => {
    const payer = await fundedKeypair(t.connection, 5);
    const mint = Keypair.generate();
    const space = getMintLen([ExtensionType.TransferFeeConfig]);
    const create = SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: await t.connection.getMinimumBalanceForRentExemption(space),
      space,
      programId: T22,
    });
    const tooHigh = new Transaction().add(
      create,
      createInitializeTransferFeeConfigInstruction(mint.publicKey, payer.publicKey, payer.publicKey, 10_001, 0n, T22),
    );
    const refused = await sendAndConfirmTransaction(t.connection, tooHigh, [payer, mint]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SendTransactionError);
    expect((refused as SendTransactionError).message).toContain("custom program error: 0x1e");

    const fee = new Transaction().add(
      create,
      createInitializeTransferFeeConfigInstruction(mint.publicKey, payer.publicKey, payer.publicKey, 50, 1_000n, T22),
      createInitializeMint2Instruction(mint.publicKey, 6, payer.publicKey, null, T22),
    );
    await sendAndConfirmTransaction(t.connection, fee, [payer, mint]);
    const config = getTransferFeeConfig(await getMint(t.connection, mint.publicKey, undefined, T22));
    expect(config?.newerTransferFee).toEqual({ epoch: 0n, maximumFee: 1_000n, transferFeeBasisPoints: 50 });

    const alice = Keypair.generate();
    const bob = Keypair.generate();
    const aliceTokens = await createAccount(t.connection, payer, mint.publicKey, alice.publicKey, undefined, undefined, T22);
    const bobTokens = await createAccount(t.connection, payer, mint.publicKey, bob.publicKey, undefined, undefined, T22);
    await mintTo(t.connection, payer, mint.publicKey, aliceTokens, payer, 1_000_000n, [], undefined, T22);
    await transferChecked(t.connection, payer, aliceTokens, mint.publicKey, bobTokens, alice, 100_000n, 6, [], undefined, T22);
    const bobAccount = await getAccount(t.connection, bobTokens, undefined, T22);
    // 0.5% of 100,000 is 500, under the 1,000 cap.
    expect(bobAccount.amount).toBe(99_500n);
    expect(getTransferFeeAmount(bobAccount)?.withheldAmount).toBe(500n);

    const parsedAccount = (await t.connection.getParsedAccountInfo(bobTokens)).value?.data as ParsedAccountData;
    expect(parsedAccount.program).toBe("spl-token-2022");
    expect(parsedAccount.parsed.info.tokenAmount.amount).toBe("99500");
    expect(parsedAccount.parsed.info.extensions).toEqual([
      { extension: "immutableOwner" },
      { extension: "transferFeeAmount", state: { withheldAmount: 500 } },
    ]);
    const parsedMint = (await t.connection.getParsedAccountInfo(mint.publicKey)).value?.data as ParsedAccountData;
    expect(parsedMint.parsed).toEqual({
      info: {
        decimals: 6,
        extensions: [
          {
            extension: "transferFeeConfig",
            state: {
              newerTransferFee: { epoch: 0, maximumFee: 1000, transferFeeBasisPoints: 50 },
              olderTransferFee: { epoch: 0, maximumFee: 1000, transferFeeBasisPoints: 50 },
              transferFeeConfigAuthority: payer.publicKey.toBase58(),
              withdrawWithheldAuthority: payer.publicKey.toBase58(),
              withheldAmount: 0,
            },
          },
        ],
        freezeAuthority: null,
        isInitialized: true,
        mintAuthority: payer.publicKey.toBase58(),
        supply: "1000000",
      },
      type: "mint",
    });
  });
});
