// An account's history on both databases, against a real ledger: the indexer records each balance change in
// balance_history (in the batch's transaction, once however often the history is re-read, a closed balance as zero
// shares), the bank-history job stores share values with its points, and GET /api/accounts/:address/history values
// the balances at each point with the SDK (exact USD after real deposits, borrows, a repay half a day later), with the
// interest earned net of the flows. GET /api/portfolio sums a wallet's accounts across two markets.
import { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toNumber } from "@ballast/sdk";
import { i80f48 as fx, type I80F48 } from "../../../packages/protocol/src/index.js";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const HOUR = 3_600;

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

/** The transaction's slot and block time. */
async function landed(signature: string): Promise<{ slot: number; block_time: number }> {
  const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return { slot: tx!.slot, block_time: tx!.blockTime! };
}

const bits = (value: bigint) => String(fx.fromInt(value));
const usd = (value: I80F48) => toNumber(value);

describe.each(DIALECTS)("on %s", (dialect) => {
  let sol: TestBank;
  let usdc: TestBank;
  let harborUsdc: TestBank;
  let main: PublicKey;
  let harbor: PublicKey;
  let lender: TestUser;
  let user: TestUser;
  let server: RunningServer;
  let borrowed: { slot: number; block_time: number };

  const historyRows = async (account: PublicKey) =>
    (
      await server.context.db
        .selectFrom("balance_history")
        .select(["bank", "slot", "block_time", "asset_shares", "liability_shares"])
        .where("account", "=", account.toBase58())
        .execute()
    )
      .map((r) => ({ ...r, slot: Number(r.slot), block_time: Number(r.block_time) }))
      .sort((a, b) => a.slot - b.slot || (a.bank < b.bank ? -1 : 1));
  const history = (account: PublicKey | string, range: string) =>
    api(server, "GET", `/api/accounts/${String(account)}/history?range=${range}`);

  beforeAll(async () => {
    harbor = await market.createGroup();
    harborUsdc = await market.addBank(6, { kind: "pyth", price: 1 }, {}, { group: harbor });
    main = await market.createGroup();
    market.group = main;
    sol = await market.addBank(9, { kind: "pyth", price: 10 });
    usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    lender = await market.newUser();
    await market.deposit(lender, usdc, 1_000n * USDC);
    user = await market.newUser();
    await market.deposit(user, sol, 2n * SOL);
    borrowed = await landed(await market.borrow(user, usdc, 5n * USDC, [sol, usdc]));
    server = await startTestServer(market, {
      database: await freshDatabase(dialect),
      now: () => Number(market.now()),
      config: {
        markets: [
          { group: main.toBase58(), name: "Ballast Main" },
          { group: harbor.toBase58(), name: "Harbor" },
        ],
      },
    });
  });
  afterAll(async () => {
    market.group = main;
    await server.close();
  });

  it("records each balance change of a batch at the account's latest transaction, once however often it is re-read", async () => {
    await server.jobs.indexer.run();
    expect(await historyRows(user.account)).toEqual(
      [
        { bank: sol.key.toBase58(), ...borrowed, asset_shares: bits(2n * SOL), liability_shares: "0" },
        { bank: usdc.key.toBase58(), ...borrowed, asset_shares: "0", liability_shares: bits(5n * USDC) },
      ].sort((a, b) => (a.bank < b.bank ? -1 : 1)),
    );
    const before = await server.context.db.selectFrom("balance_history").selectAll().execute();
    // From scratch: the history is read again, the balances stored are already the chain's, nothing is added.
    await server.context.db.deleteFrom("indexer_cursor").execute();
    await server.jobs.indexer.run();
    expect(await server.context.db.selectFrom("balance_history").selectAll().execute()).toHaveLength(before.length);
  });

  it("values the account at each snapshot, and the interest earned net of deposits and repays", async () => {
    await server.jobs.bankHistory.run();
    const first = Number(market.now());
    // Half a day later the debt has grown; the user repays 2 USDC and deposits 1 SOL.
    market.advanceTime(12 * HOUR);
    for (const bank of [sol, usdc]) await market.setOracle(bank.oracle!, { kind: "pyth", price: bank === sol ? 10 : 1 });
    await market.repay(user, usdc, 2n * USDC);
    await market.deposit(user, sol, 1n * SOL);
    await server.jobs.indexer.run();
    await server.jobs.bankHistory.run();
    const last = Number(market.now());

    const chain = await market.marginfiAccount(user);
    const debtShares = chain.lendingAccount.balances.find((b) => b.bankPk === usdc.key.toBase58())!.liabilityShares;
    const shareValue = (await market.bank(usdc)).liabilityShareValue;
    expect(shareValue > fx.ONE).toBe(true);
    const debt = fx.div(fx.mul(debtShares, shareValue), fx.fromInt(USDC));
    const { status, body } = await history(user.account, "1d");
    expect(status).toBe(200);
    expect(body).toEqual({
      account: user.account.toBase58(),
      range: "1d",
      points: [
        { time: first, value: 15, deposits: 20, debt: 5 },
        { time: last, value: usd(fx.sub(fx.fromInt(30), debt)), deposits: 30, debt: usd(debt) },
      ],
      // The debt grew by what it is now less the 5 borrowed plus the 2 repaid: interest paid, so negative.
      interestEarned: usd(fx.neg(fx.sub(debt, fx.fromInt(3)))),
    });
    expect(body.interestEarned).toBeLessThan(0);
    expect((await history(user.account, "all")).body).toEqual({ ...body, range: "all" });
    // One bank's balance alone: the debt, and the SOL deposit that earned nothing.
    expect((await history(user.account, `1d&bank=${usdc.key.toBase58()}`)).body).toEqual({
      ...body,
      points: [
        { time: first, value: -5, deposits: 0, debt: 5 },
        { time: last, value: -usd(debt), deposits: 0, debt: usd(debt) },
      ],
    });
    expect((await history(user.account, `1d&bank=${sol.key.toBase58()}`)).body).toEqual({
      ...body,
      points: [
        { time: first, value: 20, deposits: 20, debt: 0 },
        { time: last, value: 30, deposits: 30, debt: 0 },
      ],
      interestEarned: 0,
    });
    // A day and a half later, the last day holds no snapshot.
    market.advanceTime(36 * HOUR);
    expect((await history(user.account, "1d")).body).toEqual({
      account: user.account.toBase58(),
      range: "1d",
      points: [],
      interestEarned: null,
    });
    expect((await history(user.account, "7d")).body.points).toHaveLength(2);
  });

  it("records a closed balance as zero shares", async () => {
    await market.fund(user, usdc, USDC);
    const repaid = await landed(await market.repay(user, usdc, 0n, true));
    await server.jobs.indexer.run();
    expect((await historyRows(user.account)).at(-1)).toEqual({
      bank: usdc.key.toBase58(),
      ...repaid,
      asset_shares: "0",
      liability_shares: "0",
    });
  });

  it("answers an account without history with no points, and refuses a bad address, range or bank", async () => {
    const nobody = Keypair.generate().publicKey.toBase58();
    expect(await history(nobody, "30d")).toMatchObject({
      status: 200,
      body: { account: nobody, range: "30d", points: [], interestEarned: null },
    });
    expect(await history("not-an-address", "1d")).toMatchObject({
      status: 400,
      body: { success: false, error: "Invalid params.address: not a valid base58 address", field: "params.address" },
    });
    expect(await history(nobody, "2d")).toMatchObject({
      status: 400,
      body: { success: false, error: "Invalid query.range: must be one of 1d, 7d, 30d, all", field: "query.range" },
    });
    expect(await history(nobody, "1d&bank=nope")).toMatchObject({
      status: 400,
      body: { success: false, error: "Invalid query.bank: not a valid base58 address", field: "query.bank" },
    });
  });

  it("sums the wallet's accounts across markets: values, total and the worst health", async () => {
    const harborAccount = Keypair.generate();
    market.group = harbor;
    await market.send(market.initAccountIx(user.wallet.publicKey, harborAccount.publicKey), [user.wallet, harborAccount]);
    await market.deposit({ wallet: user.wallet, account: harborAccount.publicKey }, harborUsdc, 100n * USDC);
    market.group = main;
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 10 });
    await market.setOracle(usdc.oracle!, { kind: "pyth", price: 1 });
    await market.setOracle(harborUsdc.oracle!, { kind: "pyth", price: 1 });
    await market.borrow(user, usdc, 4n * USDC, [sol, usdc]);
    await server.jobs.indexer.run();

    const view = (
      await api(server, "POST", "/api/account-info", {
        accountKey: user.account.toBase58(),
        authorityKey: user.wallet.publicKey.toBase58(),
      })
    ).body;
    const debt = view.positions.find((p: { isLending: boolean }) => !p.isLending).usdValue as string;
    const mainValue = fx.toDecimal(fx.sub(fx.fromInt(30), fx.fromDecimal(debt)));
    const { status, body } = await api(server, "GET", `/api/portfolio?authority=${user.wallet.publicKey.toBase58()}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      authority: user.wallet.publicKey.toBase58(),
      markets: [
        {
          group: main.toBase58(),
          name: "Ballast Main",
          value: mainValue,
          accounts: [
            {
              address: user.account.toBase58(),
              deposits: "30",
              debt,
              value: mainValue,
              healthFactor: view.health.factor,
              liquidationRisk: false,
            },
          ],
        },
        {
          group: harbor.toBase58(),
          name: "Harbor",
          value: "100",
          accounts: [
            {
              address: harborAccount.publicKey.toBase58(),
              deposits: "100",
              debt: "0",
              value: "100",
              healthFactor: "1",
              liquidationRisk: false,
            },
          ],
        },
      ],
      totalValue: fx.toDecimal(fx.add(fx.fromDecimal(mainValue), fx.fromInt(100))),
      worstHealth: { account: user.account.toBase58(), group: main.toBase58(), healthFactor: view.health.factor },
    });
    expect(Number(view.health.factor)).toBeLessThan(1);

    const nobody = Keypair.generate().publicKey.toBase58();
    expect((await api(server, "GET", `/api/portfolio?authority=${nobody}`)).body).toEqual({
      authority: nobody,
      markets: [
        { group: main.toBase58(), name: "Ballast Main", value: "0", accounts: [] },
        { group: harbor.toBase58(), name: "Harbor", value: "0", accounts: [] },
      ],
      totalValue: "0",
      worstHealth: null,
    });
  });
});

describe("the portfolio routes' rate limit", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market, { config: { portfolioRateLimit: { limit: 2, windowSeconds: 60 } } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers 429 with Retry-After past the limit, for either route", async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    expect((await api(server, "GET", `/api/accounts/${wallet}/history?range=1d`)).status).toBe(200);
    expect((await api(server, "GET", `/api/portfolio?authority=${wallet}`)).status).toBe(200);
    const refused = await api(server, "GET", `/api/portfolio?authority=${wallet}`);
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, error: "Too many portfolio requests from this address; try again in 60 s" },
    });
    expect(refused.headers.get("retry-after")).toBe("60");
  });
});

describe("the portfolio with the account view cache on", () => {
  let server: RunningServer;
  let sol: TestBank;
  beforeAll(async () => {
    market.group = await market.createGroup();
    sol = await market.addBank(9, { kind: "pyth", price: 10 });
    server = await startTestServer(market, { config: { marketCacheMs: 3_600_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("values the accounts as cached until asked at a slot a view predates, and shares the fresh view with account-info", async () => {
    const user = await market.newUser();
    await market.deposit(user, sol, SOL);
    const wallet = user.wallet.publicKey.toBase58();
    const deposits = async (query = "") => {
      const { status, body } = await api(server, "GET", `/api/portfolio?authority=${wallet}${query}`);
      expect(status).toBe(200);
      return body.markets[0].accounts[0].deposits as string;
    };
    expect(await deposits()).toBe("10");
    await market.deposit(user, sol, 2n * SOL);
    const slot = await market.connection.getSlot("confirmed");
    expect(await deposits()).toBe("10");
    expect(await deposits(`&minContextSlot=${slot}`)).toBe("30");
    // One cache for both routes: account-info names the slot the portfolio's read took.
    const view = await api(server, "POST", "/api/account-info", { accountKey: user.account.toBase58(), authorityKey: wallet });
    expect(view.body.slot).toBe(slot);
    expect(view.body.positions[0].usdValue).toBe("30");

    for (const bad of ["-1", "1.5", "soon"]) {
      const { status, body } = await api(server, "GET", `/api/portfolio?authority=${wallet}&minContextSlot=${bad}`);
      expect(status).toBe(400);
      expect(body.field).toBe("query.minContextSlot");
    }
  });
});
