// The points programme on both databases: balances really lent and borrowed on the ledger (shares read from the
// accounts, as the indexer stores them), the job run at controlled times, and the routes' exact replies.
import { decodeMarginfiAccount } from "@ballast/protocol";
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import type { Db } from "../src/db/database.js";
import type { PointsRun } from "../src/jobs/points.js";
import { noPoints } from "../src/points/accrual.js";
import { saveAccrual } from "../src/points/store.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";
import { seededRandom } from "../../../packages/ledger/test/support/random.js";

const DAY = 86_400;
const T0 = 1_750_000_000;
const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

interface BalanceRow {
  account: string;
  bank: string;
  authority: string;
  asset_shares: string;
  liability_shares: string;
  slot: number;
}

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let erin: TestUser;
/** The indexed balances after the first round of actions, and after the second. */
let phaseA: BalanceRow[];
let phaseB: BalanceRow[];

/** The account's active balances as the indexer stores them: shares as I80F48 raw bits. */
async function indexedRows(user: TestUser): Promise<BalanceRow[]> {
  const account = decodeMarginfiAccount((await market.connection.getAccountInfo(user.account))!.data);
  const slot = await market.connection.getSlot();
  return account.lendingAccount.balances
    .filter((b) => b.active !== 0)
    .map((b) => ({
      account: user.account.toBase58(),
      bank: b.bankPk,
      authority: account.authority,
      asset_shares: b.assetShares.toString(),
      liability_shares: b.liabilityShares.toString(),
      slot,
    }));
}

/** The raw bits of a whole number of native units at share value 1. */
const shares = (native: bigint) => (native << 48n).toString();

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 150 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  [alice, bob, carol, dave, erin] = [
    await market.newUser(),
    await market.newUser(),
    await market.newUser(),
    await market.newUser(),
    await market.newUser(),
  ];
  await market.deposit(alice, sol, 10n * SOL);
  await market.deposit(bob, sol, 10n * SOL);
  await market.deposit(carol, usdc, 2_000n * USDC);
  await market.borrow(bob, usdc, 500n * USDC, [sol, usdc]);
  phaseA = [...(await indexedRows(alice)), ...(await indexedRows(bob)), ...(await indexedRows(carol))];
  await market.withdraw(carol, usdc, 1_000n * USDC, [sol, usdc]);
  await market.deposit(erin, sol, SOL);
  phaseB = [...(await indexedRows(alice)), ...(await indexedRows(bob)), ...(await indexedRows(carol)), ...(await indexedRows(erin))];
});
afterAll(async () => {
  await market.close();
});

async function setBalances(db: Db, rows: readonly BalanceRow[]): Promise<void> {
  await db.deleteFrom("indexed_balances").execute();
  if (rows.length > 0) await db.insertInto("indexed_balances").values(rows).execute();
}

async function addUser(db: Db, wallet: string, referredBy: string | null): Promise<void> {
  await db
    .insertInto("users")
    .values({
      wallet_address: wallet,
      wallet_id: null,
      referral_code: wallet.slice(0, 12),
      referred_by: referredBy,
      created_at: T0,
      last_login: T0,
    })
    .execute();
}

const run = (server: RunningServer) => server.jobs.points.run() as Promise<PointsRun>;
const walletOf = (user: TestUser) => user.wallet.publicKey.toBase58();

describe("the indexed balances, read from the ledger after real actions", () => {
  it("hold the exact shares of what was lent and borrowed at share value 1", () => {
    const row = (user: TestUser, bank: TestBank) =>
      phaseA.find((r) => r.account === user.account.toBase58() && r.bank === bank.key.toBase58());
    expect(phaseA).toHaveLength(4);
    expect(row(alice, sol)).toMatchObject({ authority: walletOf(alice), asset_shares: shares(10n * SOL), liability_shares: "0" });
    expect(row(bob, sol)).toMatchObject({ asset_shares: shares(10n * SOL), liability_shares: "0" });
    expect(row(bob, usdc)).toMatchObject({ asset_shares: "0", liability_shares: shares(500n * USDC) });
    expect(row(carol, usdc)).toMatchObject({ asset_shares: shares(2_000n * USDC), liability_shares: "0" });
    expect(phaseB.find((r) => r.account === carol.account.toBase58())!.asset_shares).toBe(shares(1_000n * USDC));
    expect(phaseB.find((r) => r.account === erin.account.toBase58())!.asset_shares).toBe(shares(SOL));
  });
});

describe.each(DIALECTS)("points on %s", (dialect) => {
  let clock = T0;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: RunningServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(market, { database, now: () => clock });
    const db = server.context.db;
    await addUser(db, walletOf(alice), null);
    await addUser(db, walletOf(bob), walletOf(alice));
    await addUser(db, walletOf(dave), walletOf(alice));
    await addUser(db, walletOf(erin), walletOf(bob));
  });
  afterAll(async () => {
    await server.close();
  });

  const points = async (query = "") => {
    const reply = await api(server, "GET", `/api/points${query}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const walletPoints = async (user: TestUser | string, query = "") => {
    const reply = await api(server, "GET", `/api/points/${typeof user === "string" ? user : walletOf(user)}${query}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const entry = (user: TestUser, rank: number, lending: number, borrowing: number, referral: number) => ({
    rank,
    wallet: walletOf(user),
    totalPoints: lending + borrowing + referral,
    lendingPoints: lending,
    borrowingPoints: borrowing,
    referralPoints: referral,
  });

  it("reads empty before the first accrual", async () => {
    expect(await points()).toEqual({
      totalPoints: 0,
      wallets: 0,
      leaderboard: [],
      updatedAt: null,
      programme: { lendingPointsPerUsdDay: 1, borrowingPointsPerUsdDay: 2, referralShare: 0.1 },
      pointsBoost: null,
    });
    expect(await walletPoints(alice)).toEqual({
      wallet: walletOf(alice),
      rank: null,
      totalPoints: 0,
      lendingPoints: 0,
      borrowingPoints: 0,
      referralPoints: 0,
      referralCount: 2,
      updatedAt: null,
    });
  });

  it("starts its clock on the first run without granting points; balances it cannot value count nothing", async () => {
    await setBalances(server.context.db, [
      ...phaseA,
      // A bank outside the group and unreadable shares: skipped, not fatal.
      {
        ...phaseA[0]!,
        account: new PublicKey(new Uint8Array(32).fill(7)).toBase58(),
        bank: new PublicKey(new Uint8Array(32).fill(9)).toBase58(),
      },
      { ...phaseA[0]!, account: new PublicKey(new Uint8Array(32).fill(8)).toBase58(), asset_shares: "12.5" },
    ]);
    expect(await run(server)).toEqual({ status: "started", at: T0, wallets: 3 });
    const global = await points("?valuation=1000000000");
    expect(global).toMatchObject({ totalPoints: 0, wallets: 0, leaderboard: [], updatedAt: T0, pointsBoost: null });
    expect(await walletPoints(bob)).toMatchObject({ rank: null, totalPoints: 0, referralCount: 1, updatedAt: T0 });
  });

  it("grants 1 point per USD-day lent, 2 per USD-day borrowed and a tenth of referees' points to their referrer", async () => {
    clock = T0 + DAY;
    // Alice $1,500 lent; Bob $1,500 lent and $500 borrowed; Carol $2,000 lent; Alice referred Bob: 10% of 2,500.
    expect(await run(server)).toEqual({ status: "accrued", at: T0 + DAY, elapsedSeconds: DAY, wallets: 3, points: 6_250 });
    expect(await points()).toMatchObject({
      totalPoints: 6_250,
      wallets: 3,
      leaderboard: [entry(bob, 1, 1_500, 1_000, 0), entry(carol, 2, 2_000, 0, 0), entry(alice, 3, 1_500, 0, 250)],
      updatedAt: T0 + DAY,
    });
    expect(await walletPoints(alice, "?v=f1")).toEqual({
      wallet: walletOf(alice),
      rank: 3,
      totalPoints: 1_750,
      lendingPoints: 1_500,
      borrowingPoints: 0,
      referralPoints: 250,
      referralCount: 2,
      updatedAt: T0 + DAY,
    });
    expect(await walletPoints(dave)).toMatchObject({ rank: null, totalPoints: 0, referralCount: 0, updatedAt: T0 + DAY });
  });

  it("adds nothing when run again at the same time, nor after a restart on the same database", async () => {
    const before = await points();
    expect(await run(server)).toEqual({ status: "unchanged", at: T0 + DAY, lastAccrual: T0 + DAY });
    expect(await points()).toEqual(before);
    await server.close();
    server = await startTestServer(market, { database, now: () => clock });
    expect(await run(server)).toEqual({ status: "unchanged", at: T0 + DAY, lastAccrual: T0 + DAY });
    expect(await points()).toEqual(before);
  });

  it("credits an interval with the smaller of each wallet's holdings at its start and its end", async () => {
    // Carol withdrew $1,000 and Erin deposited $150 during the day: Carol earns on $1,000, Erin on nothing yet.
    await setBalances(server.context.db, phaseB);
    clock = T0 + 2 * DAY;
    expect(await run(server)).toMatchObject({ status: "accrued", elapsedSeconds: DAY, wallets: 4, points: 5_250 });
    expect(await points()).toMatchObject({
      totalPoints: 11_500,
      wallets: 3,
      leaderboard: [entry(bob, 1, 3_000, 2_000, 0), entry(alice, 2, 3_000, 0, 500), entry(carol, 3, 3_000, 0, 0)],
    });
    expect(await walletPoints(erin)).toMatchObject({ rank: null, totalPoints: 0 });
    // Six hours later everyone held the same throughout: a quarter of a day's points; Bob earns from referring Erin.
    clock = T0 + 2 * DAY + 6 * 3_600;
    expect(await run(server)).toMatchObject({ status: "accrued", elapsedSeconds: 6 * 3_600, wallets: 4, points: 1_353.75 });
    expect(await points()).toMatchObject({
      totalPoints: 12_853.75,
      wallets: 4,
      leaderboard: [
        entry(bob, 1, 3_375, 2_250, 3.75),
        entry(alice, 2, 3_375, 0, 562.5),
        entry(carol, 3, 3_250, 0, 0),
        entry(erin, 4, 37.5, 0, 0),
      ],
      updatedAt: T0 + 2 * DAY + 6 * 3_600,
    });
    expect(await walletPoints(erin)).toMatchObject({ rank: 4, totalPoints: 37.5, lendingPoints: 37.5, referralCount: 0 });
  });

  it("prices the points as a boost from an estimated token valuation (spec §9)", async () => {
    const { pointsBoost } = await points("?valuation=1000000000");
    // 0.2 × 1e9 × (2 − 1) / 12,853.75 points × 365 for borrowing; lending earns the base rate, no boost.
    expect(pointsBoost.valuation).toBe(1_000_000_000);
    expect(pointsBoost.lending).toBe(0);
    expect(pointsBoost.borrowing).toBeCloseTo(((0.2 * 1e9) / 12_853.75) * 365, 4);
  });

  it("ignores a clock that went back, and never takes points away when holdings vanish", async () => {
    const before = await points();
    clock = T0;
    expect(await run(server)).toEqual({ status: "unchanged", at: T0, lastAccrual: T0 + 2 * DAY + 6 * 3_600 });
    await setBalances(server.context.db, []);
    clock = T0 + 3 * DAY;
    expect(await run(server)).toMatchObject({ status: "accrued", points: 0, wallets: 4 });
    expect(await points()).toEqual({ ...before, updatedAt: T0 + 3 * DAY });
    // Holdings of zero at the start of the next interval: a deposit appearing now earns only from the next run on.
    await setBalances(server.context.db, phaseA);
    clock = T0 + 4 * DAY;
    expect(await run(server)).toMatchObject({ status: "accrued", points: 0 });
    expect((await points()).totalPoints).toBe(12_853.75);
  });

  it("counts an interval once when runs of one process race", async () => {
    const before = (await points()).totalPoints;
    clock = T0 + 5 * DAY;
    const [first, second] = await Promise.all([run(server), run(server)]);
    expect(first).toMatchObject({ status: "accrued", points: 6_250 });
    expect(second).toEqual({ status: "unchanged", at: T0 + 5 * DAY, lastAccrual: T0 + 5 * DAY });
    expect((await points()).totalPoints).toBe(before + 6_250);
  });

  it("saves an accrual only if the clock still reads what the run started from", async () => {
    const before = await points();
    expect(await saveAccrual(server.context.db, T0 + 4 * DAY, T0 + 9 * DAY, [noPoints(walletOf(dave))])).toBe(false);
    expect(await points()).toEqual(before);
    expect(await walletPoints(dave)).toMatchObject({ totalPoints: 0, updatedAt: T0 + 5 * DAY });
  });

  // Two servers in one test process can only share PostgreSQL: on one SQLite file, the synchronous driver of one
  // would wait for the other's lock while blocking the event loop the other needs to release it.
  if (dialect === "postgres")
    it("counts an interval once when two servers on the same database race", async () => {
      const before = (await points()).totalPoints;
      const other = await startTestServer(market, { database, now: () => clock });
      try {
        clock = T0 + 6 * DAY;
        const statuses = (await Promise.all([run(server), run(other)])).map((r) => r.status).sort();
        // The loser either saw the clock already moved or lost its claim on it.
        expect(statuses[0]).toBe("accrued");
        expect(["taken", "unchanged"]).toContain(statuses[1]);
      } finally {
        await other.close();
      }
      expect((await points()).totalPoints).toBe(before + 6_250);
    });

  it("answers a malformed wallet or version 400 naming the field", async () => {
    const badWallet = await api(server, "GET", "/api/points/not-a-wallet");
    expect(badWallet.status).toBe(400);
    expect(badWallet.body).toMatchObject({
      success: false,
      error: "Invalid params.wallet: must be a base58-encoded 32-byte public key",
      field: "params.wallet",
    });
    const badVersion = await api(server, "GET", `/api/points/${walletOf(alice)}?v=f2`);
    expect(badVersion.status).toBe(400);
    expect(badVersion.body).toMatchObject({ success: false, error: 'Invalid query.v: Invalid input: expected "f1"', field: "query.v" });
    const badValuation = await api(server, "GET", "/api/points?valuation=-5");
    expect(badValuation.status).toBe(400);
    expect(badValuation.body).toMatchObject({
      success: false,
      error: "Invalid query.valuation: must be a US dollar amount such as 1000000000 or 2.5",
      field: "query.valuation",
    });
  });
});

describe.each(DIALECTS)("points properties on %s", (dialect) => {
  it("keep totals equal to the sum of their parts, only grow, and match the USD-day model over random runs", async () => {
    const next = seededRandom(20_240_601);
    const int = (below: number) => Math.floor(next() * below);
    let clock = T0;
    const server = await startTestServer(market, { dialect, now: () => clock });
    try {
      const db = server.context.db;
      const key = () => new PublicKey(Uint8Array.from({ length: 32 }, () => int(256))).toBase58();
      const wallets = Array.from({ length: 10 }, key);
      // Two accounts per wallet, so holdings add up across accounts.
      const accounts = wallets.map(() => [key(), key()]);
      for (const [i, wallet] of wallets.entries()) await addUser(db, wallet, i > 0 && next() < 0.6 ? wallets[int(i)]! : null);
      const referrerOf = new Map((await db.selectFrom("users").selectAll().execute()).map((u) => [u.wallet_address, u.referred_by]));

      type Side = { lent: number; borrowed: number };
      const model = new Map(wallets.map((w) => [w, { lending: 0, borrowing: 0, referral: 0, start: { lent: 0, borrowed: 0 } as Side }]));
      let last: number | null = null;
      const seen = new Map<string, { lending: number; borrowing: number; referral: number; total: number }>();

      for (let step = 0; step < 25; step++) {
        const rows: BalanceRow[] = [];
        const held = new Map<string, Side>(wallets.map((w) => [w, { lent: 0, borrowed: 0 }]));
        for (const [i, wallet] of wallets.entries()) {
          for (const account of accounts[i]!) {
            if (next() < 0.3) continue;
            const lamports = BigInt(int(1_000)) * SOL + BigInt(int(1_000_000_000));
            rows.push({
              account,
              bank: sol.key.toBase58(),
              authority: wallet,
              asset_shares: shares(lamports),
              liability_shares: "0",
              slot: step,
            });
            held.get(wallet)!.lent += (Number(lamports) * 150) / 1e9;
            if (next() < 0.5) {
              const units = BigInt(int(50_000_000_000));
              const borrowing = next() < 0.5;
              rows.push({
                account,
                bank: usdc.key.toBase58(),
                authority: wallet,
                asset_shares: borrowing ? "0" : shares(units),
                liability_shares: borrowing ? shares(units) : "0",
                slot: step,
              });
              held.get(wallet)![borrowing ? "borrowed" : "lent"] += Number(units) / 1e6;
            }
          }
        }
        await setBalances(db, rows);
        const dt = [0, 0, 3_600, DAY, int(2 * DAY)][int(5)]!;
        clock += next() < 0.1 ? -dt : dt;

        // The model: min of both ends per side, weights 1 and 2, a tenth to the referrer.
        if (last === null || clock > last) {
          const elapsed = last === null ? 0 : clock - last;
          for (const wallet of wallets) {
            const record = model.get(wallet)!;
            const end = held.get(wallet)!;
            const lending = (Math.min(record.start.lent, end.lent) * elapsed) / DAY;
            const borrowing = (2 * Math.min(record.start.borrowed, end.borrowed) * elapsed) / DAY;
            record.lending += lending;
            record.borrowing += borrowing;
            record.start = end;
            const referrer = referrerOf.get(wallet);
            if (referrer) model.get(referrer)!.referral += (lending + borrowing) / 10;
          }
          last = clock;
        }

        await run(server);
        const { leaderboard, totalPoints, updatedAt } = (await api(server, "GET", "/api/points")).body;
        expect(updatedAt).toBe(last);
        let sum = 0;
        for (const wallet of wallets) {
          const { body } = await api(server, "GET", `/api/points/${wallet}`);
          const record = {
            lending: body.lendingPoints,
            borrowing: body.borrowingPoints,
            referral: body.referralPoints,
            total: body.totalPoints,
          };
          expect(record.total).toBe(record.lending + record.borrowing + record.referral);
          const previous = seen.get(wallet) ?? { lending: 0, borrowing: 0, referral: 0, total: 0 };
          for (const part of ["lending", "borrowing", "referral", "total"] as const)
            expect(record[part]).toBeGreaterThanOrEqual(previous[part]);
          seen.set(wallet, record);
          const expected = model.get(wallet)!;
          for (const part of ["lending", "borrowing", "referral"] as const) {
            expect(Math.abs(record[part] - expected[part])).toBeLessThanOrEqual(1e-9 * Math.max(1, expected[part]));
          }
          const listed = leaderboard.find((e: { wallet: string }) => e.wallet === wallet);
          expect(body.rank).toBe(listed ? listed.rank : null);
          sum += record.total;
        }
        expect(Math.abs(totalPoints - sum)).toBeLessThanOrEqual(1e-9 * Math.max(1, sum));
      }
      // The walk must have granted every kind of points, or it proved little.
      const all = [...seen.values()];
      for (const part of ["lending", "borrowing", "referral"] as const) expect(all.some((r) => r[part] > 0)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
