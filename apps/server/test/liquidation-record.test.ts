// GET /api/liquidation-record on the seeded sandbox, on both databases: a borrower pushed under water is liquidated by
// receivership twice (SOL's feed pushed by hand, the walk stopped), and the route answers exactly the entries the
// program wrote into the account's LiquidationRecord, newest first; an account never liquidated has none. The
// liquidatee's activity lists the liquidations on the account the record is read for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey } from "@solana/web3.js";
import { decodeLiquidationRecord, i80f48 as fx } from "@ballast/protocol";
import {
  SwapClient,
  accountRisk,
  borrowAction,
  isLiquidatable,
  liquidationPrice,
  liquidationRecordAddress,
  maxBorrow,
  receivershipLiquidationAction,
  swapApiUrl,
  type Market,
} from "@ballast/sdk";
import { startServer, type RunningServer } from "../src/server.js";
import { startSandboxProduct, type SandboxProduct } from "./support/sandbox.js";
import { DIALECTS, api, freshDatabase, type DialectUnderTest } from "./support/server.js";

const SOL = 1_000_000_000n;

let product: SandboxProduct;
let sol: string;
let usdc: string;
let programId: PublicKey;
const servers = new Map<DialectUnderTest, RunningServer>();
let liquidated: { wallet: Keypair; account: PublicKey };
let untouched: { wallet: Keypair; account: PublicKey };
const liquidations: string[] = [];

const setSolPrice = (price: string) => product.pushPrices({ [sol]: price, [usdc]: "1" });
const contextFor = (wallet: Keypair, market: Market) => product.contextFor(wallet, market);
const accountData = (address: PublicKey) => product.marginAccount(address);
const riskOf = (address: PublicKey) => product.riskOf(address);
const depositor = (deposit: bigint) => product.depositor(sol, deposit);

/** SOL 5% below the account's liquidation price, so its Maintenance health is negative. */
async function crashBelowLiquidationPrice(account: PublicKey): Promise<void> {
  const risk = await riskOf(account);
  const collateral = risk.positions.find((p) => p.side === "assets")!;
  await setSolPrice((Number(fx.toDecimal(liquidationPrice(risk, collateral)!)) * 0.95).toFixed(4));
  expect(isLiquidatable(await riskOf(account))).toBe(true);
}

async function liquidateByReceivership(account: PublicKey): Promise<string> {
  const receiver = Keypair.generate();
  await product.faucet.fund(receiver.publicKey.toBase58());
  const result = await receivershipLiquidationAction({
    ...contextFor(receiver, await product.market()),
    liquidateeAccount: account,
    liquidatee: await accountData(account),
    assetBank: sol,
    liabilityBank: usdc,
    swap: { client: new SwapClient(swapApiUrl(product.server.url)), slippageBps: 100 },
  });
  const signature = result.signatures.at(-1)!;
  const landed = await product.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
  expect(landed?.meta?.err).toBeNull();
  return signature;
}

beforeAll(async () => {
  product = await startSandboxProduct();
  await product.prices.stop();
  programId = new PublicKey(product.main.programId);
  [sol, usdc] = [product.bank("SOL"), product.bank("USDC")];
  await setSolPrice("150");

  // 2 SOL at $150 against nearly all the USDC it may borrow.
  liquidated = await depositor(2n * SOL);
  untouched = await depositor(SOL);
  const market = await product.market();
  const risk = accountRisk((await accountData(liquidated.account)).lendingAccount.balances, market.banks);
  await borrowAction({
    ...contextFor(liquidated.wallet, market),
    bank: usdc,
    marginfiAccount: liquidated.account,
    account: await accountData(liquidated.account),
    amount: (maxBorrow(risk, market.banks.get(usdc)!) * 99n) / 100n,
  });
  for (let round = 0; round < 2; round++) {
    await crashBelowLiquidationPrice(liquidated.account);
    liquidations.push(await liquidateByReceivership(liquidated.account));
  }

  servers.set("sqlite", product.server);
  servers.set(
    "postgres",
    await startServer({ ...product.server.context.config, ...(await freshDatabase("postgres")), port: 0, marketCacheMs: 0 }),
  );
}, 600_000);

afterAll(async () => {
  await servers.get("postgres")?.close();
  await product?.close();
});

/** The record's entries as the chain holds them: used slots, newest first. */
async function recordOnChain(account: PublicKey) {
  const info = await product.connection.getAccountInfo(liquidationRecordAddress(account, programId), "confirmed");
  const { entries } = decodeLiquidationRecord(info!.data);
  return entries.filter((e) => e.timestamp !== 0n).reverse();
}

describe.each(DIALECTS)("on %s", (dialect) => {
  const server = () => servers.get(dialect)!;

  it("answers the liquidated account's record exactly as the chain holds it, newest first", async () => {
    const onChain = await recordOnChain(liquidated.account);
    // Two receiverships on a fresh record: two used slots of four.
    expect(onChain).toHaveLength(2);
    const { status, body } = await api(server(), "GET", `/api/liquidation-record?account=${liquidated.account.toBase58()}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      entries: onChain.map((e) => ({
        assetSeizedUsd: e.assetAmountSeized,
        liabilityRepaidUsd: e.liabAmountRepaid,
        timestamp: new Date(Number(e.timestamp) * 1000).toISOString(),
      })),
    });
    for (const entry of body.entries) {
      expect(entry.assetSeizedUsd).toBeGreaterThan(entry.liabilityRepaidUsd);
      expect(entry.liabilityRepaidUsd).toBeGreaterThan(0);
    }
    expect(Date.parse(body.entries[0].timestamp)).toBeGreaterThanOrEqual(Date.parse(body.entries[1].timestamp));
  });

  it("lists the liquidations in the liquidatee's activity on the account the record belongs to", async () => {
    await server().jobs.indexer.run();
    const { body } = await api(server(), "GET", `/api/activity/authority?address=${liquidated.wallet.publicKey.toBase58()}`);
    const rows = body.data.filter((r: { type: string }) => r.type === "receivership_liquidation");
    expect(rows.map((r: { signature: string; account: string }) => [r.signature, r.account])).toEqual(
      [...liquidations].reverse().map((signature) => [signature, liquidated.account.toBase58()]),
    );
  });

  it("answers an account never liquidated, and an address that is no account, with no entries", async () => {
    for (const account of [untouched.account, Keypair.generate().publicKey]) {
      expect(await api(server(), "GET", `/api/liquidation-record?account=${account.toBase58()}`)).toMatchObject({
        status: 200,
        body: { entries: [] },
      });
    }
  });

  it("answers a bad or missing account with 400 naming the field", async () => {
    expect(await api(server(), "GET", "/api/liquidation-record?account=not-an-account")).toMatchObject({
      status: 400,
      body: { success: false, error: "Invalid query.account: must be a base58 address", field: "query.account" },
    });
    expect((await api(server(), "GET", "/api/liquidation-record")).body.field).toBe("query.account");
  });

  it("answers a client past its limit 429 with Retry-After until its window is over", async () => {
    let clock = 1_760_000_000;
    const limited = await startServer(
      {
        ...server().context.config,
        ...(await freshDatabase(dialect)),
        port: 0,
        liquidationRecordRateLimit: { limit: 2, windowSeconds: 60 },
      },
      { now: () => clock },
    );
    try {
      const path = `/api/liquidation-record?account=${untouched.account.toBase58()}`;
      for (let i = 0; i < 2; i++) expect((await api(limited, "GET", path)).status).toBe(200);
      clock += 15;
      const refused = await api(limited, "GET", path);
      expect(refused).toMatchObject({
        status: 429,
        body: { success: false, error: "Too many liquidation record requests from this address; try again in 45 s" },
      });
      expect(refused.headers.get("retry-after")).toBe("45");
      clock += 45;
      expect((await api(limited, "GET", path)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("is listed in the OpenAPI document", async () => {
    const { body } = await api(server(), "GET", "/api/docs");
    expect(Object.keys(body.paths["/api/liquidation-record"])).toEqual(["get"]);
  });
});
