// The indexer on PostgreSQL through database faults in the middle of its runs, while lending transactions keep
// landing: each fault strikes while a run's batch transaction is provably open (its activity rows inserted, its
// balance update waiting on a lock another session holds), by the statement timeout, a terminated backend, a backend
// that stops answering, a fast restart and a `kill -9` of the postmaster. Every failed run leaves exactly the batches
// committed before it; once the database is back the indexer catches up with every action exactly once and
// indexed_balances equal to the chain, and the scheduled jobs (points, bank states, purge) resume by themselves. Its
// own cluster, so restarting it disturbs no other test file.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { seededRandom } from "../../../packages/ledger/test/support/random.js";
import { isDatabaseTimeout, isDatabaseUnavailable, StalledQueryError } from "../src/db/database.js";
import type { RunningServer } from "../src/server.js";
import { activityRows, expectBalancesMatchChain } from "./support/indexer-checks.js";
import { createDatabase, startPostgres, type PostgresCluster } from "./support/postgres.js";
import { startTestServer } from "./support/server.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const STATEMENT_TIMEOUT_MS = 1_000;

type Fault = "statement timeout" | "terminated backend" | "stopped backend" | "fast restart" | "kill -9";
const FAULTS: readonly Fault[] = [
  "statement timeout",
  "terminated backend",
  "fast restart",
  "stopped backend",
  "kill -9",
  "terminated backend",
  "statement timeout",
];

let cluster: PostgresCluster;
let databaseUrl: string;
let market: TestMarket;
let server: RunningServer;

beforeAll(async () => {
  cluster = await startPostgres();
  databaseUrl = await createDatabase(cluster.adminUrl);
  market = await TestMarket.start();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await market?.close();
  cluster?.stop();
});

/** A session on the server's database, for the test's locks and look-ups; a restart ends it without a fuss. */
async function adminSession(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A restart ends the session; unlistened, its error event would end the test process.
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

/** Random lending actions, one after another, until stopped: their signatures in landing (= chain) order. */
function lendingTraffic(banks: { sol: TestBank; usdc: TestBank }, users: TestUser[]) {
  const { sol, usdc } = banks;
  const signatures: string[] = [];
  const collateral = new Map<TestUser, bigint>(users.map((u) => [u, 0n]));
  const debt = new Map<TestUser, bigint>(users.map((u) => [u, 0n]));
  const next = seededRandom(20261128);
  const below = (n: number) => Math.floor(next() * n);
  const amount = (max: bigint) => 1n + BigInt(Math.floor(next() * Number(max)));
  let flowing = true;
  const done = (async () => {
    while (flowing) {
      const user = users[below(users.length)]!;
      const held = collateral.get(user)!;
      const owed = debt.get(user)!;
      const choice = below(4);
      if (choice === 0 || held < 60n * SOL) {
        const deposit = amount(20n * SOL) + 50n * SOL;
        signatures.push(await market.deposit(user, sol, deposit));
        collateral.set(user, held + deposit);
      } else if (choice === 1 && owed < 200n * USDC) {
        const borrow = amount(50n * USDC);
        signatures.push(await market.borrow(user, usdc, borrow, [sol, usdc]));
        debt.set(user, owed + borrow);
      } else if (choice === 2 && owed > 0n) {
        const repay = amount(owed);
        signatures.push(await market.repay(user, usdc, repay));
        debt.set(user, owed - repay);
      } else {
        // Collateral stays above 50 SOL ($500), far over any debt.
        const withdraw = amount(held - 50n * SOL);
        signatures.push(await market.withdraw(user, sol, withdraw, [sol, usdc]));
        collateral.set(user, held - withdraw);
      }
    }
  })();
  return {
    signatures,
    collateral,
    debt,
    /** Resolves once `count` more actions have landed. */
    async more(count: number) {
      const target = signatures.length + count;
      await expect.poll(() => signatures.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(target);
    },
    async stop() {
      flowing = false;
      await done;
    },
  };
}

describe("the indexer through PostgreSQL faults mid-run", () => {
  let lender: TestUser;
  let users: TestUser[];
  let traffic: ReturnType<typeof lendingTraffic>;

  /** The traffic's actions as indexed, in chain order (the users' account creations left out). */
  async function indexedActions(): Promise<string[]> {
    const traders = new Set(users.map((u) => u.account.toBase58()));
    return (await activityRows(server)).filter((r) => r.type !== "create_account" && traders.has(r.account)).map((r) => r.signature);
  }

  beforeAll(async () => {
    const sol = await market.addBank(9, { kind: "pyth", price: 10 });
    const usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    lender = await market.newUser();
    await market.deposit(lender, usdc, 10_000n * USDC);
    users = [await market.newUser(), await market.newUser(), await market.newUser()];
    server = await startTestServer(market, {
      database: { databaseUrl, sqlitePath: "" },
      // The indexer is run by hand, so each fault strikes a run the test holds; the other jobs run on their schedule.
      config: { databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS, pointsIntervalMs: 300, bankStateIntervalMs: 300, purgeIntervalMs: 300 },
    });
    traffic = lendingTraffic({ sol, usdc }, users);
  }, 60_000);
  afterAll(async () => {
    await traffic?.stop();
  });

  it("fails each struck run without a partial batch, then catches up: every action once, balances equal to the chain", async () => {
    for (const fault of FAULTS) {
      await traffic.more(2);
      const admin = await adminSession();
      // The batch transaction inserts its activity rows, then blocks replacing the accounts' balances.
      await admin.query("BEGIN");
      await admin.query("LOCK TABLE indexed_balances IN ACCESS EXCLUSIVE MODE");
      const { run, pid } = await runUntilBlocked(admin);
      const failure = await strike(fault, pid, run, admin);
      if (fault === "statement timeout") expect(isDatabaseTimeout(failure)).toBe(true);
      else if (fault === "stopped backend") expect(failure).toBeInstanceOf(StalledQueryError);
      else expect(isDatabaseUnavailable(failure)).toBe(true);
      await admin.query("ROLLBACK").catch(() => undefined);
      await admin.end().catch(() => undefined);
      if (fault === "fast restart" || fault === "kill -9") await cluster.bringUp();
      // Nothing of the struck batch was kept: what is indexed is the actions of the runs before, in order.
      const indexed = await retryWhileStarting(indexedActions);
      expect(indexed).toEqual(traffic.signatures.slice(0, indexed.length));
    }

    const recovered = Math.floor(Date.now() / 1000);
    await traffic.stop();
    await server.jobs.indexer.run();
    expect(await indexedActions()).toEqual(traffic.signatures);
    expect(traffic.signatures.length).toBeGreaterThanOrEqual(2 * FAULTS.length);
    await expectBalancesMatchChain(
      market,
      server,
      [lender, ...users].map((u) => ({ account: u.account.toBase58(), authority: u.wallet.publicKey.toBase58() })),
    );
    // The indexed amounts add up to what each user holds and owes.
    for (const user of users) {
      const rows = (await activityRows(server)).filter((r) => r.account === user.account.toBase58());
      const total = (type: string) => rows.filter((r) => r.type === type).reduce((sum, r) => sum + BigInt(r.amount!), 0n);
      expect(total("deposit") - total("withdraw")).toBe(traffic.collateral.get(user));
      expect(total("borrow") - total("repay")).toBe(traffic.debt.get(user));
    }

    // The scheduled jobs failed their runs through the faults and went on: each has run since the last recovery.
    const db = server.context.db;
    await expect
      .poll(async () => (await db.selectFrom("points_state").select("last_accrual_at").executeTakeFirst())?.last_accrual_at, {
        timeout: 20_000,
      })
      .toBeGreaterThan(recovered);
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom("bank_states")
              .select((eb) => eb.fn.max("updated_at").as("at"))
              .executeTakeFirst()
          )?.at,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(recovered);
  });
});

/**
 * Starts an indexer run and waits until its batch transaction blocks on the lock `admin` holds; returns the run (settling
 * to its error) and its backend. A run that fails before (on a connection a restart ended) is started again.
 */
async function runUntilBlocked(admin: pg.Client): Promise<{ run: Promise<unknown>; pid: number }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    let settled = false;
    const run = server.jobs.indexer.run().then(
      () => null,
      (error: unknown) => error,
    );
    void run.then(() => (settled = true));
    while (!settled) {
      // Inside the lock's transaction the activity view is a snapshot taken once; look afresh each time.
      await admin.query("SELECT pg_stat_clear_snapshot()");
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'delete from "indexed_balances"%'`,
      );
      if (rows[0]) return { run, pid: rows[0].pid };
      if (Date.now() > deadline) throw new Error("the indexer never reached its balance update");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const early = await run;
    if (early === null || !isDatabaseUnavailable(early)) throw new Error(`the run ended before the lock: ${String(early)}`);
  }
}

/** Makes the run in flight, whose backend `pid` waits on the lock `admin` holds, fail by `fault`; returns its error. */
async function strike(fault: Fault, pid: number, run: Promise<unknown>, admin: pg.Client): Promise<unknown> {
  switch (fault) {
    case "statement timeout":
      return run;
    case "terminated backend":
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      return run;
    case "stopped backend":
      // The backend cannot run its statement timeout while stopped: the server's own guard gives up on it.
      process.kill(pid, "SIGSTOP");
      try {
        return await run;
      } finally {
        process.kill(pid, "SIGCONT");
      }
    case "fast restart":
      await cluster.takeDown("fast");
      return run;
    case "kill -9":
      await cluster.takeDown("kill");
      return run;
  }
}

/** A query the pool may still send to a connection the restart ended: the next attempt gets a fresh one. */
async function retryWhileStarting<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 50 || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
