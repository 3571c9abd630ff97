// Two lending markets served by one server, on both databases, against real groups on the ledger (and a third group
// the server does not serve): /api/config, banks live and stored, rates, historic points, account addresses per
// market, account info, activity, points and labels for accounts of the second market; nothing of the third.
import { Keypair, PublicKey, Transaction, TransactionInstruction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankOperationalState, programFeesOf } from "@ballast/protocol";
import {
  bankRates,
  initializeAccountInstruction,
  loadMarket,
  midPrice,
  toBankDto,
  toNumber,
  type BankDto,
  type Market,
} from "@ballast/sdk";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { compareAddresses } from "../src/chain/market.js";
import type { MarketSetting, TokenMetadata } from "../src/config.js";
import { historicPoint } from "../src/jobs/bank-history.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";

const BTC = 100_000_000n;
const USDC = 1_000_000n;
/** The servers' clock (unix seconds): 2026-01-01 00:00 UTC. */
const NOW = 1_767_225_600;
const HOUR = 3_600;
const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

let market: TestMarket;
let main: PublicKey;
let second: PublicKey;
let third: PublicKey;
let usdc: TestBank;
let sol: TestBank;
let btc: TestBank;
let stable: TestBank;
let elsewhere: TestBank;
/** Lends USDC in the main market; also owns an empty account in the second market. */
let mainUser: TestUser;
let mainUserSecondAccount: PublicKey;
/** Lends 10,000 stable in the second market. */
let secondLender: TestUser;
/** Deposits 2 BTC and borrows 1,000 stable in the second market. */
let secondUser: TestUser;
/** Deposits in the third group, which the server does not serve. */
let thirdUser: TestUser;
let markets: MarketSetting[];
let tokens: TokenMetadata[];

/** Runs harness calls that act in `group` (new users, their deposits and borrows). */
async function inGroup<T>(group: PublicKey, action: () => Promise<T>): Promise<T> {
  const previous = market.group;
  market.group = group;
  try {
    return await action();
  } finally {
    market.group = previous;
  }
}

beforeAll(async () => {
  market = await TestMarket.start();
  main = market.group;
  usdc = await market.addBank(6, { kind: "pyth", price: 1, conf: 0.001 });
  sol = await market.addBank(9, { kind: "switchboard", price: 150 });
  second = await market.createGroup();
  btc = await market.addBank(8, { kind: "fixed", price: "60000" }, {}, { group: second });
  stable = await market.addBank(6, { kind: "fixed", price: "1" }, {}, { group: second });
  third = await market.createGroup();
  elsewhere = await market.addBank(6, { kind: "fixed", price: "1" }, {}, { group: third });

  mainUser = await market.newUser();
  await market.deposit(mainUser, usdc, 500n * USDC);
  const extra = Keypair.generate();
  await market.send(
    initializeAccountInstruction({
      group: second,
      marginfiAccount: extra.publicKey,
      authority: mainUser.wallet.publicKey,
      feePayer: mainUser.wallet.publicKey,
      programId: PROGRAM,
    }),
    [mainUser.wallet, extra],
  );
  mainUserSecondAccount = extra.publicKey;

  await inGroup(second, async () => {
    secondLender = await market.newUser();
    await market.deposit(secondLender, stable, 10_000n * USDC);
    secondUser = await market.newUser();
    await market.deposit(secondUser, btc, 2n * BTC);
    await market.borrow(secondUser, stable, 1_000n * USDC, [btc, stable]);
  });
  await inGroup(third, async () => {
    thirdUser = await market.newUser();
    await market.deposit(thirdUser, elsewhere, 100n * USDC);
  });

  markets = [
    { group: main.toBase58(), name: "Ballast Main" },
    { group: second.toBase58(), name: "Ballast Bitcoin" },
  ];
  tokens = [
    { mint: usdc.mint.toBase58(), symbol: "USDC", name: "USD Coin", category: "Stablecoins" },
    { mint: btc.mint.toBase58(), symbol: "BTC", name: "Bitcoin", category: "Bitcoin" },
    { mint: sol.mint.toBase58(), symbol: "SOL", name: "Solana" },
  ];
});
afterAll(async () => {
  await market.close();
});

/** Both served markets read straight from the ledger. */
async function snapshots(): Promise<Market[]> {
  return Promise.all(
    [main, second].map((group) => loadMarket(market.connection, { programId: PROGRAM.toBase58(), group: group.toBase58() })),
  );
}

/** The SDK's BankDtos of both markets' banks, ordered by address. */
async function expectedDtos(): Promise<BankDto[]> {
  const all = (await snapshots()).flatMap((m) => [...m.banks.values()]);
  return all
    .filter((p) => p.bank.config.operationalState !== BankOperationalState.KilledByBankruptcy)
    .map((p) => {
      const known = tokens.find((t) => t.mint === p.bank.mint);
      const price = midPrice(p.price);
      return toBankDto(p.address, p.bank, {
        symbol: known?.symbol ?? p.bank.mint.slice(0, 4).toUpperCase(),
        name: known?.name ?? `Token ${p.bank.mint.slice(0, 4)}…${p.bank.mint.slice(-4)}`,
        tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
        usdPrice: price === null ? null : toNumber(price),
        lstApy: null,
        // No liquidation or top-up funds these markets' insurance vaults.
        insuranceVaultBalance: 0n,
      });
    })
    .sort((a, b) => compareAddresses(a.bank_address, b.bank_address));
}

const servedBanks = () => [usdc, sol, btc, stable].map((b) => b.key.toBase58()).sort(compareAddresses);

/** A label for `account` as its authority signs it: an unsent memo transaction. */
async function signedLabel(wallet: Keypair, account: PublicKey, label: string, nonce: string): Promise<string> {
  const { blockhash } = await market.connection.getLatestBlockhash();
  const memo = new TransactionInstruction({
    programId: MEMO_PROGRAM,
    keys: [],
    data: Buffer.from(JSON.stringify({ account: account.toBase58(), label, nonce })),
  });
  const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(memo);
  tx.sign(wallet);
  return tx.serialize().toString("base64");
}

describe.each(DIALECTS)("on %s", (dialect) => {
  let server: RunningServer;
  let clock = NOW;
  beforeAll(async () => {
    server = await startTestServer(market, {
      database: await freshDatabase(dialect),
      config: { markets, tokens },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("GET /api/config names both markets, the main one first, and every token with its category", async () => {
    const { status, body } = await api(server, "GET", "/api/config");
    expect(status).toBe(200);
    expect(body).toEqual({
      programId: PROGRAM.toBase58(),
      cluster: "remote",
      rpcPath: "/rpc",
      authEnabled: true,
      faucet: false,
      priceControl: false,
      markets: [
        { group: main.toBase58(), name: "Ballast Main", main: true },
        { group: second.toBase58(), name: "Ballast Bitcoin", main: false },
      ],
      tokens: [
        { mint: usdc.mint.toBase58(), symbol: "USDC", name: "USD Coin", category: "Stablecoins" },
        { mint: btc.mint.toBase58(), symbol: "BTC", name: "Bitcoin", category: "Bitcoin" },
        { mint: sol.mint.toBase58(), symbol: "SOL", name: "Solana", category: "Other" },
      ],
      explorer: {
        transactionUrl: "https://explorer.solana.com/tx/{signature}",
        addressUrl: "https://explorer.solana.com/address/{address}",
      },
    });
  });

  it("GET /api/banks/rpc lists the banks of both markets, each with its group, and none of the third group", async () => {
    const { status, body } = await api<BankDto[]>(server, "GET", "/api/banks/rpc");
    expect(status).toBe(200);
    expect(body).toEqual(await expectedDtos());
    expect(body.map((b) => b.bank_address)).toEqual(servedBanks());
    expect(Object.fromEntries(body.map((b) => [b.bank_address, b.group_address]))).toEqual({
      [usdc.key.toBase58()]: main.toBase58(),
      [sol.key.toBase58()]: main.toBase58(),
      [btc.key.toBase58()]: second.toBase58(),
      [stable.key.toBase58()]: second.toBase58(),
    });
    const btcDto = body.find((b) => b.bank_address === btc.key.toBase58())!;
    expect(btcDto).toMatchObject({ symbol: "BTC", name: "Bitcoin", mint_decimals: 8, usd_price: 60000 });
  });

  it("GET /api/banks/db holds both markets' banks after the bank-states job", async () => {
    expect(await server.jobs.bankStates.run()).toEqual({ banks: 4 });
    const { body } = await api<BankDto[]>(server, "GET", "/api/banks/db");
    expect(body).toEqual(await expectedDtos());
  });

  it("GET /api/rates covers every bank of both markets with the SDK's rates; no bank has emissions", async () => {
    const { status, body } = await api(server, "GET", "/api/rates");
    expect(status).toBe(200);
    const expected: Record<string, unknown> = {};
    for (const snapshot of await snapshots()) {
      for (const priced of snapshot.banks.values()) {
        const rates = bankRates(priced);
        expected[priced.address] = {
          bankAddress: priced.address,
          mint: priced.bank.mint,
          totalLendingRate: toNumber(rates.totalLendingRate),
          totalBorrowingRate: toNumber(rates.totalBorrowingRate),
          lendingRate: toNumber(rates.lendingRate),
          borrowingRate: toNumber(rates.borrowingRate),
          lstRate: 0,
          emissionsLendingRate: 0,
          emissionsBorrowRate: 0,
          campaigns: [],
          pointsBoost: null,
        };
      }
    }
    expect(body).toEqual(expected);
    expect(Object.keys(body).sort(compareAddresses)).toEqual(servedBanks());
    // 1,000 of 10,000 stable lent out in the second market: 10% utilization pays a rate.
    expect(body[stable.key.toBase58()].borrowingRate).toBeGreaterThan(0);
    expect((await api(server, "GET", "/api/emissions")).body).toEqual({});
  });

  it("stores historic points for both markets' banks", async () => {
    expect(await server.jobs.bankHistory.run()).toEqual({ startTime: NOW, points: 4, lstRates: 0 });
    const [, secondMarket] = await snapshots();
    const { status, body } = await api(server, "GET", `/api/banks/db/${btc.key.toBase58()}/historic/1d`);
    expect(status).toBe(200);
    const {
      bank: _bank,
      asset_share_value: _a,
      liability_share_value: _l,
      mint_decimals: _d,
      taken_at: _t,
      ...point
    } = historicPoint(secondMarket!.banks.get(btc.key.toBase58())!, programFeesOf(secondMarket!.group), NOW, NOW);
    expect(body).toEqual([point]);
    expect(body[0]).toMatchObject({ start_time: NOW, total_deposits: 2, total_borrows: 0, usd_price: 60000 });
    const unserved = await api(server, "GET", `/api/banks/db/${elsewhere.key.toBase58()}/historic/1d`);
    expect(unserved.status).toBe(404);
    expect(unserved.body).toEqual({ success: false, error: `Bank ${elsewhere.key.toBase58()} not found` });
  });

  describe("GET /api/account-addresses", () => {
    const addresses = (authority: PublicKey, group?: string) =>
      api(server, "GET", `/api/account-addresses?authority=${authority.toBase58()}${group === undefined ? "" : `&group=${group}`}`);

    it("lists the main market's accounts by default and another market's when it is named", async () => {
      expect((await addresses(mainUser.wallet.publicKey)).body).toEqual({ ballastAccounts: [mainUser.account.toBase58()] });
      expect((await addresses(mainUser.wallet.publicKey, main.toBase58())).body).toEqual({
        ballastAccounts: [mainUser.account.toBase58()],
      });
      expect((await addresses(mainUser.wallet.publicKey, second.toBase58())).body).toEqual({
        ballastAccounts: [mainUserSecondAccount.toBase58()],
      });
      expect((await addresses(secondUser.wallet.publicKey)).body).toEqual({ ballastAccounts: [] });
      const inSecond = await addresses(secondUser.wallet.publicKey, second.toBase58());
      expect(inSecond.status).toBe(200);
      expect(inSecond.body).toEqual({ ballastAccounts: [secondUser.account.toBase58()] });
    });

    it("refuses a group the server does not serve, or not an address, with 400 naming the field", async () => {
      for (const group of [third.toBase58(), "not-a-group"]) {
        const { status, body } = await addresses(thirdUser.wallet.publicKey, group);
        expect(status).toBe(400);
        expect(body).toMatchObject({
          success: false,
          field: "query.group",
          error: `Invalid query.group: must be one of the server's markets: ${main.toBase58()}, ${second.toBase58()}`,
        });
      }
    });
  });

  describe("POST /api/account-info", () => {
    const info = (account: PublicKey, authority: PublicKey) =>
      api(server, "POST", "/api/account-info", { accountKey: account.toBase58(), authorityKey: authority.toBase58() });

    it("values an account of the second market with that market's banks and the program's health", async () => {
      const { status, body } = await info(secondUser.account, secondUser.wallet.publicKey);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        address: secondUser.account.toBase58(),
        group: second.toBase58(),
        authority: secondUser.wallet.publicKey.toBase58(),
      });
      expect(body.healthCache.simulationStatus).toBe(0);
      const byBank = (a: { bank: string }, b: { bank: string }) => compareAddresses(a.bank, b.bank);
      expect(
        [...body.positions].sort(byBank).map((p: { bank: string; amount: string; usdValue: string; isLending: boolean }) => ({
          bank: p.bank,
          amount: p.amount,
          usdValue: p.usdValue,
          isLending: p.isLending,
        })),
      ).toEqual(
        [
          { bank: btc.key.toBase58(), amount: "2", usdValue: "120000", isLending: true },
          { bank: stable.key.toBase58(), amount: "1000", usdValue: "1000", isLending: false },
        ].sort(byBank),
      );
    });

    it("answers 404 for an account of a group the server does not serve", async () => {
      const { status, body } = await info(thirdUser.account, thirdUser.wallet.publicKey);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, error: "Account not found" });
    });
  });

  it("indexes activity and balances of both markets' accounts, and nothing of the third group", async () => {
    await server.jobs.indexer.run();
    const { body } = await api(server, "GET", `/api/activity/authority?address=${secondUser.wallet.publicKey.toBase58()}`);
    expect(body.data.map((r: { type: string; account: string; bank: string | null }) => [r.type, r.account, r.bank])).toEqual([
      ["borrow", secondUser.account.toBase58(), stable.key.toBase58()],
      ["deposit", secondUser.account.toBase58(), btc.key.toBase58()],
      ["create_account", secondUser.account.toBase58(), null],
    ]);
    const btcDeposit = body.data[1];
    expect(btcDeposit).toMatchObject({ symbol: "BTC", amount: "200000000", uiAmount: 2 });
    expect((await api(server, "GET", `/api/activity/authority?address=${thirdUser.wallet.publicKey.toBase58()}`)).body).toEqual({
      data: [],
    });
    const balances = await server.context.db
      .selectFrom("indexed_balances")
      .select(["account", "bank"])
      .orderBy("account")
      .orderBy("bank")
      .execute();
    const expected = [
      { account: mainUser.account.toBase58(), bank: usdc.key.toBase58() },
      { account: secondLender.account.toBase58(), bank: stable.key.toBase58() },
      { account: secondUser.account.toBase58(), bank: btc.key.toBase58() },
      { account: secondUser.account.toBase58(), bank: stable.key.toBase58() },
    ];
    expect(balances).toEqual(
      expected.sort((a, b) => (a.account === b.account ? compareAddresses(a.bank, b.bank) : compareAddresses(a.account, b.account))),
    );
  });

  it("accrues points for both markets' wallets", async () => {
    clock = NOW;
    expect(await server.jobs.points.run()).toMatchObject({ status: "started" });
    clock = NOW + 6 * HOUR;
    expect(await server.jobs.points.run()).toMatchObject({ status: "accrued", elapsedSeconds: 6 * HOUR, wallets: 3 });
    // A quarter of a day: $120,000 of BTC lent → 30,000; $1,000 borrowed at 2 per USD-day → 500.
    const { body } = await api(server, "GET", `/api/points/${secondUser.wallet.publicKey.toBase58()}`);
    expect(body).toMatchObject({ lendingPoints: 30_000, borrowingPoints: 500, totalPoints: 30_500, rank: 1 });
    const lender = await api(server, "GET", `/api/points/${secondLender.wallet.publicKey.toBase58()}`);
    expect(lender.body).toMatchObject({ lendingPoints: 2_500, borrowingPoints: 0, totalPoints: 2_500 });
    const mainLender = await api(server, "GET", `/api/points/${mainUser.wallet.publicKey.toBase58()}`);
    expect(mainLender.body).toMatchObject({ lendingPoints: 125, totalPoints: 125 });
    expect((await api(server, "GET", `/api/points/${thirdUser.wallet.publicKey.toBase58()}`)).body.totalPoints).toBe(0);
  });

  it("labels an account of the second market, and refuses one of the third group", async () => {
    const labelNonce = async (account: PublicKey) =>
      (await api(server, "POST", "/api/account-label/nonce", { account: account.toBase58() })).body.nonce as string;
    const labelled = await api(server, "POST", "/api/account-label/add", {
      signedData: await signedLabel(secondUser.wallet, secondUser.account, "Bitcoin loan", await labelNonce(secondUser.account)),
      signingMethod: "tx",
    });
    expect(labelled.status).toBe(200);
    expect(labelled.body).toEqual({ success: true, account: secondUser.account.toBase58(), label: "Bitcoin loan" });
    const refused = await api(server, "POST", "/api/account-label/add", {
      signedData: await signedLabel(thirdUser.wallet, thirdUser.account, "Elsewhere", await labelNonce(thirdUser.account)),
      signingMethod: "tx",
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, error: "Account not found" });
  });
});

describe("markets the server is given", () => {
  it("must list the main group first", async () => {
    await expect(startTestServer(market, { config: { markets: [{ group: second.toBase58(), name: "Ballast Bitcoin" }] } })).rejects.toThrow(
      `the markets must list the main group ${main.toBase58()} first`,
    );
  });
});
