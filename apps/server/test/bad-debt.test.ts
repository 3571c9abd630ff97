// Bankruptcies as a user sees them, from real transactions on both databases: the activity record's line naming the
// bad debt, what insurance covered and what the depositors bore, under the bankrupt wallet and the bank's mint; and
// GET /api/bank-bad-debt listing a bank's settlements with exact native amounts and the share value's fall where the
// indexer read the bank as the settlement left it, limited per client address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { fundInsurance, handleBankruptcyIx } from "../../../packages/protocol/test/support/liquidation.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

describe.each(DIALECTS)("on %s", (dialect) => {
  let server: RunningServer;
  let sol: TestBank;
  let usdc: TestBank;
  let first: TestUser;
  let second: TestUser;
  const signatures: Record<string, string> = {};

  async function landed(signature: string) {
    const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    return { slot: tx!.slot, timestamp: tx!.blockTime! };
  }

  /** A borrower of `debt` USDC against 2 SOL ($20 until SOL crashes). */
  async function borrower(debt: bigint): Promise<TestUser> {
    const user = await market.newUser();
    await market.deposit(user, sol, 2n * SOL);
    await market.borrow(user, usdc, debt, [sol, usdc]);
    return user;
  }

  const settle = async (user: TestUser) => market.send(await handleBankruptcyIx(market, user, usdc, [sol, usdc]), [market.admin]);

  beforeAll(async () => {
    market.group = await market.createGroup();
    sol = await market.addBank(9, { kind: "pyth", price: 10 });
    usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    const lender = await market.newUser();
    await market.deposit(lender, usdc, 100n * USDC);
    first = await borrower(12_500_000n);
    second = await borrower(5n * USDC);
    await fundInsurance(market, usdc, 2_100_000n);
    // 2 SOL at 4 cents: $0.08 of collateral, under the bankruptcy test's $0.10.
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 0.04 });
    server = await startTestServer(market, {
      dialect,
      config: { tokens: [{ mint: usdc.mint.toBase58(), symbol: "USDC", name: "USD Coin" }] },
    });

    // The first settlement is indexed while the bank is as it left it; a deposit lands after the second before the
    // indexer reads the bank, so its share value change is unknown.
    signatures.first = await settle(first);
    await server.jobs.indexer.run();
    signatures.second = await settle(second);
    await market.deposit(lender, usdc, USDC);
    await server.jobs.indexer.run();
  });
  afterAll(async () => {
    await server.close();
  });

  it("says in the bankrupt wallet's activity what the bad debt was and who bore it", async () => {
    const { status, body } = await api(server, "GET", `/api/activity/authority?address=${first.wallet.publicKey.toBase58()}`);
    expect(status).toBe(200);
    const [bankruptcy] = body.data;
    expect(bankruptcy).toEqual({
      signature: signatures.first,
      eventIndex: 0,
      ...(await landed(signatures.first!)),
      type: "bankruptcy",
      account: first.account.toBase58(),
      authority: first.wallet.publicKey.toBase58(),
      bank: usdc.key.toBase58(),
      mint: usdc.mint.toBase58(),
      symbol: "USDC",
      amount: "12500000",
      uiAmount: 12.5,
      description: "Bad debt settled: 12.5 USDC, 2.1 USDC covered by insurance, 10.4 USDC shared by depositors",
      details: {
        signer: market.admin.publicKey.toBase58(),
        badDebt: 12_500_000,
        coveredAmount: 2_100_000,
        socializedAmount: 10_400_000,
        shareValueChange: expect.closeTo(-0.104, 12),
      },
    });
  });

  it("lists both settlements under the bank's mint, newest first; the uninsured one shared wholly", async () => {
    const { body } = await api(server, "GET", `/api/activity/mint?address=${usdc.mint.toBase58()}`);
    const bankruptcies = body.data.filter((r: { type: string }) => r.type === "bankruptcy");
    expect(bankruptcies.map((r: { signature: string; description: string }) => [r.signature, r.description])).toEqual([
      [signatures.second, "Bad debt settled: 5 USDC, 0 USDC covered by insurance, 5 USDC shared by depositors"],
      [signatures.first, "Bad debt settled: 12.5 USDC, 2.1 USDC covered by insurance, 10.4 USDC shared by depositors"],
    ]);
    expect(body.data[0].type).toBe("deposit");
  });

  it("lists a bank's settlements with exact native amounts, newest first", async () => {
    const { status, body } = await api(server, "GET", `/api/bank-bad-debt?bank=${usdc.key.toBase58()}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        {
          signature: signatures.second,
          eventIndex: 0,
          ...(await landed(signatures.second!)),
          account: second.account.toBase58(),
          authority: second.wallet.publicKey.toBase58(),
          badDebt: "5000000",
          coveredByInsurance: "0",
          socialized: "5000000",
          shareValueChange: null,
        },
        {
          signature: signatures.first,
          eventIndex: 0,
          ...(await landed(signatures.first!)),
          account: first.account.toBase58(),
          authority: first.wallet.publicKey.toBase58(),
          badDebt: "12500000",
          coveredByInsurance: "2100000",
          socialized: "10400000",
          // 10.4 of the 100 USDC deposited.
          shareValueChange: expect.closeTo(-0.104, 12),
        },
      ],
    });
    // The insurance fund paid its 2.1 USDC to the first and had nothing left for the second.
    expect(await market.tokenBalance(usdc.vaults.insurance)).toBe(0n);
  });

  it("answers a bank without bankruptcies with an empty list, and pages with limit and before", async () => {
    expect(await api(server, "GET", `/api/bank-bad-debt?bank=${sol.key.toBase58()}`)).toMatchObject({ status: 200, body: { data: [] } });
    const path = `/api/bank-bad-debt?bank=${usdc.key.toBase58()}&limit=1`;
    const page = await api(server, "GET", path);
    expect(page.body.data.map((s: { signature: string }) => s.signature)).toEqual([signatures.second]);
    const next = await api(server, "GET", `${path}&before=${signatures.second}:0`);
    expect(next.body.data.map((s: { signature: string }) => s.signature)).toEqual([signatures.first]);
    expect((await api(server, "GET", `${path}&before=${signatures.first}:0`)).body.data).toEqual([]);
  });

  it("answers a bad bank address, cursor or limit with 400 naming the field", async () => {
    expect(await api(server, "GET", "/api/bank-bad-debt?bank=not-a-bank")).toMatchObject({
      status: 400,
      body: { success: false, error: "Invalid query.bank: must be a base58 address", field: "query.bank" },
    });
    expect((await api(server, "GET", "/api/bank-bad-debt")).body.field).toBe("query.bank");
    const bank = usdc.key.toBase58();
    expect((await api(server, "GET", `/api/bank-bad-debt?bank=${bank}&before=yesterday`)).body.field).toBe("query.before");
    expect((await api(server, "GET", `/api/bank-bad-debt?bank=${bank}&limit=101`)).body.field).toBe("query.limit");
  });

  it("answers a client past its limit 429 with Retry-After until its window is over", async () => {
    let clock = 1_760_000_000;
    const limited = await startTestServer(market, {
      dialect,
      now: () => clock,
      config: { badDebtRateLimit: { limit: 2, windowSeconds: 60 } },
    });
    try {
      const path = `/api/bank-bad-debt?bank=${usdc.key.toBase58()}`;
      for (let i = 0; i < 2; i++) expect((await api(limited, "GET", path)).status).toBe(200);
      clock += 15;
      const refused = await api(limited, "GET", path);
      expect(refused).toMatchObject({
        status: 429,
        body: { success: false, error: "Too many bad debt requests from this address; try again in 45 s" },
      });
      expect(refused.headers.get("retry-after")).toBe("45");
      clock += 45;
      expect((await api(limited, "GET", path)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("is listed in the OpenAPI document", async () => {
    const { body } = await api(server, "GET", "/api/docs");
    expect(Object.keys(body.paths["/api/bank-bad-debt"])).toEqual(["get"]);
  });
});
