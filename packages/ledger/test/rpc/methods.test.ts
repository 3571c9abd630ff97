import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState,
  MINT_SIZE,
  MintLayout,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  createAmountToUiAmountInstruction,
  createAssociatedTokenAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  type ParsedAccountData,
} from "@solana/web3.js";
import bs58 from "bs58";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalnet, type Localnet } from "../../src/localnet.js";
import { FEATURE_SET } from "../../src/rpc/context.js";
import { clockUnixTimestamp, funded, post, rpc, send, signed, signedV0, startHarness, type Harness } from "./harness.js";

const SYSTEM = "11111111111111111111111111111111";
const TOKEN = TOKEN_PROGRAM_ID.toBase58();
const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
/** u64::MAX as JSON.parse reads it. */
const RENT_EPOCH_AS_DOUBLE = 18446744073709552000;
const MINT_RENT = 1_461_600;
const TOKEN_ACCOUNT_RENT = 2_039_280;
const SYSTEM_LOGS = [`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`];
/** The block engine's mainnet tip accounts. */
const TIP_ACCOUNTS = [
  "96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5",
  "HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe",
  "Cw8CFyM9FkoMi7K7Crf6HNQqf4uEMzpKw6QNghXLvLkY",
  "ADaUMid9yfUytqMBgopwjb2DTLSokTSzL1zt6iGPaS49",
  "DfXygSm4jCyNCybVYYK6DwvWqjKee8pbDmJGcLWNDXjh",
  "ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt",
  "DttWaMuVvTiduZRnguLF7jNxTgiMBZ1hyAumKUiL2KRL",
  "3AVi9Tg9Uo68tJfuvoKvqKNWKkC5wPdSSdeBnizKZ6jT",
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

function transfer(from: Keypair, to: PublicKey, lamports: number): TransactionInstruction {
  return SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports });
}

/** A system account as the RPC writes it with base64 data. */
function systemAccount(lamports: number) {
  return { lamports, data: ["", "base64"], owner: SYSTEM, executable: false, rentEpoch: RENT_EPOCH_AS_DOUBLE, space: 0 };
}

/** Creates and initialises a mint through the token program; its authority is the payer. */
async function createMint(payer: Keypair, decimals: number, freezeAuthority: PublicKey | null = null): Promise<PublicKey> {
  const mint = Keypair.generate();
  await send(
    h,
    payer,
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: mint.publicKey,
        lamports: MINT_RENT,
        space: MINT_SIZE,
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, freezeAuthority),
    ],
    [mint],
  );
  return mint.publicKey;
}

/** Creates a token account of `mint` for `owner` and mints `amount` to it. */
async function createTokenAccount(payer: Keypair, mint: PublicKey, owner: PublicKey, amount: bigint): Promise<PublicKey> {
  const account = Keypair.generate();
  await send(
    h,
    payer,
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: account.publicKey,
        lamports: TOKEN_ACCOUNT_RENT,
        space: ACCOUNT_SIZE,
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeAccount3Instruction(account.publicKey, mint, owner),
      createMintToInstruction(mint, account.publicKey, payer.publicKey, amount),
    ],
    [account],
  );
  return account.publicKey;
}

/** A mint's bytes as spl-token lays them out. */
function mintBytes(authority: PublicKey, supply: bigint, decimals: number, freezeAuthority: PublicKey | null): Buffer {
  const data = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: 1,
      mintAuthority: authority,
      supply,
      decimals,
      isInitialized: true,
      freezeAuthorityOption: freezeAuthority ? 1 : 0,
      freezeAuthority: freezeAuthority ?? PublicKey.default,
    },
    data,
  );
  return data;
}

/** A plain token account's bytes as spl-token lays them out. */
function tokenAccountBytes(mint: PublicKey, owner: PublicKey, amount: bigint): Buffer {
  const data = Buffer.alloc(ACCOUNT_SIZE);
  AccountLayout.encode(
    {
      mint,
      owner,
      amount,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: AccountState.Initialized,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  );
  return data;
}

describe("chain state", () => {
  it("serves slot, heights, blockhash, version, counts and health", async () => {
    expect(await h.connection.getSlot()).toBe(100);
    expect(await h.connection.getBlockHeight()).toBe(100);
    const latest = await h.connection.getLatestBlockhash();
    expect(latest).toEqual({ blockhash: h.ledger.latestBlockhash().blockhash, lastValidBlockHeight: 250 });
    expect(await h.connection.getVersion()).toEqual({ "solana-core": "2.1.0", "feature-set": FEATURE_SET });
    expect(await h.connection.getGenesisHash()).toBe(h.ledger.genesisHash);
    expect((await rpc(h.server.url, "getHealth")).result).toBe("ok");

    expect(await h.connection.getTransactionCount()).toBe(0);
    await funded(h);
    expect(await h.connection.getTransactionCount()).toBe(1);
    expect(await h.connection.getEpochInfo()).toEqual({
      absoluteSlot: 100,
      blockHeight: 100,
      epoch: 0,
      slotIndex: 100,
      slotsInEpoch: 432000,
      transactionCount: 1,
    });

    expect((await h.connection.isBlockhashValid(latest.blockhash)).value).toBe(true);
    expect((await h.connection.isBlockhashValid(bs58.encode(Buffer.alloc(32, 9)))).value).toBe(false);
    expect(await h.connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    expect((await rpc(h.server.url, "getTipAccounts")).result).toEqual(TIP_ACCOUNTS);
  });

  it("reports recent prioritization fees per slot and per write-locked account", async () => {
    // Slots 0 to 100 (the warp skipped most of them), none with a priced transaction yet.
    const unpriced = Array.from({ length: 101 }, (_, slot) => ({ slot, prioritizationFee: 0 }));
    expect(await h.connection.getRecentPrioritizationFees()).toEqual(unpriced);

    const payer = await funded(h);
    const target = Keypair.generate().publicKey;
    await send(h, payer, [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 2500 }), transfer(payer, target, 1_000_000)]);
    expect(await h.connection.getRecentPrioritizationFees({ lockedWritableAccounts: [target] })).toEqual(
      unpriced.map((fee) => (fee.slot === 100 ? { slot: 100, prioritizationFee: 2500 } : fee)),
    );
    // Without addresses: the slot's lowest landed price, and the airdrop that funded the payer paid none.
    expect(await h.connection.getRecentPrioritizationFees()).toEqual(unpriced);
  });

  it("reports performance samples once a sample period has passed", async () => {
    // This ledger is younger than the 60 s sample period.
    expect(await h.connection.getRecentPerformanceSamples(5)).toEqual([]);
    expect((await rpc(h.server.url, "getRecentPerformanceSamples", [721])).error).toEqual({
      code: -32602,
      message: "Invalid limit; max 720",
    });

    // A ledger whose wall clock the test moves: one airdrop, then a slot that starts 60 s after genesis.
    const start = Date.parse("2026-01-01T00:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    let net: Localnet | undefined;
    try {
      net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0 });
      await net.ledger.requestAirdrop(Keypair.generate().publicKey.toBase58(), 1_000_000_000n);
      vi.setSystemTime(start + 60_000);
      net.ledger.warp(1);
    } finally {
      vi.useRealTimers();
    }
    try {
      const reply = await post(net.rpc.url, { jsonrpc: "2.0", id: 1, method: "getRecentPerformanceSamples", params: [5] });
      expect(reply.text).toBe(
        '{"jsonrpc":"2.0","result":[{"slot":2,"numTransactions":1,"numSlots":2,"samplePeriodSecs":60,"numNonVoteTransactions":1}],"id":1}',
      );
      expect(await new Connection(net.rpc.url).getRecentPerformanceSamples(5)).toEqual([
        { slot: 2, numTransactions: 1, numNonVoteTransactions: 1, numSlots: 2, samplePeriodSecs: 60 },
      ]);
      expect((await rpc(net.rpc.url, "getRecentPerformanceSamples", [0])).result).toEqual([]);
    } finally {
      await net.close();
    }
  });
});

describe("accounts", () => {
  let owner: Keypair;
  let authority: Keypair;
  let mint: PublicKey;
  let holderA: PublicKey;
  let holderB: PublicKey;
  let accountA: PublicKey;
  let accountB: PublicKey;
  let freezeAuthority: PublicKey;
  let plain: PublicKey;
  beforeAll(async () => {
    owner = await funded(h, 5_000_000n);
    const payer = await funded(h);
    authority = payer;
    holderA = Keypair.generate().publicKey;
    holderB = Keypair.generate().publicKey;
    freezeAuthority = Keypair.generate().publicKey;
    mint = await createMint(payer, 6, freezeAuthority);
    accountA = await createTokenAccount(payer, mint, holderA, 400_000n);
    accountB = await createTokenAccount(payer, mint, holderB, 7n);
    // 40 bytes owned by a program that is not deployed: nothing can parse it.
    const data = Keypair.generate();
    await send(
      h,
      payer,
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: data.publicKey,
          lamports: 1_169_280,
          space: 40,
          programId: Keypair.generate().publicKey,
        }),
      ],
      [data],
    );
    plain = data.publicKey;
  });

  it("reads balances and accounts through web3.js", async () => {
    expect(await h.connection.getBalance(owner.publicKey)).toBe(5_000_000);
    expect(await h.connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    const info = await h.connection.getAccountInfo(accountA);
    expect(info).toEqual({
      lamports: TOKEN_ACCOUNT_RENT,
      data: tokenAccountBytes(mint, holderA, 400_000n),
      owner: TOKEN_PROGRAM_ID,
      executable: false,
      rentEpoch: RENT_EPOCH_AS_DOUBLE,
      space: ACCOUNT_SIZE,
    });
    expect(await h.connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();
    const many = await h.connection.getMultipleAccountsInfo([accountA, Keypair.generate().publicKey, mint]);
    expect(many.map((x) => x?.lamports ?? null)).toEqual([TOKEN_ACCOUNT_RENT, null, MINT_RENT]);
    expect(many[2]?.data).toEqual(mintBytes(authority.publicKey, 400_007n, 6, freezeAuthority));
  });

  it("filters program accounts by memcmp (base58 and base64) and dataSize, and slices data", async () => {
    const byHolder = await h.connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [{ memcmp: { offset: 32, bytes: holderA.toBase58() } }],
    });
    expect(byHolder.map((x) => x.pubkey.toBase58())).toEqual([accountA.toBase58()]);

    const byMint = await h.connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 0, bytes: mint.toBase58() } }],
    });
    expect(byMint.map((x) => x.pubkey.toBase58()).sort()).toEqual([accountA.toBase58(), accountB.toBase58()].sort());

    const base64 = await rpc(h.server.url, "getProgramAccounts", [
      TOKEN,
      {
        encoding: "base64",
        filters: [{ memcmp: { offset: 0, bytes: mint.toBuffer().toString("base64"), encoding: "base64" } }, { dataSize: 165 }],
      },
    ]);
    expect(base64.result.map((x: any) => x.pubkey).sort()).toEqual([accountA.toBase58(), accountB.toBase58()].sort());
    expect(base64.result.find((x: any) => x.pubkey === accountB.toBase58()).account).toEqual({
      lamports: TOKEN_ACCOUNT_RENT,
      data: [tokenAccountBytes(mint, holderB, 7n).toString("base64"), "base64"],
      owner: TOKEN,
      executable: false,
      rentEpoch: RENT_EPOCH_AS_DOUBLE,
      space: 165,
    });

    // The mint, found by its freeze authority; decimals and the initialised flag sliced out.
    const mintFilter = [{ dataSize: 82 }, { memcmp: { offset: 50, bytes: freezeAuthority.toBase58() } }];
    const sliced = await h.connection.getProgramAccounts(TOKEN_PROGRAM_ID, { filters: mintFilter, dataSlice: { offset: 44, length: 2 } });
    expect(sliced.map((x) => [x.pubkey.toBase58(), [...x.account.data]])).toEqual([[mint.toBase58(), [6, 1]]]);
    // A slice running past the end stops at the end: the freeze authority's last two bytes.
    const clipped = await h.connection.getProgramAccounts(TOKEN_PROGRAM_ID, { filters: mintFilter, dataSlice: { offset: 80, length: 10 } });
    expect([...clipped[0]!.account.data]).toEqual([...freezeAuthority.toBytes().subarray(30)]);

    const withContext = await rpc(h.server.url, "getProgramAccounts", [
      TOKEN,
      { encoding: "base64", withContext: true, filters: [{ dataSize: 1 }] },
    ]);
    expect(withContext.result).toEqual({ context: { apiVersion: "2.1.0", slot: 100 }, value: [] });
  });

  it("refuses base58 for more than 128 bytes and too many filters", async () => {
    const tooLong = await rpc(h.server.url, "getAccountInfo", [accountA.toBase58(), { encoding: "base58" }]);
    expect(tooLong.error).toEqual({
      code: -32600,
      message: "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.",
    });
    const mintData = bs58.encode(mintBytes(authority.publicKey, 400_007n, 6, freezeAuthority));
    const ok = await rpc(h.server.url, "getAccountInfo", [mint.toBase58(), { encoding: "base58" }]);
    expect(ok.result.value.data).toEqual([mintData, "base58"]);
    const legacy = await rpc(h.server.url, "getAccountInfo", [mint.toBase58()]);
    expect(legacy.result.value.data).toBe(mintData);
    const sliced = await rpc(h.server.url, "getAccountInfo", [
      accountA.toBase58(),
      { encoding: "base58", dataSlice: { offset: 0, length: 4 } },
    ]);
    expect(sliced.result.value.data).toEqual([bs58.encode(mint.toBytes().subarray(0, 4)), "base58"]);
    const zstd = await rpc(h.server.url, "getAccountInfo", [accountA.toBase58(), { encoding: "base64+zstd" }]);
    expect(zstd.error).toEqual({ code: -32602, message: "base64+zstd encoding is not supported by this node; use base64" });
    const filters = await rpc(h.server.url, "getProgramAccounts", [
      TOKEN,
      { filters: [{ dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }] },
    ]);
    expect(filters.error).toEqual({ code: -32602, message: "Too many filters provided; max 4" });
  });

  it("encodes jsonParsed with the token parser, looking up the mint, and falls back to base64", async () => {
    const parsedMint = await h.connection.getParsedAccountInfo(mint);
    expect(parsedMint.value?.data).toEqual({
      parsed: {
        info: {
          decimals: 6,
          freezeAuthority: freezeAuthority.toBase58(),
          isInitialized: true,
          mintAuthority: authority.publicKey.toBase58(),
          supply: "400007",
        },
        type: "mint",
      },
      program: "spl-token",
      space: 82,
    });
    const parsedAccount = await h.connection.getParsedAccountInfo(accountA);
    expect((parsedAccount.value?.data as ParsedAccountData).parsed).toEqual({
      info: {
        isNative: false,
        mint: mint.toBase58(),
        owner: holderA.toBase58(),
        state: "initialized",
        tokenAmount: { amount: "400000", decimals: 6, uiAmount: 0.4, uiAmountString: "0.4" },
      },
      type: "account",
    });
    const fallback = await rpc(h.server.url, "getAccountInfo", [plain.toBase58(), { encoding: "jsonParsed" }]);
    expect(fallback.result.value.data).toEqual([Buffer.alloc(40).toString("base64"), "base64"]);
  });
});

describe("token methods", () => {
  let mint: PublicKey;
  let holder: PublicKey;
  let tokenAccount: PublicKey;
  let whaleAccount: PublicKey;
  beforeAll(async () => {
    const payer = await funded(h);
    holder = Keypair.generate().publicKey;
    mint = await createMint(payer, 6);
    tokenAccount = getAssociatedTokenAddressSync(mint, holder);
    await send(h, payer, [
      createAssociatedTokenAccountInstruction(payer.publicKey, tokenAccount, holder, mint),
      createMintToInstruction(mint, tokenAccount, payer.publicKey, 400_000n),
    ]);
    whaleAccount = await createTokenAccount(payer, mint, Keypair.generate().publicKey, 1_100_000n);
  });

  it("reports balances, supply and accounts by owner", async () => {
    expect((await h.connection.getTokenAccountBalance(tokenAccount)).value).toEqual({
      amount: "400000",
      decimals: 6,
      uiAmount: 0.4,
      uiAmountString: "0.4",
    });
    expect((await h.connection.getTokenSupply(mint)).value).toEqual({
      amount: "1500000",
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: "1.5",
    });
    const byMint = await h.connection.getTokenAccountsByOwner(holder, { mint });
    expect(byMint.value.map((x) => x.pubkey.toBase58())).toEqual([tokenAccount.toBase58()]);
    const byProgram = await h.connection.getTokenAccountsByOwner(holder, { programId: TOKEN_PROGRAM_ID });
    expect(byProgram.value.map((x) => [x.pubkey.toBase58(), x.account.data.length, x.account.lamports])).toEqual([
      [tokenAccount.toBase58(), 165, TOKEN_ACCOUNT_RENT],
    ]);
    const largest = await h.connection.getTokenLargestAccounts(mint);
    expect(largest.value).toEqual([
      { address: whaleAccount, amount: "1100000", decimals: 6, uiAmount: 1.1, uiAmountString: "1.1" },
      { address: tokenAccount, amount: "400000", decimals: 6, uiAmount: 0.4, uiAmountString: "0.4" },
    ]);
  });

  it("refuses what is not a token account or mint", async () => {
    const missing = Keypair.generate().publicKey.toBase58();
    expect((await rpc(h.server.url, "getTokenAccountBalance", [missing])).error).toEqual({
      code: -32602,
      message: "Invalid param: could not find account",
    });
    expect((await rpc(h.server.url, "getTokenAccountBalance", [mint.toBase58()])).error).toEqual({
      code: -32602,
      message: "Invalid param: not a Token account",
    });
    expect((await rpc(h.server.url, "getTokenSupply", [tokenAccount.toBase58()])).error).toEqual({
      code: -32602,
      message: "Invalid param: not a Token mint",
    });
    expect((await rpc(h.server.url, "getTokenAccountsByOwner", [holder.toBase58(), { mint: missing }])).error).toEqual({
      code: -32602,
      message: "Invalid param: could not find mint",
    });
    expect((await rpc(h.server.url, "getTokenAccountsByOwner", [holder.toBase58(), { programId: missing }])).error).toEqual({
      code: -32602,
      message: "Invalid param: unrecognized Token program id",
    });
  });
});

describe("transactions", () => {
  it("sends, reports status and returns the landed transaction in json and base64", async () => {
    const payer = await funded(h, 10_000_000n);
    const to = Keypair.generate().publicKey;
    const tx = signed(h, payer, [transfer(payer, to, 1_000_000)]);
    const blockTime = await clockUnixTimestamp(h);
    const signature = await h.connection.sendRawTransaction(tx.serialize());
    expect(signature).toBe(bs58.encode(tx.signature!));

    const statuses = await h.connection.getSignatureStatuses([signature, bs58.encode(Buffer.alloc(64, 3))]);
    expect(statuses.value).toEqual([
      { slot: 100, confirmations: null, err: null, status: { Ok: null }, confirmationStatus: "finalized" },
      null,
    ]);

    const raw = await rpc(h.server.url, "getTransaction", [signature, { encoding: "json", commitment: "confirmed" }]);
    const keys = tx.compileMessage().accountKeys.map((k) => k.toBase58());
    expect(keys).toEqual([payer.publicKey.toBase58(), to.toBase58(), SYSTEM]);
    expect(raw.result).toStrictEqual({
      slot: 100,
      transaction: {
        signatures: [signature],
        message: {
          header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
          accountKeys: keys,
          recentBlockhash: tx.recentBlockhash,
          instructions: [{ programIdIndex: 2, accounts: [0, 1], data: bs58.encode(tx.instructions[0]!.data), stackHeight: null }],
        },
      },
      meta: {
        err: null,
        status: { Ok: null },
        fee: 5000,
        preBalances: [10_000_000, 0, 1],
        postBalances: [8_995_000, 1_000_000, 1],
        innerInstructions: [],
        logMessages: SYSTEM_LOGS,
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: 150,
      },
      blockTime,
    });

    const viaWeb3 = await h.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(viaWeb3?.version).toBe("legacy");
    expect(viaWeb3?.meta?.postBalances).toEqual([8_995_000, 1_000_000, 1]);
    expect(viaWeb3?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toEqual(keys);

    const b64 = await rpc(h.server.url, "getTransaction", [signature, { encoding: "base64", maxSupportedTransactionVersion: 0 }]);
    expect(b64.result.transaction).toEqual([tx.serialize().toString("base64"), "base64"]);
    expect(b64.result.version).toBe("legacy");

    const parsed = await h.connection.getParsedTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.message.accountKeys.map((k) => [k.pubkey.toBase58(), k.signer, k.writable])).toEqual([
      [keys[0], true, true],
      [keys[1], false, true],
      [keys[2], false, false],
    ]);

    expect((await rpc(h.server.url, "getTransaction", [signature, { commitment: "processed" }])).error).toEqual({
      code: -32602,
      message: "Method does not support commitment below `confirmed`",
    });
    expect((await rpc(h.server.url, "getTransaction", [bs58.encode(Buffer.alloc(64, 1))])).result).toBeNull();
  });

  it("returns inner instructions and token balances of a landed transaction", async () => {
    const payer = await funded(h);
    const mint = await createMint(payer, 6);
    const owner = Keypair.generate().publicKey;
    const ata = getAssociatedTokenAddressSync(mint, owner);
    const tx = signed(h, payer, [createAssociatedTokenAccountInstruction(payer.publicKey, ata, owner, mint)]);
    const signature = await h.connection.sendRawTransaction(tx.serialize());
    const keys = tx.compileMessage().accountKeys.map((k) => k.toBase58());
    const at = (key: PublicKey): number => keys.indexOf(key.toBase58());

    const raw = await rpc(h.server.url, "getTransaction", [signature, "json"]);
    // What the associated token account program invokes, as spl-token's own builders write those instructions.
    expect(raw.result.meta.innerInstructions).toEqual([
      {
        index: 0,
        instructions: [
          { programIdIndex: at(TOKEN_PROGRAM_ID), accounts: [at(mint)], data: bs58.encode(Buffer.from([21, 7, 0])), stackHeight: 2 },
          {
            programIdIndex: at(SystemProgram.programId),
            accounts: [at(payer.publicKey), at(ata)],
            data: bs58.encode(
              SystemProgram.createAccount({
                fromPubkey: payer.publicKey,
                newAccountPubkey: ata,
                lamports: TOKEN_ACCOUNT_RENT,
                space: ACCOUNT_SIZE,
                programId: TOKEN_PROGRAM_ID,
              }).data,
            ),
            stackHeight: 2,
          },
          { programIdIndex: at(TOKEN_PROGRAM_ID), accounts: [at(ata)], data: bs58.encode(Buffer.from([22])), stackHeight: 2 },
          {
            programIdIndex: at(TOKEN_PROGRAM_ID),
            accounts: [at(ata), at(mint)],
            data: bs58.encode(createInitializeAccount3Instruction(ata, mint, owner).data),
            stackHeight: 2,
          },
        ],
      },
    ]);
    expect(raw.result.meta.preTokenBalances).toEqual([]);
    expect(raw.result.meta.postTokenBalances).toEqual([
      {
        accountIndex: at(ata),
        mint: mint.toBase58(),
        owner: owner.toBase58(),
        programId: TOKEN,
        uiTokenAmount: { amount: "0", decimals: 6, uiAmount: 0, uiAmountString: "0" },
      },
    ]);

    const parsed = await rpc(h.server.url, "getTransaction", [signature, { encoding: "jsonParsed" }]);
    expect(parsed.result.meta.innerInstructions[0].instructions[2]).toEqual({
      accounts: [ata.toBase58()],
      data: "P",
      programId: TOKEN,
      stackHeight: 2,
    });
  });

  // Read back from storage: the record's Buffer fields must survive the store's JSON codec.
  it("returns the return data of a landed transaction", async () => {
    const payer = await funded(h);
    const signature = await send(h, payer, [createAmountToUiAmountInstruction(NATIVE_MINT, 1_500_000_000n)]);
    const raw = await rpc(h.server.url, "getTransaction", [signature, "json"]);
    expect(raw.result.meta.returnData).toEqual({ programId: TOKEN, data: ["MS41", "base64"] });
  });

  it("passes skipPreflight through: a failing transaction is refused, or lands and pays its fee", async () => {
    const payer = await funded(h, 5_000_000n);
    const wire = signed(h, payer, [transfer(payer, Keypair.generate().publicKey, 20_000_000)]).serialize();
    const signature = bs58.encode(wire.subarray(1, 65));

    const refused = await rpc(h.server.url, "sendTransaction", [wire.toString("base64"), { encoding: "base64" }]);
    expect(refused.error).toEqual({
      code: -32002,
      message: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",
      data: {
        accounts: null,
        err: { InstructionError: [0, { Custom: 1 }] },
        innerInstructions: null,
        logs: [
          `Program ${SYSTEM} invoke [1]`,
          "Program log: Transfer: insufficient lamports 4995000, need 20000000",
          `Program ${SYSTEM} failed: custom program error: 0x1`,
        ],
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: 150,
      },
    });
    expect((await h.connection.getSignatureStatuses([signature])).value).toEqual([null]);
    expect(await h.connection.getBalance(payer.publicKey)).toBe(5_000_000);

    expect(await h.connection.sendRawTransaction(wire, { skipPreflight: true })).toBe(signature);
    const err = { InstructionError: [0, { Custom: 1 }] };
    expect((await h.connection.getSignatureStatuses([signature])).value).toEqual([
      { slot: 100, confirmations: null, err, status: { Err: err }, confirmationStatus: "finalized" },
    ]);
    expect(await h.connection.getBalance(payer.publicKey)).toBe(4_995_000);
  });

  it("refuses a v0 transaction to a client that did not ask for versions", async () => {
    const payer = await funded(h);
    const tx = signedV0(h, payer, [transfer(payer, Keypair.generate().publicKey, 1_000_000)]);
    const signature = await h.connection.sendTransaction(tx);
    const refused = await post(h.server.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "getTransaction",
      params: [signature, { encoding: "json" }],
    });
    expect(refused.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32015,"message":"Transaction version (0) is not supported by the requesting client. ' +
        'Please try the request again with the following configuration parameter: \\"maxSupportedTransactionVersion\\": 0"},"id":1}',
    );
    const ok = await rpc(h.server.url, "getTransaction", [signature, { encoding: "json", maxSupportedTransactionVersion: 0 }]);
    expect(ok.result.version).toBe(0);
    expect(ok.result.transaction.message.addressTableLookups).toEqual([]);
  });

  it("lists signatures for an address, newest first, with memos", async () => {
    const payer = Keypair.generate();
    const airdrop = await h.ledger.requestAirdrop(payer.publicKey.toBase58(), 1_000_000_000n);
    const blockTime = await clockUnixTimestamp(h);
    const memo = await send(h, payer, [new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from("hello") })]);
    expect(await h.connection.getSignaturesForAddress(payer.publicKey, { limit: 1 })).toEqual([
      { signature: memo, slot: 100, err: null, memo: "[5] hello", blockTime, confirmationStatus: "finalized" },
    ]);
    expect(await h.connection.getSignaturesForAddress(payer.publicKey)).toEqual([
      { signature: memo, slot: 100, err: null, memo: "[5] hello", blockTime, confirmationStatus: "finalized" },
      { signature: airdrop, slot: 100, err: null, memo: null, blockTime, confirmationStatus: "finalized" },
    ]);
    expect(await h.connection.getSignaturesForAddress(payer.publicKey, { before: memo })).toEqual([
      { signature: airdrop, slot: 100, err: null, memo: null, blockTime, confirmationStatus: "finalized" },
    ]);
    expect((await rpc(h.server.url, "getSignaturesForAddress", [payer.publicKey.toBase58(), { limit: 1001 }])).error).toEqual({
      code: -32602,
      message: "Invalid limit; max 1000",
    });
  });

  it("simulates with the options passed through and returns accounts", async () => {
    const payer = await funded(h, 10_000_000n);
    const to = Keypair.generate().publicKey;
    // Signed on a blockhash the ledger never produced: only replaceRecentBlockhash lets it run.
    const stale = signed(h, payer, [transfer(payer, to, 1_000_000)], [], Keypair.generate().publicKey.toBase58());
    const result = await rpc(h.server.url, "simulateTransaction", [
      stale.serialize().toString("base64"),
      {
        encoding: "base64",
        replaceRecentBlockhash: true,
        accounts: { addresses: [payer.publicKey.toBase58(), to.toBase58()], encoding: "base64" },
        innerInstructions: true,
      },
    ]);
    expect(result.result).toStrictEqual({
      context: { apiVersion: "2.1.0", slot: 100 },
      value: {
        err: null,
        logs: SYSTEM_LOGS,
        accounts: [systemAccount(8_995_000), systemAccount(1_000_000)],
        unitsConsumed: 150,
        returnData: null,
        innerInstructions: [],
        replacementBlockhash: { blockhash: h.ledger.latestBlockhash().blockhash, lastValidBlockHeight: 250 },
        loadedAccountsDataSize: 0,
        fee: 5000,
        preBalances: [10_000_000, 0, 1],
        postBalances: [8_995_000, 1_000_000, 1],
      },
    });
    // Nothing landed.
    expect(await h.connection.getBalance(payer.publicKey)).toBe(10_000_000);
    expect(await h.connection.getBalance(to)).toBe(0);

    const unreplaced = await rpc(h.server.url, "simulateTransaction", [stale.serialize().toString("base64"), { encoding: "base64" }]);
    expect(unreplaced.result.value).toStrictEqual({
      err: "BlockhashNotFound",
      logs: [],
      accounts: null,
      unitsConsumed: 0,
      returnData: null,
      innerInstructions: null,
      replacementBlockhash: null,
      loadedAccountsDataSize: 0,
      fee: 0,
      preBalances: [],
      postBalances: [],
    });

    const both = await rpc(h.server.url, "simulateTransaction", [
      stale.serialize().toString("base64"),
      { encoding: "base64", sigVerify: true, replaceRecentBlockhash: true },
    ]);
    expect(both.error).toEqual({ code: -32602, message: "sigVerify may not be used with replaceRecentBlockhash" });

    // sigVerify is off unless asked for.
    const tampered = signed(h, payer, [transfer(payer, to, 1_000_000)]).serialize();
    tampered[10]! ^= 0xff;
    const unverified = await rpc(h.server.url, "simulateTransaction", [tampered.toString("base64"), { encoding: "base64" }]);
    expect(unverified.result.value.err).toBeNull();
    expect(unverified.result.value.logs).toEqual(SYSTEM_LOGS);
    const verified = await rpc(h.server.url, "simulateTransaction", [tampered.toString("base64"), { encoding: "base64", sigVerify: true }]);
    expect(verified).toEqual({ jsonrpc: "2.0", error: { code: -32003, message: "Transaction signature verification failure" }, id: 1 });

    const web3 = await h.connection.simulateTransaction(signed(h, payer, [transfer(payer, to, 1_000_000)]));
    expect(web3.value.err).toBeNull();
    expect(web3.value.logs).toEqual(SYSTEM_LOGS);
  });

  it("prices messages", async () => {
    const payer = await funded(h);
    const to = Keypair.generate().publicKey;
    const plainTx = signed(h, payer, [transfer(payer, to, 1_000_000)]);
    expect((await h.connection.getFeeForMessage(plainTx.compileMessage())).value).toBe(5000);
    const priced = signed(h, payer, [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }),
      transfer(payer, to, 1_000_000),
    ]);
    // 5000 per signature plus 200,000 units at one lamport each.
    expect((await h.connection.getFeeForMessage(priced.compileMessage())).value).toBe(205_000);
    const stale = signed(h, payer, [transfer(payer, to, 1_000_000)], [], Keypair.generate().publicKey.toBase58());
    expect(await rpc(h.server.url, "getFeeForMessage", [stale.compileMessage().serialize().toString("base64")])).toEqual({
      jsonrpc: "2.0",
      result: { context: { apiVersion: "2.1.0", slot: 100 }, value: null },
      id: 1,
    });
  });
});

describe("bundles", () => {
  const bundlesUrl = (): string => `${h.server.url}/api/v1/bundles`;
  const tip = new PublicKey(TIP_ACCOUNTS[0]!);

  /** n transactions, each from its own funded payer, each tipping 1000 lamports. */
  async function tipping(n: number): Promise<Buffer[]> {
    const wires: Buffer[] = [];
    for (let i = 0; i < n; i++) {
      const payer = await funded(h, 5_000_000n);
      wires.push(signed(h, payer, [transfer(payer, tip, 1000)]).serialize());
    }
    return wires;
  }
  const base64 = (wires: Buffer[]): string[] => wires.map((w) => w.toString("base64"));
  const signatureOf = (wire: Buffer): string => bs58.encode(wire.subarray(1, 65));

  it("sends a bundle and reports its status", async () => {
    const wires = await tipping(2);
    const tipBefore = await h.connection.getBalance(tip);
    const sent = await rpc(bundlesUrl(), "sendBundle", [base64(wires), { encoding: "base64" }]);
    const signatures = wires.map(signatureOf);
    // Jito's bundle id: SHA-256 of the transactions' signatures joined by commas.
    expect(sent).toEqual({ jsonrpc: "2.0", result: createHash("sha256").update(signatures.join(",")).digest("hex"), id: 1 });
    expect(await h.connection.getBalance(tip)).toBe(tipBefore + 2000);

    const statuses = await rpc(bundlesUrl(), "getBundleStatuses", [[sent.result, "unknown"]]);
    expect(statuses.result).toEqual({
      context: { apiVersion: "2.1.0", slot: 100 },
      value: [{ bundle_id: sent.result, transactions: signatures, slot: 100, confirmation_status: "finalized", err: { Ok: null } }, null],
    });
    expect((await h.connection.getSignatureStatuses(signatures)).value.map((s) => s?.confirmationStatus)).toEqual([
      "finalized",
      "finalized",
    ]);
    expect((await rpc(bundlesUrl(), "getTipAccounts", [])).result).toEqual(TIP_ACCOUNTS);
  });

  it("refuses empty, oversized and untipped bundles, and bundle methods on the wrong endpoint", async () => {
    const sizeError = { code: -32602, message: "bundle must contain between 1 and 5 transactions" };
    expect((await rpc(bundlesUrl(), "sendBundle", [base64(await tipping(6)), { encoding: "base64" }])).error).toEqual(sizeError);
    expect((await rpc(bundlesUrl(), "sendBundle", [[], { encoding: "base64" }])).error).toEqual(sizeError);
    const payer = await funded(h, 5_000_000n);
    const untipped = signed(h, payer, [transfer(payer, Keypair.generate().publicKey, 1_000_000)]).serialize();
    expect((await rpc(bundlesUrl(), "sendBundle", [base64([untipped]), { encoding: "base64" }])).error).toEqual({
      code: -32602,
      message: "bundle must tip at least 1000 lamports to one of the tip accounts",
    });
    expect(await h.connection.getBalance(payer.publicKey)).toBe(5_000_000);
    const notFound = { code: -32601, message: "Method not found" };
    expect((await rpc(h.server.url, "sendBundle", [base64(await tipping(1))])).error).toEqual(notFound);
    expect((await rpc(bundlesUrl(), "getBalance", [TIP_ACCOUNTS[0]])).error).toEqual(notFound);
  });

  it("simulates a bundle on the main endpoint with account snapshots, landing nothing", async () => {
    const watched = await funded(h, 2_000_000n);
    const sender = await funded(h, 5_000_000n);
    const first = signed(h, sender, [transfer(sender, watched.publicKey, 1_000_000)]).serialize();
    const second = (await tipping(1))[0]!;
    const config = {
      preExecutionAccountsConfigs: [{ addresses: [watched.publicKey.toBase58()], encoding: "base64" }, null],
      postExecutionAccountsConfigs: [null, { addresses: [watched.publicKey.toBase58()] }],
      skipSigVerify: true,
    };
    // With skipSigVerify a bad signature does not matter.
    const tampered = Buffer.from(second);
    tampered[10]! ^= 0xff;
    const reply = await rpc(h.server.url, "simulateBundle", [{ encodedTransactions: base64([first, tampered]) }, config]);
    expect(reply.result).toStrictEqual({
      context: { apiVersion: "2.1.0", slot: 100 },
      value: {
        summary: "succeeded",
        transactionResults: [
          {
            err: null,
            logs: SYSTEM_LOGS,
            preExecutionAccounts: [systemAccount(2_000_000)],
            postExecutionAccounts: null,
            unitsConsumed: 150,
            returnData: null,
          },
          {
            err: null,
            logs: SYSTEM_LOGS,
            preExecutionAccounts: null,
            // The second transaction sees the first one's transfer.
            postExecutionAccounts: [systemAccount(3_000_000)],
            unitsConsumed: 150,
            returnData: null,
          },
        ],
      },
    });
    expect(await h.connection.getBalance(watched.publicKey)).toBe(2_000_000);

    const verified = await rpc(h.server.url, "simulateBundle", [
      { encodedTransactions: base64([first, tampered]) },
      { ...config, skipSigVerify: false },
    ]);
    expect(verified.error).toEqual({ code: -32003, message: "Transaction signature verification failure" });

    const mismatch = await rpc(h.server.url, "simulateBundle", [
      { encodedTransactions: base64([first, second]) },
      { preExecutionAccountsConfigs: [null] },
    ]);
    expect(mismatch.error).toEqual({
      code: -32602,
      message: "pre/post_execution_accounts_configs must be equal in length to the number of transactions",
    });
  });

  it("reports the first failing transaction of a simulated bundle", async () => {
    const payer = await funded(h, 5_000_000n);
    const failing = signed(h, payer, [transfer(payer, tip, 20_000_000)]).serialize();
    const [tipped] = await tipping(1);
    const reply = await rpc(h.server.url, "simulateBundle", [{ encodedTransactions: base64([tipped!, failing]) }]);
    const err = { InstructionError: [0, { Custom: 1 }] };
    expect(reply.result.value.summary).toEqual({
      failed: {
        error: { TransactionFailure: [[...failing.subarray(1, 65)], "Error processing Instruction 0: custom program error: 0x1"] },
        txSignature: signatureOf(failing),
      },
    });
    expect(reply.result.value.transactionResults.map((r: any) => r.err)).toEqual([null, err]);
    expect(reply.result.value.transactionResults[1].logs).toEqual([
      `Program ${SYSTEM} invoke [1]`,
      "Program log: Transfer: insufficient lamports 4995000, need 20000000",
      `Program ${SYSTEM} failed: custom program error: 0x1`,
    ]);
  });
});
