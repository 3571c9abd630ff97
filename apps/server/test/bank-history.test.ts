// Historic bank points on both databases: the job stores one point per bank at the start of its interval with the
// SDK's values (a rerun in the interval replaces it), and GET /api/banks/db/:bank/historic/:period answers the
// latest point of each bucket of the period's window — checked on job-made points and, with a seeded random history,
// against a model of the bucketing.
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i80f48 as fx, programFeesOf } from "@ballast/protocol";
import {
  ceilNative,
  floorNative,
  interestRates,
  loadMarket,
  midPrice,
  nativeToUi,
  toNumber,
  utilizationRate,
  type Market,
  type PricedBank,
} from "@ballast/sdk";
import { DEFAULT_BANK_CONFIG, PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import type { BankHistoryTable } from "../src/db/schema/history.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";
import { seededRandom } from "../../../packages/ledger/test/support/random.js";

const HOUR = 3_600;
const DAY = 86_400;
/** 2026-01-01 00:00 UTC: a multiple of every bucket. */
const T0 = 1_767_225_600;

/** The spec's point; the columns the account history reads are checked on their own. */
type Point = Omit<BankHistoryTable, "bank" | "asset_share_value" | "liability_share_value" | "mint_decimals" | "taken_at">;
type Period = "1d" | "7d" | "30d" | "all";
/** The periods as the spec's charts use them: window and bucket, in seconds. */
const PERIODS: Record<Period, { window: number | null; bucket: number; maxAge: number }> = {
  "1d": { window: DAY, bucket: HOUR, maxAge: 900 },
  "7d": { window: 7 * DAY, bucket: 4 * HOUR, maxAge: 3_600 },
  "30d": { window: 30 * DAY, bucket: DAY, maxAge: 3_600 },
  all: { window: null, bucket: DAY, maxAge: 3_600 },
};

let market: TestMarket;
let usdc: TestBank;
let sol: TestBank;
let mover: TestUser;

beforeAll(async () => {
  market = await TestMarket.start({ programFeeRate: "0.02" });
  usdc = await market.addBank(
    6,
    { kind: "pyth", price: 1, conf: 0.001 },
    { interest: { ...DEFAULT_BANK_CONFIG.interest, insuranceIrFee: "0.1", protocolFixedFeeApr: "0.01", protocolOriginationFee: "0.005" } },
  );
  sol = await market.addBank(9, { kind: "switchboard", price: 150 });
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 1_000_000_000n);
  const borrower = await market.newUser();
  await market.deposit(borrower, sol, 10_000_000_000n);
  await market.borrow(borrower, usdc, 400_000_000n, [usdc, sol]);
  mover = await market.newUser();
});
afterAll(async () => {
  await market.close();
});

async function snapshot(): Promise<Market> {
  return loadMarket(market.connection, { programId: PROGRAM.toBase58(), group: market.group.toBase58() });
}

/** The point the SDK's math gives the bank, in the units the route documents. */
function expectedPoint(read: Market, priced: PricedBank, startTime: number): Point {
  const interest = priced.bank.config.interestRateConfig;
  const { lendingApy, borrowingApy } = interestRates(priced);
  const fees = programFeesOf(read.group);
  const price = midPrice(priced.price);
  return {
    start_time: startTime,
    total_deposits: nativeToUi(floorNative(priced.totalAssets), priced.decimals),
    total_borrows: nativeToUi(ceilNative(priced.totalLiabilities), priced.decimals),
    deposit_rate: toNumber(lendingApy),
    borrow_rate: toNumber(borrowingApy),
    utilization: toNumber(utilizationRate(priced)),
    usd_price: price === null ? null : toNumber(price),
    optimal_utilization_rate: toNumber(interest.optimalUtilizationRate),
    plateau_interest_rate: toNumber(interest.plateauInterestRate),
    max_interest_rate: toNumber(interest.maxInterestRate),
    insurance_fee_fixed_apr: toNumber(interest.insuranceFeeFixedApr),
    insurance_ir_fee: toNumber(interest.insuranceIrFee),
    protocol_fixed_fee_apr: toNumber(interest.protocolFixedFeeApr),
    protocol_ir_fee: toNumber(interest.protocolIrFee),
    protocol_origination_fee: toNumber(interest.protocolOriginationFee),
    program_fee_rate: toNumber(fees.enabled ? fees.programFeeRate : fx.ZERO),
    kamino_supply_apy: null,
  };
}

/** Every bank's expected point at `startTime`, keyed by bank. */
async function expectedPoints(startTime: number): Promise<Map<string, Point>> {
  const read = await snapshot();
  return new Map([...read.banks.values()].map((p) => [p.address, expectedPoint(read, p, startTime)] as const));
}

/** The route's bucketing, written out: the window's points, the latest of each epoch-aligned bucket, by time. */
function bucketed(points: readonly Point[], period: Period, now: number): Point[] {
  const { window, bucket } = PERIODS[period];
  const latest = new Map<number, Point>();
  for (const point of points) {
    if (window !== null && point.start_time < now - window) continue;
    const key = Math.floor(point.start_time / bucket);
    const kept = latest.get(key);
    if (!kept || kept.start_time < point.start_time) latest.set(key, point);
  }
  return [...latest.values()].sort((a, b) => a.start_time - b.start_time);
}

describe.each(DIALECTS)("on %s", (dialect) => {
  let server: RunningServer;
  let clock = T0;
  beforeAll(async () => {
    server = await startTestServer(market, { dialect, now: () => clock });
  });
  afterAll(async () => {
    await server.close();
  });

  const historic = (bank: string, period: string) => api(server, "GET", `/api/banks/db/${bank}/historic/${period}`);

  it("answers 400 naming the field for a bad bank or period, 404 for an unknown bank, [] for a bank without points", async () => {
    const bank = usdc.key.toBase58();
    // Base58 of 31 and 33 bytes: trimming or extending a random address's text may still spell 32 bytes.
    const wrongLength = [bs58.encode(Buffer.alloc(31, 7)), bs58.encode(Buffer.alloc(33, 7))];
    for (const bad of ["abc", "0OIl" + bank.slice(4), ...wrongLength]) {
      expect(await historic(encodeURIComponent(bad), "1d")).toMatchObject({
        status: 400,
        body: { success: false, error: "Invalid params.bank: must be a base58 address of 32 bytes", field: "params.bank" },
      });
    }
    for (const bad of ["2d", "ALL", "1D", "day"]) {
      expect(await historic(bank, bad)).toMatchObject({
        status: 400,
        body: { success: false, error: "Invalid params.period: must be one of 1d, 7d, 30d, all", field: "params.period" },
      });
    }
    const unknown = Keypair.generate().publicKey.toBase58();
    for (const period of ["1d", "all"]) {
      const { status, body } = await historic(unknown, period);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, error: `Bank ${unknown} not found` });
    }
    // The group's market account is a valid address but no bank.
    expect((await historic(market.group.toBase58(), "7d")).status).toBe(404);

    const empty = await historic(bank, "1d");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });

  it("stores one point per bank at the start of the interval, replaced by a rerun in it, and buckets the job's points", async () => {
    const usdcKey = usdc.key.toBase58();
    const solKey = sol.key.toBase58();
    const pointsOf = async (bank: string) =>
      (await server.context.db.selectFrom("bank_history").selectAll().where("bank", "=", bank).orderBy("start_time").execute()).map(
        ({ bank: _bank, asset_share_value: _a, liability_share_value: _l, mint_decimals: _d, taken_at: _t, ...point }) => point,
      );

    clock = T0 + 125;
    expect(await server.jobs.bankHistory.run()).toEqual({ startTime: T0, points: 2, lstRates: 0 });
    const first = await expectedPoints(T0);
    expect(await pointsOf(usdcKey)).toEqual([first.get(usdcKey)]);
    expect(await pointsOf(solKey)).toEqual([first.get(solKey)]);
    const read = await snapshot();
    const valuing = await server.context.db
      .selectFrom("bank_history")
      .select(["bank", "asset_share_value", "liability_share_value", "mint_decimals", "taken_at"])
      .execute();
    expect(valuing.sort((a, b) => (a.bank < b.bank ? -1 : 1))).toEqual(
      [usdcKey, solKey].sort().map((bank) => ({
        bank,
        asset_share_value: String(read.banks.get(bank)!.assetShareValue),
        liability_share_value: String(read.banks.get(bank)!.bank.liabilityShareValue),
        mint_decimals: bank === usdcKey ? 6 : 9,
        taken_at: T0 + 125,
      })),
    );
    const usdcPoint = first.get(usdcKey)!;
    expect(usdcPoint).toMatchObject({
      usd_price: 1,
      optimal_utilization_rate: 0,
      plateau_interest_rate: 0,
      max_interest_rate: 0,
      insurance_fee_fixed_apr: 0,
      protocol_ir_fee: 0,
      kamino_supply_apy: null,
    });
    expect(usdcPoint.total_deposits).toBeGreaterThanOrEqual(1_000);
    expect(usdcPoint.total_borrows).toBeGreaterThanOrEqual(400);
    expect(usdcPoint.utilization).toBeCloseTo(usdcPoint.total_borrows / usdcPoint.total_deposits, 6);
    expect(usdcPoint.insurance_ir_fee).toBeCloseTo(0.1, 12);
    expect(usdcPoint.protocol_fixed_fee_apr).toBeCloseTo(0.01, 12);
    expect(usdcPoint.protocol_origination_fee).toBeCloseTo(0.005, 12);
    expect(usdcPoint.program_fee_rate).toBeCloseTo(0.02, 12);
    expect(usdcPoint.deposit_rate).toBeGreaterThan(0);
    expect(usdcPoint.borrow_rate).toBeGreaterThan(usdcPoint.deposit_rate);
    expect(first.get(solKey)).toMatchObject({ usd_price: 150, total_deposits: 10, total_borrows: 0, utilization: 0, deposit_rate: 0 });

    // The chain moves; a rerun later in the same hour replaces the hour's points, and a run with nothing new changes nothing.
    await market.deposit(mover, usdc, 250_000_000n);
    clock = T0 + 3_000;
    expect(await server.jobs.bankHistory.run()).toEqual({ startTime: T0, points: 2, lstRates: 0 });
    const replaced = await expectedPoints(T0);
    expect(replaced.get(usdcKey)!.total_deposits).toBeCloseTo(usdcPoint.total_deposits + 250, 6);
    expect(await pointsOf(usdcKey)).toEqual([replaced.get(usdcKey)]);
    await server.jobs.bankHistory.run();
    expect(await pointsOf(usdcKey)).toEqual([replaced.get(usdcKey)]);

    clock = T0 + HOUR + 1;
    expect(await server.jobs.bankHistory.run()).toEqual({ startTime: T0 + HOUR, points: 2, lstRates: 0 });
    await market.deposit(mover, usdc, 1_000_000n);
    clock = T0 + 2 * HOUR + 7;
    await server.jobs.bankHistory.run();
    const third = await expectedPoints(T0 + 2 * HOUR);
    const stored = await pointsOf(usdcKey);
    expect(stored.map((p) => p.start_time)).toEqual([T0, T0 + HOUR, T0 + 2 * HOUR]);
    expect(stored[2]).toEqual(third.get(usdcKey));

    clock = T0 + 2 * HOUR + 100;
    const day = await historic(usdcKey, "1d");
    expect(day.status).toBe(200);
    expect(day.headers.get("cache-control")).toBe("public, max-age=900");
    expect(day.body).toEqual(stored);
    for (const period of ["7d", "30d", "all"] as const) {
      const { status, body, headers } = await historic(usdcKey, period);
      expect(status).toBe(200);
      expect(headers.get("cache-control")).toBe("public, max-age=3600");
      // One 4-hour or daily bucket: its latest point.
      expect(body).toEqual([stored[2]]);
    }
    // A day later the first point has left the 1d window.
    clock = T0 + DAY + HOUR;
    expect((await historic(usdcKey, "1d")).body).toEqual(stored.slice(1));
    expect((await historic(solKey, "1d")).body).toEqual((await pointsOf(solKey)).slice(1));
  });

  it("buckets a random history exactly: the window's points, the latest of each epoch-aligned bucket, in time order", async () => {
    const next = seededRandom(dialect === "sqlite" ? 6 : 7);
    const bank = Keypair.generate().publicKey.toBase58();
    const neighbour = Keypair.generate().publicKey.toBase58();
    const times = new Set<number>();
    // Bucket and window edges on purpose (the only points of the last two days), then random times over 400 days.
    for (const edge of [T0, T0 - 1, T0 - HOUR, T0 - HOUR - 1, T0 - DAY, T0 - DAY - 1, T0 - 4 * HOUR, T0 - 7 * DAY, T0 - 30 * DAY - 1])
      times.add(edge);
    while (times.size < 400) times.add(T0 - 2 * DAY - Math.floor(next() * 398 * DAY));
    const value = () => (next() < 0.1 ? 0 : next() * 10 ** Math.floor(next() * 12 - 4));
    const points: Point[] = [...times].map((start_time) => ({
      start_time,
      total_deposits: value(),
      total_borrows: value(),
      deposit_rate: value(),
      borrow_rate: value(),
      utilization: next(),
      usd_price: next() < 0.1 ? null : value(),
      optimal_utilization_rate: next(),
      plateau_interest_rate: value(),
      max_interest_rate: value(),
      insurance_fee_fixed_apr: value(),
      insurance_ir_fee: value(),
      protocol_fixed_fee_apr: value(),
      protocol_ir_fee: value(),
      protocol_origination_fee: value(),
      program_fee_rate: value(),
      kamino_supply_apy: next() < 0.5 ? null : value(),
    }));
    const db = server.context.db;
    for (let i = 0; i < points.length; i += 100) {
      await db
        .insertInto("bank_history")
        .values(points.slice(i, i + 100).map((p) => ({ bank, ...p })))
        .execute();
    }
    // Another bank's points at the same times must not leak in.
    await db
      .insertInto("bank_history")
      .values(points.slice(0, 50).map((p) => ({ ...p, bank: neighbour, total_deposits: -1 })))
      .execute();

    for (const now of [T0, T0 + 1, T0 + HOUR - 1, T0 + 3 * DAY + 17, T0 - 200 * DAY, T0 + 500 * DAY]) {
      clock = now;
      for (const period of ["1d", "7d", "30d", "all"] as const) {
        const { status, body } = await historic(bank, period);
        expect(status).toBe(200);
        expect(body).toEqual(bucketed(points, period, now));
      }
    }
    clock = T0;
    // T0 − 1 h and T0 − 1 s share an hour: its latest point stands for it; T0 − 1 d − 1 s is outside the window.
    expect((await historic(bank, "1d")).body.map((p: Point) => p.start_time)).toEqual([T0 - DAY, T0 - 4 * HOUR, T0 - HOUR - 1, T0 - 1, T0]);
    // Outside every window but "all", a bank with history is still known: empty, not 404.
    clock = T0 + 500 * DAY;
    expect(await historic(bank, "30d")).toMatchObject({ status: 200, body: [] });
  });
});
