// Transaction routes against a real market, called through the SDK's own client: simulations agree with the
// ledger's, sends land (or fail with the program error's description), bundles land atomically, and malformed
// requests are refused with the field named.
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type AccountMeta,
  type TransactionInstruction,
} from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeBank, decodeMarginfiAccount, i80f48 as fx, type Bank } from "@ballast/protocol";
import {
  TIP_ACCOUNTS,
  borrowInstruction,
  computeBudgetInstructions,
  depositInstruction,
  encodeTransaction,
  fetchBundleStatus,
  postTransactionSend,
  postTransactionSendBundle,
  postTransactionSimulate,
  riskAccounts,
  signatureOf,
  simulateBundle,
  tipInstruction,
} from "@ballast/sdk";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { decodeWireTransaction, MAX_ENCODED_TRANSACTION_LENGTH } from "../src/chain/transactions.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const RISK_ENGINE_REJECTED = "RiskEngine rejected due to either bad health or stale oracles";

let market: TestMarket;
let server: RunningServer;
let sol: TestBank;
let usdc: TestBank;

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 20 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  await market.deposit(await market.newUser(), usdc, 1_000n * USDC);
  server = await startTestServer(market);
});
afterAll(async () => {
  await server.close();
  await market.close();
});

async function banks(): Promise<Map<string, Bank>> {
  const loaded = new Map<string, Bank>();
  for (const bank of [sol, usdc]) loaded.set(bank.key.toBase58(), decodeBank((await market.connection.getAccountInfo(bank.key))!.data));
  return loaded;
}

/** A user holding `tokens` SOL-bank tokens in their wallet, nothing deposited yet. */
async function walletWithTokens(tokens: bigint): Promise<TestUser> {
  const user = await market.newUser();
  await market.fund(user, sol, tokens);
  await market.tokenAccount(user, usdc);
  return user;
}

/** A signed v0 transaction at a fresh blockhash (the manual clock otherwise keeps it): identical instructions differ. */
async function signed(payer: Keypair, instructions: TransactionInstruction[], sign = true): Promise<VersionedTransaction> {
  market.ledger.warpToTime(market.now());
  const { blockhash } = await market.connection.getLatestBlockhash();
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: blockhash,
    instructions: [...computeBudgetInstructions(400_000, 1), ...instructions],
  }).compileToV0Message();
  const transaction = new VersionedTransaction(message);
  if (sign) transaction.sign([payer]);
  return transaction;
}

function accounts(user: TestUser, bank: TestBank) {
  return { group: market.group, marginfiAccount: user.account, authority: user.wallet.publicKey, bank: bank.key, programId: PROGRAM };
}

function deposit(user: TestUser, amount: bigint): TransactionInstruction {
  const source = getAssociatedTokenAddressSync(sol.mint, user.wallet.publicKey);
  return depositInstruction({ ...accounts(user, sol), signerTokenAccount: source, amount });
}

/** A USDC borrow valued with the SOL and USDC balances, whether or not the SOL deposit has landed yet. */
async function borrow(user: TestUser, amount: bigint): Promise<TransactionInstruction> {
  const account = decodeMarginfiAccount((await market.connection.getAccountInfo(user.account))!.data);
  const risk: AccountMeta[] = riskAccounts(account, await banks(), { add: [sol.key, usdc.key] });
  const destination = getAssociatedTokenAddressSync(usdc.mint, user.wallet.publicKey);
  return borrowInstruction({ ...accounts(user, usdc), destinationTokenAccount: destination, amount, riskAccounts: risk });
}

async function shares(user: TestUser) {
  const account = decodeMarginfiAccount((await market.connection.getAccountInfo(user.account, "confirmed"))!.data);
  return account.lendingAccount.balances
    .filter((b) => b.active !== 0)
    .map((b) => ({ bank: b.bankPk, asset: fx.toDecimal(b.assetShares), liability: fx.toDecimal(b.liabilityShares) }))
    .sort((a, b) => (a.bank < b.bank ? -1 : 1));
}

const expected = (entries: { bank: TestBank; asset: string; liability: string }[]) =>
  entries.map((e) => ({ bank: e.bank.key.toBase58(), asset: e.asset, liability: e.liability })).sort((a, b) => (a.bank < b.bank ? -1 : 1));

async function landedStatus(signature: string) {
  return (await market.connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value;
}

describe("POST /api/transaction/simulate", () => {
  it("simulates a real deposit: the compute units and logs the ledger's own simulation reports, state untouched", async () => {
    const user = await walletWithTokens(5n * SOL);
    const tx = await signed(user.wallet, [deposit(user, 2n * SOL)]);
    const reply = await postTransactionSimulate(server.url, [tx]);
    const own = (await market.connection.simulateTransaction(tx, { sigVerify: false, replaceRecentBlockhash: true })).value;
    expect(own.err).toBeNull();
    expect(own.unitsConsumed).toBeGreaterThan(0);
    expect(reply).toEqual({
      success: true,
      data: { unitsConsumed: own.unitsConsumed, logs: own.logs, transactions: [{ unitsConsumed: own.unitsConsumed, logs: own.logs }] },
    });
    expect(await shares(user)).toEqual([]);

    // Signatures verified over the signed blockhash: the same answer.
    const verified = await postTransactionSimulate(server.url, [tx], { skipSigVerify: false, replaceRecentBlockhash: false });
    expect(verified.success).toBe(true);
    expect(verified.data?.unitsConsumed).toBe(own.unitsConsumed);
  });

  it("simulates an unsigned transaction when signatures are skipped, and refuses it when they are verified", async () => {
    const user = await walletWithTokens(5n * SOL);
    const tx = await signed(user.wallet, [deposit(user, SOL)], false);
    const skipped = await postTransactionSimulate(server.url, [tx]);
    expect(skipped.success).toBe(true);
    expect(skipped.data!.unitsConsumed).toBeGreaterThan(0);
    const verified = await api(server, "POST", "/api/transaction/simulate", {
      transactions: [encodeTransaction(tx)],
      config: { skipSigVerify: false, replaceRecentBlockhash: false },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: false,
      error: "Transaction signature verification failure",
      errorType: "simulation",
      details: { failedIndex: 0, logs: [], programId: null, code: null },
    });
  });

  it("returns simulationBank as the transaction leaves it", async () => {
    const user = await walletWithTokens(5n * SOL);
    const before = decodeBank((await market.connection.getAccountInfo(sol.key))!.data);
    const tx = await signed(user.wallet, [deposit(user, 3n * SOL)]);
    const reply = await postTransactionSimulate(server.url, [tx], {
      skipSigVerify: true,
      replaceRecentBlockhash: true,
      simulationBank: sol.key.toBase58(),
    });
    const listedSol = (await server.context.markets.bankDtos()).find((b) => b.bank_address === sol.key.toBase58())!;
    const bank = reply.data!.simulationBank!;
    // Share value 1 (nothing borrowed): 3 SOL more in shares and nothing else moved but the deposit's bookkeeping.
    expect(bank.total_asset_shares).toBe(fx.toDecimal(fx.add(before.totalAssetShares, fx.fromInt(3n * SOL))));
    expect(bank).toEqual({ ...listedSol, total_asset_shares: bank.total_asset_shares, last_update: bank.last_update });
    expect(decodeBank((await market.connection.getAccountInfo(sol.key))!.data).totalAssetShares).toBe(before.totalAssetShares);
  });

  it("refuses a simulationBank that is not a bank of the group", async () => {
    const user = await walletWithTokens(SOL);
    const tx = await signed(user.wallet, [deposit(user, SOL)]);
    const stranger = Keypair.generate().publicKey.toBase58();
    const { status, body } = await api(server, "POST", "/api/transaction/simulate", {
      transactions: [encodeTransaction(tx)],
      config: { skipSigVerify: true, replaceRecentBlockhash: true, simulationBank: stranger },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: `Bank ${stranger} not found`, details: { field: "body.config.simulationBank" } });
  });

  it("simulates several transactions as one bundle, as the ledger's simulateBundle does", async () => {
    const user = await walletWithTokens(5n * SOL);
    const txs = [await signed(user.wallet, [deposit(user, 2n * SOL)]), await signed(user.wallet, [await borrow(user, 10n * USDC)])];
    const reply = await postTransactionSimulate(server.url, txs);
    const own = await simulateBundle(market.net.rpc.url, txs);
    expect(own.summary).toBe("succeeded");
    const results = own.transactionResults.map((r) => ({ unitsConsumed: r.unitsConsumed, logs: r.logs }));
    expect(reply).toEqual({
      success: true,
      data: {
        unitsConsumed: results[0]!.unitsConsumed! + results[1]!.unitsConsumed!,
        logs: [...results[0]!.logs, ...results[1]!.logs],
        transactions: results,
      },
    });
    expect(results[1]!.unitsConsumed).toBeGreaterThan(0);
    expect(await shares(user)).toEqual([]);
  });

  it("answers a failing transaction with success false and the program error's description (HTTP 200)", async () => {
    const user = await walletWithTokens(5n * SOL);
    await market.send(deposit(user, SOL), [user.wallet]);
    const tx = await signed(user.wallet, [await borrow(user, 100n * USDC)]);
    const { status, body } = await api(server, "POST", "/api/transaction/simulate", {
      transactions: [encodeTransaction(tx)],
      config: { skipSigVerify: true, replaceRecentBlockhash: true },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      error: RISK_ENGINE_REJECTED,
      errorType: "simulation",
      details: { failedIndex: 0, err: { InstructionError: [2, { Custom: 6009 }] }, programId: PROGRAM.toBase58(), code: 6009 },
    });
    expect(body.details.logs).toContain(`Program ${PROGRAM.toBase58()} failed: custom program error: 0x1779`);

    // In a bundle, the failing transaction is named.
    const bundle = [await signed(user.wallet, [deposit(user, SOL)]), tx];
    const failed = await postTransactionSimulate(server.url, bundle);
    expect(failed).toMatchObject({
      success: false,
      error: RISK_ENGINE_REJECTED,
      errorType: "simulation",
      details: { failedIndex: 1, code: 6009 },
    });
  });
});

describe("POST /api/transaction/send", () => {
  it("sends a real deposit that lands, and answers with its signature", async () => {
    const user = await walletWithTokens(5n * SOL);
    const tx = await signed(user.wallet, [deposit(user, 2n * SOL)]);
    const reply = await postTransactionSend(server.url, [tx]);
    expect(reply).toEqual({ success: true, data: [signatureOf(tx)] });
    expect(await shares(user)).toEqual(expected([{ bank: sol, asset: "2000000000", liability: "0" }]));
    expect((await landedStatus(signatureOf(tx)))?.err).toBeNull();
    // Sending it again counts as sent: a client's retry resumes instead of failing.
    expect(await postTransactionSend(server.url, [tx])).toEqual({ success: true, data: [signatureOf(tx)] });
    expect(await shares(user)).toEqual(expected([{ bank: sol, asset: "2000000000", liability: "0" }]));
  });

  it("sends several in order, each confirmed before the next", async () => {
    const user = await walletWithTokens(5n * SOL);
    const txs = [await signed(user.wallet, [deposit(user, 3n * SOL)]), await signed(user.wallet, [await borrow(user, 12n * USDC)])];
    const reply = await postTransactionSend(server.url, txs);
    expect(reply).toEqual({ success: true, data: txs.map(signatureOf) });
    expect(await shares(user)).toEqual(
      expected([
        { bank: sol, asset: "3000000000", liability: "0" },
        { bank: usdc, asset: "0", liability: "12000000" },
      ]),
    );
  });

  it("stops at a failing transaction with its program error, naming what landed before it", async () => {
    const user = await walletWithTokens(5n * SOL);
    const first = await signed(user.wallet, [deposit(user, SOL)]);
    const second = await signed(user.wallet, [await borrow(user, 100n * USDC)]);
    const third = await signed(user.wallet, [deposit(user, 2n * SOL)]);
    const { status, body } = await api(server, "POST", "/api/transaction/send", {
      transactions: [first, second, third].map(encodeTransaction),
      config: { skipSigVerify: false, confirmCommitment: "confirmed" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      error: RISK_ENGINE_REJECTED,
      errorType: "sending",
      details: { signaturesLanded: [signatureOf(first)], failedIndex: 1, programId: PROGRAM.toBase58(), code: 6009 },
    });
    expect(body.details.logs.length).toBeGreaterThan(0);
    expect(await shares(user)).toEqual(expected([{ bank: sol, asset: "1000000000", liability: "0" }]));
    expect(await landedStatus(signatureOf(third))).toBeNull();
  });

  it("with preflight skipped, a failing transaction lands failed and is reported the same way", async () => {
    const user = await walletWithTokens(5n * SOL);
    await market.send(deposit(user, SOL), [user.wallet]);
    const tx = await signed(user.wallet, [await borrow(user, 100n * USDC)]);
    const reply = await postTransactionSend(server.url, [tx], { skipSigVerify: true, confirmCommitment: "confirmed" });
    expect(reply).toMatchObject({
      success: false,
      error: RISK_ENGINE_REJECTED,
      errorType: "sending",
      details: { signaturesLanded: [], failedIndex: 0, code: 6009 },
    });
    expect((await landedStatus(signatureOf(tx)))?.err).toEqual({ InstructionError: [2, { Custom: 6009 }] });
  });
});

describe("POST /api/transaction/send-bundle", () => {
  it("lands a tipped bundle of two transactions atomically and answers with the bundle id", async () => {
    const user = await walletWithTokens(5n * SOL);
    const txs = [
      await signed(user.wallet, [deposit(user, 4n * SOL)]),
      await signed(user.wallet, [await borrow(user, 30n * USDC), tipInstruction(user.wallet.publicKey, 50_000, TIP_ACCOUNTS[3])]),
    ];
    const reply = await postTransactionSendBundle(server.url, txs);
    expect(reply.success).toBe(true);
    const status = await fetchBundleStatus(`${market.net.rpc.url}/api/v1/bundles`, reply.data!);
    expect(status).toMatchObject({ bundle_id: reply.data, transactions: txs.map(signatureOf), err: { Ok: null } });
    for (const tx of txs) expect((await landedStatus(signatureOf(tx)))?.err).toBeNull();
    expect(await shares(user)).toEqual(
      expected([
        { bank: sol, asset: "4000000000", liability: "0" },
        { bank: usdc, asset: "0", liability: "30000000" },
      ]),
    );
  });

  it("lands nothing when one transaction fails, with the program error", async () => {
    const user = await walletWithTokens(5n * SOL);
    const txs = [
      await signed(user.wallet, [deposit(user, SOL)]),
      await signed(user.wallet, [await borrow(user, 100n * USDC), tipInstruction(user.wallet.publicKey, 50_000, TIP_ACCOUNTS[0])]),
    ];
    const reply = await postTransactionSendBundle(server.url, txs);
    expect(reply).toMatchObject({
      success: false,
      error: `API bundle failed: ${RISK_ENGINE_REJECTED}`,
      errorType: "sending",
      details: { bundleId: null, code: 6009 },
    });
    expect(await shares(user)).toEqual([]);
    expect(await landedStatus(signatureOf(txs[0]!))).toBeNull();
  });

  it("refuses a bundle without a tip, in the block engine's words", async () => {
    const user = await walletWithTokens(5n * SOL);
    const reply = await postTransactionSendBundle(server.url, [await signed(user.wallet, [deposit(user, SOL)])]);
    expect(reply).toEqual({
      success: false,
      error: "API bundle failed: bundle must tip at least 1000 lamports to one of the tip accounts",
      errorType: "sending",
      details: { bundleId: null, logs: [], programId: null, code: null },
    });
    expect(await shares(user)).toEqual([]);
  });
});

describe("malformed requests", () => {
  const payer = Keypair.generate();
  let valid: string;
  beforeAll(async () => {
    const { blockhash } = await market.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: PublicKey.default, lamports: 1 })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    valid = encodeTransaction(tx);
  });

  it("are refused with 400 naming the field, on every transaction route", async () => {
    const withTrailingByte = Buffer.concat([Buffer.from(valid, "base64"), Buffer.from([0])]).toString("base64");
    const cases: [unknown, string, string][] = [
      [{}, "body.transactions", "Invalid body.transactions: Invalid input: expected array, received undefined"],
      [{ transactions: [] }, "body.transactions", "Invalid body.transactions: at least one transaction is required"],
      [{ transactions: new Array(6).fill(valid) }, "body.transactions", "Invalid body.transactions: at most 5 transactions"],
      [{ transactions: [valid, "not base64!"] }, "body.transactions.1", "Invalid body.transactions.1: not base64"],
      [{ transactions: [""] }, "body.transactions.0", "Invalid body.transactions.0: not base64"],
      [{ transactions: ["AAAA"] }, "body.transactions.0", "Invalid body.transactions.0: not a serialized transaction"],
      [{ transactions: [withTrailingByte] }, "body.transactions.0", "Invalid body.transactions.0: not a serialized transaction"],
      [
        { transactions: ["A".repeat(MAX_ENCODED_TRANSACTION_LENGTH + 4)] },
        "body.transactions.0",
        "Invalid body.transactions.0: larger than 1232 bytes",
      ],
      [
        { transactions: [Buffer.alloc(1233).toString("base64")] },
        "body.transactions.0",
        "Invalid body.transactions.0: larger than 1232 bytes",
      ],
      [{ transactions: [7] }, "body.transactions.0", "Invalid body.transactions.0: Invalid input: expected string, received number"],
    ];
    for (const path of ["/api/transaction/simulate", "/api/transaction/send", "/api/transaction/send-bundle"]) {
      for (const [request, field, error] of cases) {
        const { status, body } = await api(server, "POST", path, request);
        expect(status).toBe(400);
        expect(body).toMatchObject({ success: false, field, error });
      }
    }
  });

  it("refuse configs the ledger could not honour", async () => {
    const simulate = await api(server, "POST", "/api/transaction/simulate", {
      transactions: [valid],
      config: { skipSigVerify: false, replaceRecentBlockhash: true },
    });
    expect(simulate.status).toBe(400);
    expect(simulate.body).toMatchObject({
      field: "body.config.replaceRecentBlockhash",
      error: "Invalid body.config.replaceRecentBlockhash: requires skipSigVerify: signatures cannot be verified over a replaced blockhash",
    });
    const send = await api(server, "POST", "/api/transaction/send", { transactions: [valid], config: { confirmCommitment: "finalized" } });
    expect(send.status).toBe(400);
    expect(send.body.field).toBe("body.config.confirmCommitment");
    const bank = await api(server, "POST", "/api/transaction/simulate", { transactions: [valid], config: { simulationBank: "x" } });
    expect(bank.status).toBe(400);
    expect(bank.body.field).toBe("body.config.simulationBank");
  });

  it("never crash the decoder: random and mutated bytes decode or are refused (seeded)", async () => {
    let seed = 0x5eed;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const bytes = Buffer.from(valid, "base64");
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const candidate =
        i % 2 === 0
          ? Buffer.from(Array.from({ length: Math.floor(random() * 300) + 1 }, () => Math.floor(random() * 256)))
          : Buffer.from(bytes.map((b) => (random() < 0.02 ? Math.floor(random() * 256) : b))).subarray(
              0,
              bytes.length - (random() < 0.3 ? 1 : 0),
            );
      const decoded = decodeWireTransaction(candidate.toString("base64"));
      if (typeof decoded === "string") {
        expect(["not a serialized transaction", "the transaction has no signatures"]).toContain(decoded);
        refused++;
      } else {
        expect(Buffer.from(decoded.transaction.serialize()).equals(candidate)).toBe(true);
      }
    }
    expect(refused).toBeGreaterThan(200);
    // Through the route, such input is a 400 or an answer: never a server error.
    for (let i = 0; i < 20; i++) {
      const candidate = Buffer.from(bytes.map((b) => (random() < 0.05 ? Math.floor(random() * 256) : b))).toString("base64");
      const { status } = await api(server, "POST", "/api/transaction/simulate", {
        transactions: [candidate],
        config: { skipSigVerify: true, replaceRecentBlockhash: true },
      });
      expect([200, 400]).toContain(status);
    }
  });

  it("answers 502 when the ledger cannot be reached", async () => {
    const offline = await startTestServer(market, { config: { rpcUrl: "http://127.0.0.1:9" } });
    try {
      for (const path of ["/api/transaction/simulate", "/api/transaction/send", "/api/transaction/send-bundle"]) {
        const { status, body } = await api(offline, "POST", path, { transactions: [valid], config: { skipSigVerify: true } });
        expect(status).toBe(502);
        expect(body.success).toBe(false);
        expect(body.error).toMatch(/^The ledger could not be reached: /);
      }
    } finally {
      await offline.close();
    }
  });
});
