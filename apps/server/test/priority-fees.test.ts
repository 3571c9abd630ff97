// Fee tier routes against a real ledger, read through the SDK's own client: compute-unit price tiers from the
// prices recent transactions paid, bundle tip tiers from the tips recent bundles paid, both cached, and the floor
// or fallback when nothing was paid.
import { ComputeBudgetProgram, Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIP_ACCOUNTS, encodeTransaction, fallbackBundleTips, fetchPriorityFees, jsonRpcRequest } from "@ballast/sdk";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import { PRIORITY_FEE_FLOOR, feeStats, percentile, priceTiers, tipTiers } from "../src/chain/priority-fees.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

let market: TestMarket;
let server: RunningServer;
let payer: Keypair;
/** The server's clock (unix seconds): moving it ages the caches. */
let clock = 1_800_000_000;

beforeAll(async () => {
  market = await TestMarket.start();
  payer = Keypair.generate();
  await market.airdrop(payer.publicKey, 100_000_000_000n);
  server = await startTestServer(market, { now: () => clock });
});
afterAll(async () => {
  await server.close();
  await market.close();
});

/** A transfer that pays `microLamports` per compute unit. */
async function landPriced(microLamports: number): Promise<void> {
  await market.send(
    [
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    ],
    [payer],
  );
}

/** A one-transaction bundle through the ledger's block engine that tips `lamports`. */
async function landTippedBundle(lamports: number, tipAccount = TIP_ACCOUNTS[0]!): Promise<void> {
  market.ledger.warpToTime(market.now());
  const { blockhash } = await market.connection.getLatestBlockhash();
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: tipAccount, lamports })],
  }).compileToV0Message();
  const tx = new VersionedTransaction(message);
  tx.sign([payer]);
  const id = await jsonRpcRequest<string>(`${market.net.rpc.url}/api/v1/bundles`, "sendBundle", [
    [encodeTransaction(tx)],
    { encoding: "base64" },
  ]);
  expect(id).toMatch(/^[0-9a-f]{64}$/);
}

describe("GET /api/priority-fees/rpc and /bundle", () => {
  it("answer the floor and the fallback tips while nothing was paid", async () => {
    const rpc = await api(server, "GET", "/api/priority-fees/rpc");
    expect(rpc.status).toBe(200);
    expect(rpc.body).toEqual({ success: true, timestamp: clock, source: "rpc", fees: { NORMAL: 50, HIGH: 50, ULTRA: 50 }, stats: null });
    const bundle = await api(server, "GET", "/api/priority-fees/bundle");
    expect(bundle.status).toBe(200);
    expect(bundle.body).toEqual({
      success: true,
      timestamp: clock,
      source: "bundle",
      fees: { NORMAL: 80_000, HIGH: 120_000, ULTRA: 150_000 },
      stats: null,
    });
  });

  it("price the tiers from the compute-unit prices recent transactions paid, after the 10 s cache", async () => {
    for (const price of [3_000, 1_000, 10_000, 2_000]) await landPriced(price);
    const cached = await fetchPriorityFees(server.url, "rpc");
    expect(cached).toEqual({ fees: { NORMAL: 50, HIGH: 50, ULTRA: 50 }, source: "rpc", timestamp: clock });

    clock += 10;
    // Median 2,500 (between 2,000 and 3,000): 0.7, 1.5 and 2 times it, within the observed 1,000–10,000.
    expect(await fetchPriorityFees(server.url, "rpc")).toEqual({
      fees: { NORMAL: 1_750, HIGH: 3_750, ULTRA: 5_000 },
      source: "rpc",
      timestamp: clock,
    });
    const { body } = await api(server, "GET", "/api/priority-fees/rpc");
    expect(body.stats).toEqual({ slots: 4, min: 1_000, max: 10_000, mean: 4_000, median: 2_500 });
  });

  it("price the tips from the 75th percentile of recent tips, after the 30 s cache, clamped to 0.001 SOL", async () => {
    await landTippedBundle(100_000, TIP_ACCOUNTS[0]);
    await landTippedBundle(400_000, TIP_ACCOUNTS[5]);
    await landTippedBundle(200_000, TIP_ACCOUNTS[7]);
    // The tips were sampled 10 s ago (before the price test moved the clock): still cached for 20 s.
    clock += 19;
    expect((await fetchPriorityFees(server.url, "bundle")).fees).toEqual({ NORMAL: 80_000, HIGH: 120_000, ULTRA: 150_000 });

    clock += 1;
    // The 75th percentile of 100,000, 200,000 and 400,000 lamports is 400,000: tiers 0.8, 1.2 and 1.5 times it.
    expect(await fetchPriorityFees(server.url, "bundle")).toEqual({
      fees: { NORMAL: 320_000, HIGH: 480_000, ULTRA: 600_000 },
      source: "bundle",
      timestamp: clock,
    });
    expect((await api(server, "GET", "/api/priority-fees/bundle")).body.stats).toEqual({ tips: 3, p75: 400_000 });

    // Four tips of 0.005 SOL make the 75th percentile of seven 0.005 SOL: every tier stops at 0.001 SOL.
    for (let i = 0; i < 4; i++) await landTippedBundle(5_000_000 + i, TIP_ACCOUNTS[i]);
    clock += 30;
    const { body } = await api(server, "GET", "/api/priority-fees/bundle");
    expect(body.fees).toEqual({ NORMAL: 1_000_000, HIGH: 1_000_000, ULTRA: 1_000_000 });
    expect(body.stats).toEqual({ tips: 7, p75: 5_000_002 });
  });

  it("answer 502 when the ledger cannot be reached, which the SDK client meets with its fallback", async () => {
    const offline = await startTestServer(market, { config: { rpcUrl: "http://127.0.0.1:9" } });
    try {
      for (const kind of ["rpc", "bundle"] as const) {
        const { status, body } = await api(offline, "GET", `/api/priority-fees/${kind}`);
        expect(status).toBe(502);
        expect(body.error).toMatch(/^Failed to read recent fees from the ledger: /);
        expect(await fetchPriorityFees(offline.url, kind)).toMatchObject({
          source: "fallback",
          error: "Priority fee API responded with status: 502",
        });
      }
    } finally {
      await offline.close();
    }
  });
});

describe("tier arithmetic (seeded random observations)", () => {
  let seed = 0xfee;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const sample = (scale: number) => Array.from({ length: Math.floor(random() * 40) + 1 }, () => Math.floor(random() * scale) + 1);

  it("orders the price tiers, keeps them within the observed bounds, and never under the floor", () => {
    for (let i = 0; i < 500; i++) {
      const prices = sample(i % 3 === 0 ? 100 : 5_000_000);
      const stats = feeStats(prices)!;
      const tiers = priceTiers(stats);
      expect(stats.slots).toBe(prices.length);
      expect(stats.min).toBe(Math.min(...prices));
      expect(stats.max).toBe(Math.max(...prices));
      expect(stats.min <= stats.median && stats.median <= stats.max && stats.min <= stats.mean && stats.mean <= stats.max).toBe(true);
      expect(tiers.NORMAL <= tiers.HIGH && tiers.HIGH <= tiers.ULTRA).toBe(true);
      expect(tiers.NORMAL).toBeGreaterThanOrEqual(Math.max(stats.min, PRIORITY_FEE_FLOOR));
      expect(tiers.ULTRA).toBeLessThanOrEqual(Math.max(stats.max, PRIORITY_FEE_FLOOR));
    }
    expect(priceTiers(feeStats([1, 1, 1]))).toEqual({ NORMAL: 50, HIGH: 50, ULTRA: 50 });
    expect(priceTiers(null)).toEqual({ NORMAL: 50, HIGH: 50, ULTRA: 50 });
  });

  it("takes the nearest-rank 75th percentile, and keeps tip tiers ordered within 10,000–1,000,000 lamports", () => {
    for (let i = 0; i < 500; i++) {
      const tips = sample(i % 2 === 0 ? 2_000_000 : 20_000);
      const p75 = percentile(tips, 0.75);
      expect(tips).toContain(p75);
      expect(tips.filter((t) => t <= p75).length).toBeGreaterThanOrEqual(Math.ceil(0.75 * tips.length));
      expect(tips.filter((t) => t < p75).length).toBeLessThan(Math.ceil(0.75 * tips.length));
      const tiers = tipTiers({ tips: tips.length, p75 });
      expect(tiers.NORMAL <= tiers.HIGH && tiers.HIGH <= tiers.ULTRA).toBe(true);
      expect(tiers.NORMAL).toBeGreaterThanOrEqual(10_000);
      expect(tiers.ULTRA).toBeLessThanOrEqual(1_000_000);
    }
    expect(tipTiers(null)).toEqual(fallbackBundleTips());
  });
});
