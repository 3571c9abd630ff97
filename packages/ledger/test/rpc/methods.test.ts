import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type ParsedAccountData,
} from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../src/account.js";
import { emptyMeta, TIP_ACCOUNTS } from "./fake-ledger.js";
import { post, rpc, startHarness, type Harness } from "./harness.js";

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
const RENT_EXEMPT = 0xffff_ffff_ffff_ffffn;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    // Stands in for the token parser: recognises 82-byte token program accounts as mints.
    parseAccount: (account, lookup) =>
      account.owner === TOKEN_PROGRAM && account.data.length === 82
        ? {
            parsed: { info: { decimals: account.data[44], lookedUp: lookup(TOKEN_PROGRAM) === undefined }, type: "mint" },
            program: "spl-token",
            space: 82,
          }
        : null,
  });
});
afterAll(async () => {
  await h.close();
});

function account(lamports: bigint, data: Buffer, owner = "11111111111111111111111111111111"): Account {
  return { lamports, data, owner, executable: false, rentEpoch: RENT_EXEMPT };
}

function mintData(supply: bigint, decimals: number): Buffer {
  const data = Buffer.alloc(82);
  data.writeBigUInt64LE(supply, 36);
  data[44] = decimals;
  data[45] = 1;
  return data;
}

function tokenAccountData(mint: PublicKey, owner: PublicKey, amount: bigint): Buffer {
  const data = Buffer.alloc(165);
  mint.toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data[108] = 1;
  return data;
}

function signed(payer: Keypair, ...ixs: TransactionInstruction[]): Transaction {
  const tx = new Transaction().add(...ixs);
  tx.feePayer = payer.publicKey;
  tx.recentBlockhash = h.ledger.latestBlockhash().blockhash;
  tx.sign(payer);
  return tx;
}

describe("chain state", () => {
  it("serves slot, heights, blockhash, version and health", async () => {
    expect(await h.connection.getSlot()).toBe(100);
    expect(await h.connection.getBlockHeight()).toBe(90);
    const latest = await h.connection.getLatestBlockhash();
    expect(latest).toEqual({ blockhash: h.ledger.latestBlockhash().blockhash, lastValidBlockHeight: 240 });
    expect(await h.connection.getVersion()).toEqual({ "solana-core": "2.1.0", "feature-set": expect.any(Number) });
    expect(await h.connection.getGenesisHash()).toBe(h.ledger.genesisHash);
    expect(await h.connection.getEpochInfo()).toEqual({
      absoluteSlot: 100,
      blockHeight: 90,
      epoch: 0,
      slotIndex: 100,
      slotsInEpoch: 432000,
      transactionCount: expect.any(Number),
    });
    expect((await h.connection.isBlockhashValid(latest.blockhash)).value).toBe(true);
    expect((await h.connection.isBlockhashValid(bs58.encode(Buffer.alloc(32, 9)))).value).toBe(false);
    expect(await h.connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    expect(await h.connection.getRecentPrioritizationFees()).toEqual([{ slot: 100, prioritizationFee: 0 }]);
    expect(await h.connection.getRecentPerformanceSamples(5)).toEqual([
      { slot: 100, numTransactions: 10, numNonVoteTransactions: 10, numSlots: 150, samplePeriodSecs: 60 },
    ]);
    expect((await rpc(h.server.url, "getRecentPerformanceSamples", [721])).error).toEqual({
      code: -32602,
      message: "Invalid limit; max 720",
    });
    expect((await rpc(h.server.url, "getTipAccounts")).result).toEqual(TIP_ACCOUNTS);
  });
});

describe("accounts", () => {
  const owner = Keypair.generate().publicKey;
  const program = Keypair.generate().publicKey;
  const a = Keypair.generate().publicKey;
  const b = Keypair.generate().publicKey;
  const c = Keypair.generate().publicKey;
  beforeAll(() => {
    h.ledger.setAccount(owner.toBase58(), account(5_000_000n, Buffer.alloc(0)), false);
    const dataA = Buffer.alloc(40, 7);
    owner.toBuffer().copy(dataA, 8);
    h.ledger.setAccount(a.toBase58(), account(1n, dataA, program.toBase58()), false);
    h.ledger.setAccount(b.toBase58(), account(2n, Buffer.alloc(40, 7), program.toBase58()), false);
    h.ledger.setAccount(c.toBase58(), account(3n, Buffer.alloc(200, 1), program.toBase58()), false);
  });

  it("reads balances and accounts through web3.js", async () => {
    expect(await h.connection.getBalance(owner)).toBe(5_000_000);
    expect(await h.connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    const info = await h.connection.getAccountInfo(a);
    expect(info?.owner.toBase58()).toBe(program.toBase58());
    expect(info?.lamports).toBe(1);
    expect(info?.data.length).toBe(40);
    expect(await h.connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();
    const many = await h.connection.getMultipleAccountsInfo([a, Keypair.generate().publicKey, c]);
    expect(many.map((x) => x?.lamports ?? null)).toEqual([1, null, 3]);
  });

  it("filters program accounts by memcmp (base58 and base64) and dataSize, and slices data", async () => {
    const byOwner = await h.connection.getProgramAccounts(program, { filters: [{ memcmp: { offset: 8, bytes: owner.toBase58() } }] });
    expect(byOwner.map((x) => x.pubkey.toBase58())).toEqual([a.toBase58()]);
    const bySize = await h.connection.getProgramAccounts(program, { filters: [{ dataSize: 40 }] });
    expect(bySize.map((x) => x.pubkey.toBase58()).sort()).toEqual([a.toBase58(), b.toBase58()].sort());
    const base64 = await rpc(h.server.url, "getProgramAccounts", [
      program.toBase58(),
      {
        encoding: "base64",
        filters: [{ memcmp: { offset: 0, bytes: Buffer.alloc(8, 7).toString("base64"), encoding: "base64" } }, { dataSize: 40 }],
      },
    ]);
    expect(base64.result.map((x: any) => x.pubkey).sort()).toEqual([a.toBase58(), b.toBase58()].sort());
    const sliced = await h.connection.getProgramAccounts(program, { filters: [{ dataSize: 200 }], dataSlice: { offset: 198, length: 10 } });
    expect(sliced).toHaveLength(1);
    expect([...sliced[0].account.data]).toEqual([1, 1]);
    const withContext = await rpc(h.server.url, "getProgramAccounts", [
      program.toBase58(),
      { encoding: "base64", withContext: true, filters: [{ dataSize: 1 }] },
    ]);
    expect(withContext.result).toEqual({ context: { apiVersion: "2.1.0", slot: 100 }, value: [] });
  });

  it("refuses base58 for more than 128 bytes and too many filters", async () => {
    const tooLong = await rpc(h.server.url, "getAccountInfo", [c.toBase58(), { encoding: "base58" }]);
    expect(tooLong.error).toEqual({
      code: -32600,
      message: "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.",
    });
    const ok = await rpc(h.server.url, "getAccountInfo", [a.toBase58(), { encoding: "base58" }]);
    expect(ok.result.value.data).toEqual([bs58.encode(h.ledger.accounts.get(a.toBase58())!.data), "base58"]);
    const legacy = await rpc(h.server.url, "getAccountInfo", [a.toBase58()]);
    expect(legacy.result.value.data).toBe(bs58.encode(h.ledger.accounts.get(a.toBase58())!.data));
    const sliced = await rpc(h.server.url, "getAccountInfo", [c.toBase58(), { encoding: "base58", dataSlice: { offset: 0, length: 4 } }]);
    expect(sliced.result.value.data).toEqual([bs58.encode(Buffer.alloc(4, 1)), "base58"]);
    const zstd = await rpc(h.server.url, "getAccountInfo", [c.toBase58(), { encoding: "base64+zstd" }]);
    expect(zstd.error.code).toBe(-32602);
    const filters = await rpc(h.server.url, "getProgramAccounts", [
      program.toBase58(),
      { filters: [{ dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }] },
    ]);
    expect(filters.error).toEqual({ code: -32602, message: "Too many filters provided; max 4" });
  });

  it("encodes jsonParsed with the injected parser, falling back to base64", async () => {
    const mint = Keypair.generate().publicKey;
    h.ledger.setAccount(mint.toBase58(), account(1_461_600n, mintData(1_500_000n, 6), TOKEN_PROGRAM), false);
    const parsed = await h.connection.getParsedAccountInfo(mint);
    expect((parsed.value?.data as ParsedAccountData).parsed).toEqual({ info: { decimals: 6, lookedUp: true }, type: "mint" });
    const fallback = await rpc(h.server.url, "getAccountInfo", [a.toBase58(), { encoding: "jsonParsed" }]);
    expect(fallback.result.value.data).toEqual([h.ledger.accounts.get(a.toBase58())!.data.toString("base64"), "base64"]);
  });
});

describe("token methods", () => {
  const mint = Keypair.generate().publicKey;
  const holder = Keypair.generate().publicKey;
  const tokenAccount = Keypair.generate().publicKey;
  beforeAll(() => {
    h.ledger.setAccount(mint.toBase58(), account(1_461_600n, mintData(1_500_000n, 6), TOKEN_PROGRAM), false);
    h.ledger.setAccount(tokenAccount.toBase58(), account(2_039_280n, tokenAccountData(mint, holder, 400_000n), TOKEN_PROGRAM), false);
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
    const byProgram = await h.connection.getTokenAccountsByOwner(holder, { programId: new PublicKey(TOKEN_PROGRAM) });
    expect(byProgram.value).toHaveLength(1);
    const largest = await h.connection.getTokenLargestAccounts(mint);
    expect(largest.value.map((x) => [x.address.toBase58(), x.amount])).toEqual([[tokenAccount.toBase58(), "400000"]]);
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
    const payer = Keypair.generate();
    const to = Keypair.generate().publicKey;
    const tx = signed(payer, SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1000 }));
    h.ledger.nextMeta = emptyMeta({
      preBalances: [10_000_000n, 0n, 1n],
      postBalances: [9_994_000n, 1000n, 1n],
      logMessages: ["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"],
      innerInstructions: [{ index: 0, instructions: [{ programIdIndex: 2, accounts: [0, 1], data: "3Bxs4h24hBtQy9rw", stackHeight: 2 }] }],
      returnData: { programId: "11111111111111111111111111111111", data: Buffer.from("hi") },
    });
    const signature = await h.connection.sendRawTransaction(tx.serialize());
    expect(signature).toBe(bs58.encode(tx.signature!));
    expect(h.ledger.calls.filter((c) => c.method === "sendTransaction").at(-1)?.args[1]).toEqual({ skipPreflight: false });

    await new Promise((r) => setImmediate(r));
    const statuses = await h.connection.getSignatureStatuses([signature, bs58.encode(Buffer.alloc(64, 3))]);
    expect(statuses.value).toEqual([
      { slot: 100, confirmations: null, err: null, status: { Ok: null }, confirmationStatus: "finalized" },
      null,
    ]);

    const raw = await rpc(h.server.url, "getTransaction", [signature, { encoding: "json", commitment: "confirmed" }]);
    const keys = tx.compileMessage().accountKeys.map((k) => k.toBase58());
    expect(raw.result).toEqual({
      slot: 100,
      transaction: {
        signatures: [signature],
        message: {
          header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
          accountKeys: keys,
          recentBlockhash: tx.recentBlockhash,
          instructions: [{ programIdIndex: 2, accounts: [0, 1], data: bs58.encode(tx.instructions[0].data), stackHeight: null }],
        },
      },
      meta: {
        err: null,
        status: { Ok: null },
        fee: 5000,
        preBalances: [10_000_000, 0, 1],
        postBalances: [9_994_000, 1000, 1],
        innerInstructions: [
          { index: 0, instructions: [{ programIdIndex: 2, accounts: [0, 1], data: "3Bxs4h24hBtQy9rw", stackHeight: 2 }] },
        ],
        logMessages: ["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"],
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        returnData: { programId: "11111111111111111111111111111111", data: ["aGk=", "base64"] },
        computeUnitsConsumed: 150,
      },
      blockTime: 1_700_000_000,
    });

    const viaWeb3 = await h.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(viaWeb3?.version).toBe("legacy");
    expect(viaWeb3?.meta?.postBalances).toEqual([9_994_000, 1000, 1]);
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

  it("passes skipPreflight through", async () => {
    const payer = Keypair.generate();
    const tx = signed(payer, SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }));
    await h.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    expect(h.ledger.calls.filter((c) => c.method === "sendTransaction").at(-1)?.args[1]).toEqual({ skipPreflight: true });
  });

  it("refuses a v0 transaction to a client that did not ask for versions", async () => {
    const payer = Keypair.generate();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: h.ledger.latestBlockhash().blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
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

  it("lists signatures for an address with memos", async () => {
    const payer = Keypair.generate();
    const tx = signed(payer, new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from("hello") }));
    const signature = await h.connection.sendRawTransaction(tx.serialize());
    const history = await h.connection.getSignaturesForAddress(payer.publicKey, { limit: 1 });
    expect(history).toEqual([
      { signature, slot: 100, err: null, memo: "[5] hello", blockTime: 1_700_000_000, confirmationStatus: "finalized" },
    ]);
    expect((await rpc(h.server.url, "getSignaturesForAddress", [payer.publicKey.toBase58(), { limit: 1001 }])).error).toEqual({
      code: -32602,
      message: "Invalid limit; max 1000",
    });
  });

  it("simulates with the options passed through and returns accounts", async () => {
    const payer = Keypair.generate();
    h.ledger.setAccount(payer.publicKey.toBase58(), account(7n, Buffer.alloc(0)), false);
    const tx = signed(payer, SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }));
    const result = await rpc(h.server.url, "simulateTransaction", [
      tx.serialize().toString("base64"),
      {
        encoding: "base64",
        replaceRecentBlockhash: true,
        accounts: { addresses: [payer.publicKey.toBase58()], encoding: "base64" },
        innerInstructions: true,
      },
    ]);
    expect(h.ledger.calls.filter((c) => c.method === "simulateTransaction").at(-1)?.args[1]).toEqual({
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: [payer.publicKey.toBase58()],
    });
    expect(result.result.value).toMatchObject({
      err: null,
      logs: ["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"],
      accounts: [
        {
          lamports: 7,
          data: ["", "base64"],
          owner: "11111111111111111111111111111111",
          executable: false,
          rentEpoch: 18446744073709552000,
          space: 0,
        },
      ],
      unitsConsumed: 150,
      returnData: null,
      innerInstructions: [],
      replacementBlockhash: { blockhash: h.ledger.latestBlockhash().blockhash, lastValidBlockHeight: 240 },
    });
    const both = await rpc(h.server.url, "simulateTransaction", [
      tx.serialize().toString("base64"),
      { encoding: "base64", sigVerify: true, replaceRecentBlockhash: true },
    ]);
    expect(both.error).toEqual({ code: -32602, message: "sigVerify may not be used with replaceRecentBlockhash" });
    const web3 = await h.connection.simulateTransaction(tx);
    expect(web3.value.err).toBeNull();
  });

  it("prices messages", async () => {
    const payer = Keypair.generate();
    const tx = signed(payer, SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }));
    expect((await h.connection.getFeeForMessage(tx.compileMessage())).value).toBe(5000);
  });
});

describe("bundles", () => {
  function wires(n: number): string[] {
    return Array.from({ length: n }, () => {
      const payer = Keypair.generate();
      return signed(
        payer,
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(TIP_ACCOUNTS[0]), lamports: 1000 }),
      )
        .serialize()
        .toString("base64");
    });
  }
  const bundlesUrl = (): string => `${h.server.url}/api/v1/bundles`;

  it("sends a bundle and reports its status", async () => {
    const sent = await rpc(bundlesUrl(), "sendBundle", [wires(2), { encoding: "base64" }]);
    expect(typeof sent.result).toBe("string");
    const statuses = await rpc(bundlesUrl(), "getBundleStatuses", [[sent.result, "unknown"]]);
    expect(statuses.result).toEqual({
      context: { apiVersion: "2.1.0", slot: 100 },
      value: [
        { bundle_id: sent.result, transactions: expect.any(Array), slot: 100, confirmation_status: "finalized", err: { Ok: null } },
        null,
      ],
    });
    expect((await rpc(bundlesUrl(), "getTipAccounts", [])).result).toHaveLength(8);
  });

  it("refuses empty and oversized bundles, and bundle methods on the wrong endpoint", async () => {
    expect((await rpc(bundlesUrl(), "sendBundle", [wires(6), { encoding: "base64" }])).error).toEqual({
      code: -32602,
      message: "bundle must contain between 1 and 5 transactions",
    });
    expect((await rpc(bundlesUrl(), "sendBundle", [[], { encoding: "base64" }])).error.code).toBe(-32602);
    expect((await rpc(h.server.url, "sendBundle", [wires(1)])).error.code).toBe(-32601);
    expect((await rpc(bundlesUrl(), "getBalance", [TIP_ACCOUNTS[0]])).error.code).toBe(-32601);
  });

  it("simulates a bundle on the main endpoint with account snapshots", async () => {
    const watched = Keypair.generate().publicKey.toBase58();
    h.ledger.setAccount(watched, account(42n, Buffer.from([1, 2, 3])), false);
    const reply = await rpc(h.server.url, "simulateBundle", [
      { encodedTransactions: wires(2) },
      {
        preExecutionAccountsConfigs: [{ addresses: [watched], encoding: "base64" }, null],
        postExecutionAccountsConfigs: [null, { addresses: [watched] }],
        skipSigVerify: true,
      },
    ]);
    expect(reply.result.value.summary).toBe("succeeded");
    expect(reply.result.value.transactionResults).toHaveLength(2);
    expect(reply.result.value.transactionResults[0].preExecutionAccounts).toEqual([
      {
        lamports: 42,
        data: ["AQID", "base64"],
        owner: "11111111111111111111111111111111",
        executable: false,
        rentEpoch: 18446744073709552000,
        space: 3,
      },
    ]);
    expect(reply.result.value.transactionResults[0].postExecutionAccounts).toBeNull();
    expect(reply.result.value.transactionResults[1].postExecutionAccounts[0].lamports).toBe(42);
    expect(h.ledger.calls.at(-1)?.args[1]).toEqual({
      preExecutionAccounts: [[watched], null],
      postExecutionAccounts: [null, [watched]],
      skipSigVerify: true,
      replaceRecentBlockhash: false,
    });
    const mismatch = await rpc(h.server.url, "simulateBundle", [
      { encodedTransactions: wires(2) },
      { preExecutionAccountsConfigs: [null] },
    ]);
    expect(mismatch.error.code).toBe(-32602);
  });
});
