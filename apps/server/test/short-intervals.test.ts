// The jobs at the sandbox's short intervals, on their real scheduler and clock, on both databases: snapshots every
// second accumulate one point per second and the charts show each of them; points every two seconds credit a real
// deposit its USD-days for exactly the time elapsed since the clock started, however many runs that took.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { FINE_HISTORY_MAX_POINTS, HISTORIC_PERIODS, historicBucket } from "../src/routes/banks.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";

const USD_LENT = 1_000;

let market: TestMarket;
let usdc: TestBank;
let lender: TestUser;

beforeAll(async () => {
  market = await TestMarket.start();
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  lender = await market.newUser();
  await market.deposit(lender, usdc, BigInt(USD_LENT) * 1_000_000n);
});
afterAll(async () => {
  await market.close();
});

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("chart buckets", () => {
  it("keep each period's own bucket for hourly snapshots, and cut a shorter snapshot history into at most 120", () => {
    for (const period of ["1d", "7d", "30d", "all"] as const) {
      expect(historicBucket(period, 3_600, 40 * 86_400)).toBe(HISTORIC_PERIODS[period].bucket);
      expect(historicBucket(period, 3_600, 0)).toBe(HISTORIC_PERIODS[period].bucket);
    }
    expect(FINE_HISTORY_MAX_POINTS).toBe(120);
    // 20 minutes of 30-second snapshots: every snapshot is a point, in every period.
    for (const period of ["1d", "7d", "30d", "all"] as const) expect(historicBucket(period, 30, 1_200)).toBe(30);
    // A day of them: 12-minute buckets; a month: the 1d view stops at its hour, the others at 6 hours.
    expect(historicBucket("30d", 30, 86_400)).toBe(720);
    expect(historicBucket("1d", 30, 30 * 86_400)).toBe(3_600);
    expect(historicBucket("30d", 30, 30 * 86_400)).toBe(21_600);
  });
});

describe.each(DIALECTS)("on %s, snapshots every second and points every two seconds", (dialect) => {
  let server: RunningServer;
  let startedAt: number;
  beforeAll(async () => {
    const before = Math.floor(Date.now() / 1000);
    server = await startTestServer(market, {
      dialect,
      config: { indexerIntervalMs: 100, snapshotIntervalMs: 1_000, pointsIntervalMs: 2_000 },
    });
    startedAt = before;
  });
  afterAll(async () => {
    await server.close();
  });

  it("fills the charts and the points within seconds, crediting USD-days for the elapsed time", async () => {
    const bank = usdc.key.toBase58();
    const history = await until(
      "GET /api/banks/db/:bank/historic/30d",
      async () => (await api<{ start_time: number }[]>(server, "GET", `/api/banks/db/${bank}/historic/30d`)).body,
      (points) => points.length >= 4,
    );
    // One point per one-second snapshot, in time order.
    const times = history.map((p) => p.start_time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);

    const wallet = lender.wallet.publicKey.toBase58();
    const mine = await until(
      "GET /api/points/:wallet",
      async () =>
        (await api<{ lendingPoints: number; borrowingPoints: number; updatedAt: number }>(server, "GET", `/api/points/${wallet}`)).body,
      (reply) => reply.lendingPoints > 0 && reply.updatedAt - startedAt >= 4,
    );
    expect((await api(server, "GET", "/api/points")).body).toMatchObject({ wallets: 1 });
    // Credited for whole elapsed seconds, not per run: at most the time since the server started, at least that less
    // the first two-second interval (the indexer may not have stored the deposit before the first run).
    const creditedSeconds = (mine.lendingPoints * 86_400) / USD_LENT;
    expect(Math.abs(creditedSeconds - Math.round(creditedSeconds))).toBeLessThan(1e-6);
    expect(Math.round(creditedSeconds)).toBeLessThanOrEqual(mine.updatedAt - startedAt);
    expect(Math.round(creditedSeconds)).toBeGreaterThanOrEqual(mine.updatedAt - startedAt - 4);
    expect(mine.borrowingPoints).toBe(0);
  });
});
