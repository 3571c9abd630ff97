// The activity routes over what the indexer recorded from real transactions, on both databases: exact records newest
// first, filtered by authority and by mint (liquidations under both parties and both mints), paging with `before`,
// and 400s naming the bad field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { liquidateIx } from "../../../packages/protocol/test/support/liquidation.js";
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
  let lender: TestUser;
  let borrower: TestUser;
  let liquidator: TestUser;
  const signatures: Record<string, string> = {};

  /** Slot and block time of a landed transaction. */
  async function landed(signature: string) {
    const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    return { slot: tx!.slot, timestamp: tx!.blockTime! };
  }

  /** The record of a one-event balance action, as the routes must return it. */
  async function balanceRecord(name: string, type: string, user: TestUser, bank: TestBank, amount: bigint, details: object) {
    return {
      signature: signatures[name],
      eventIndex: 0,
      ...(await landed(signatures[name]!)),
      type,
      account: user.account.toBase58(),
      authority: user.wallet.publicKey.toBase58(),
      bank: bank.key.toBase58(),
      mint: bank.mint.toBase58(),
      symbol: bank === usdc ? "USDC" : bank.mint.toBase58().slice(0, 4).toUpperCase(),
      amount: amount.toString(),
      uiAmount: Number(amount) / 10 ** bank.decimals,
      description: null,
      details,
    };
  }

  async function creationRecord(user: TestUser) {
    const found = await market.connection.getSignaturesForAddress(user.account, {}, "confirmed");
    const signature = found[found.length - 1]!.signature;
    return {
      signature,
      eventIndex: 0,
      ...(await landed(signature)),
      type: "create_account",
      account: user.account.toBase58(),
      authority: user.wallet.publicKey.toBase58(),
      bank: null,
      mint: null,
      symbol: null,
      amount: null,
      uiAmount: null,
      description: null,
      details: { signer: user.wallet.publicKey.toBase58() },
    };
  }

  const types = (body: { data: { type: string; signature: string }[] }) => body.data.map((r) => [r.type, r.signature]);

  beforeAll(async () => {
    market.group = await market.createGroup();
    sol = await market.addBank(9, { kind: "pyth", price: 10 });
    usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    const banks = [sol, usdc];
    lender = await market.newUser();
    signatures.lend = await market.deposit(lender, usdc, 1_000n * USDC);
    borrower = await market.newUser();
    signatures.collateral = await market.deposit(borrower, sol, 2n * SOL);
    signatures.borrow = await market.borrow(borrower, usdc, 10n * USDC, banks);
    await market.configureBank(sol, { assetWeightInit: "0.25", assetWeightMaint: "0.4" });
    liquidator = await market.newUser();
    signatures.backing = await market.deposit(liquidator, sol, 10n * SOL);
    signatures.liquidation = await market.send(
      await liquidateIx(market, { liquidator, liquidatee: borrower, assetBank: sol, liabBank: usdc, assetAmount: 100_000_000n, banks }),
      [liquidator.wallet],
    );
    server = await startTestServer(market, {
      dialect,
      config: { tokens: [{ mint: usdc.mint.toBase58(), symbol: "USDC", name: "USD Coin" }] },
    });
    expect(await server.jobs.indexer.run()).toMatchObject({ events: 8 });
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists a wallet's activity newest first, with symbols and UI amounts", async () => {
    const { status, body } = await api(server, "GET", `/api/activity/authority?address=${borrower.wallet.publicKey.toBase58()}`);
    expect(status).toBe(200);
    const signer = { signer: borrower.wallet.publicKey.toBase58() };
    expect(body.data.slice(1)).toEqual([
      await balanceRecord("borrow", "borrow", borrower, usdc, 10n * USDC, signer),
      await balanceRecord("collateral", "deposit", borrower, sol, 2n * SOL, signer),
      await creationRecord(borrower),
    ]);
    const [liquidation] = body.data;
    expect(liquidation).toMatchObject({
      ...(await balanceRecord("liquidation", "liquidation", borrower, sol, 100_000_000n, {})),
      description: expect.stringMatching(/^Liquidated: /),
      details: expect.objectContaining({
        signer: liquidator.wallet.publicKey.toBase58(),
        liquidatorAccount: liquidator.account.toBase58(),
        liquidatorAuthority: liquidator.wallet.publicKey.toBase58(),
        liabilityBank: usdc.key.toBase58(),
        liabilityMint: usdc.mint.toBase58(),
      }),
    });
    expect(liquidation.uiAmount).toBe(0.1);
  });

  it("says what a liquidation seized and repaid, with symbols; the liquidator reads whose account it liquidated", async () => {
    const solSymbol = sol.mint.toBase58().slice(0, 4).toUpperCase();
    const line = `0.1 ${solSymbol} seized, 0.95 USDC repaid`;
    const asLiquidatee = await api(server, "GET", `/api/activity/authority?address=${borrower.wallet.publicKey.toBase58()}`);
    // 0.1 SOL at $10, 95% of it off the debt at $1; 2.5% more, in whole units (24,999.99… → 24,999), went from the
    // liquidity vault to the insurance fund, which held nothing before.
    expect(asLiquidatee.body.data[0]).toMatchObject({
      description: `Liquidated: ${line}`,
      details: expect.objectContaining({ repaidAmount: "950000", insuranceFee: "24999" }),
    });
    expect(await market.tokenBalance(usdc.vaults.insurance)).toBe(24_999n);

    const asLiquidator = await api(server, "GET", `/api/activity/authority?address=${liquidator.wallet.publicKey.toBase58()}`);
    const account = borrower.account.toBase58();
    expect(asLiquidator.body.data[0].description).toBe(`Liquidated ${account.slice(0, 4)}…${account.slice(-4)}: ${line}`);

    const byMint = await api(server, "GET", `/api/activity/mint?address=${usdc.mint.toBase58()}`);
    expect(byMint.body.data[0].description).toBe(`Liquidated: ${line}`);
  });

  it("shows a liquidation to the liquidator too", async () => {
    const { body } = await api(server, "GET", `/api/activity/authority?address=${liquidator.wallet.publicKey.toBase58()}`);
    expect(types(body)).toEqual([
      ["liquidation", signatures.liquidation],
      ["deposit", signatures.backing],
      ["create_account", (await creationRecord(liquidator)).signature],
    ]);
    expect(body.data[0].authority).toBe(borrower.wallet.publicKey.toBase58());
  });

  it("lists a token's activity newest first: a liquidation under its collateral and its debt mint", async () => {
    const usdcActivity = await api(server, "GET", `/api/activity/mint?address=${usdc.mint.toBase58()}`);
    expect(usdcActivity.status).toBe(200);
    expect(types(usdcActivity.body)).toEqual([
      ["liquidation", signatures.liquidation],
      ["borrow", signatures.borrow],
      ["deposit", signatures.lend],
    ]);
    expect(usdcActivity.body.data[2]).toEqual(
      await balanceRecord("lend", "deposit", lender, usdc, 1_000n * USDC, { signer: lender.wallet.publicKey.toBase58() }),
    );
    const solActivity = await api(server, "GET", `/api/activity/mint?address=${sol.mint.toBase58()}`);
    expect(types(solActivity.body)).toEqual([
      ["liquidation", signatures.liquidation],
      ["deposit", signatures.backing],
      ["deposit", signatures.collateral],
    ]);
  });

  it("answers an address without activity with an empty list", async () => {
    const nobody = (await market.newUser()).wallet.publicKey.toBase58();
    expect(await api(server, "GET", `/api/activity/authority?address=${nobody}`)).toMatchObject({ status: 200, body: { data: [] } });
    expect(await api(server, "GET", `/api/activity/mint?address=${nobody}`)).toMatchObject({ status: 200, body: { data: [] } });
  });

  it("pages with limit and before: the pages put together are the whole list, nothing twice", async () => {
    const path = `/api/activity/mint?address=${usdc.mint.toBase58()}`;
    const whole = (await api(server, "GET", path)).body.data;
    for (const limit of [1, 2]) {
      const pages = [];
      let before = "";
      for (;;) {
        const { status, body } = await api(server, "GET", `${path}&limit=${limit}${before}`);
        expect(status).toBe(200);
        expect(body.data.length).toBeLessThanOrEqual(limit);
        if (body.data.length === 0) break;
        pages.push(...body.data);
        const last = body.data[body.data.length - 1];
        before = `&before=${last.signature}:${last.eventIndex}`;
      }
      expect(pages).toEqual(whole);
    }
  });

  it("answers a bad address, cursor or limit with 400 naming the field", async () => {
    const bad = await api(server, "GET", "/api/activity/authority?address=not-a-key");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: "Invalid query.address: must be a base58 address", field: "query.address" });
    expect(bad.body.details).toBeDefined();
    const missing = await api(server, "GET", "/api/activity/mint");
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe("query.address");
    const mint = usdc.mint.toBase58();
    const cursor = await api(server, "GET", `/api/activity/mint?address=${mint}&before=yesterday`);
    expect(cursor.status).toBe(400);
    expect(cursor.body).toMatchObject({
      error: "Invalid query.before: must be <signature>:<eventIndex> of a record",
      field: "query.before",
    });
    const unknown = `${signatures.lend}:7`;
    const stale = await api(server, "GET", `/api/activity/mint?address=${mint}&before=${unknown}`);
    expect(stale).toMatchObject({
      status: 400,
      body: { success: false, error: `Invalid query.before: no activity record ${unknown}`, details: { field: "query.before" } },
    });
    const tooMany = await api(server, "GET", `/api/activity/mint?address=${mint}&limit=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe("query.limit");
  });
});
