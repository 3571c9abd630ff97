// Two API servers on one PostgreSQL database behave as one: started together, exactly one leads and runs the led
// jobs (indexer, bank snapshots and states, points) while both run their own; a sign-in challenge issued by one is
// answered at the other, and a session made at one is valid, and ended, at both; rate limits count per instance. The
// indexer has one writer, and when that writer's process is killed (SIGKILL) the other instance takes over and indexes
// every action that follows, each once, none lost.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { RATE_LIMIT_ERRORS } from "../src/rate-limit.js";
import { SIGN_IN_ERRORS } from "../src/auth/sign-in.js";
import { openDatabase } from "../src/db/database.js";
import { indexerJob } from "../src/indexer/indexer.js";
import type { RunningServer } from "../src/server.js";
import { activityRow, activityRows, creationOf, expectBalancesMatchChain, type ActivityRow } from "./support/indexer-checks.js";
import { startMain } from "./support/main-process.js";
import { api, freshDatabase, startTestServer } from "./support/server.js";
import { newWallet, sessionCookie } from "./support/wallets.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const LED_JOBS = ["indexer", "bank-history", "bank-states", "points"];

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

async function until(what: string, done: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("two instances started together on one database", () => {
  let servers: RunningServer[];
  beforeAll(async () => {
    await market.addBank(6, { kind: "pyth", price: 1 });
    const database = await freshDatabase("postgres");
    // Every statement writing bank states leaves a row here, whichever instance ran it.
    const setup = await openDatabase({ ...database, databaseStatementTimeoutMs: 0 });
    await sql`CREATE TABLE bank_state_writes (at timestamptz NOT NULL DEFAULT clock_timestamp())`.execute(setup.db);
    await sql`CREATE FUNCTION count_bank_state_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO bank_state_writes DEFAULT VALUES; RETURN NULL; END $$`.execute(setup.db);
    await sql`CREATE TRIGGER bank_state_writes AFTER INSERT ON bank_states FOR EACH STATEMENT EXECUTE FUNCTION count_bank_state_write()`.execute(
      setup.db,
    );
    await setup.close();
    const config = {
      indexerIntervalMs: 200,
      snapshotIntervalMs: 1_000,
      bankStateIntervalMs: 300,
      pointsIntervalMs: 1_000,
      purgeIntervalMs: 300,
      challengeRateLimit: { limit: 2, windowSeconds: 600 },
      // The test's requests come as if through a balancer on loopback.
      trustedProxies: ["127.0.0.1"],
    };
    servers = await Promise.all([startTestServer(market, { database, config }), startTestServer(market, { database, config })]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it("run each led job on the leader alone, and their own jobs on both", async () => {
    await until("three snapshot runs", () => servers.some((server) => (server.jobRuns()["bank-history"] ?? 0) >= 3));
    const leaders = servers.filter((server) => server.leadership.leading);
    expect(leaders).toHaveLength(1);
    const [leader, follower] = leaders[0] === servers[0] ? servers : [servers[1]!, servers[0]!];
    for (const job of LED_JOBS) {
      expect(leader!.jobRuns()[job]).toBeGreaterThan(0);
      expect(follower!.jobRuns()[job]).toBeUndefined();
    }
    expect(leader!.jobRuns().purge).toBeGreaterThan(0);
    expect(follower!.jobRuns().purge).toBeGreaterThan(0);
    // What the leader's runs wrote, both serve: the stored bank states and the points clock.
    const [fromLeader, fromFollower] = await Promise.all([api(leader!, "GET", "/api/banks/db"), api(follower!, "GET", "/api/banks/db")]);
    expect(fromLeader.body.length).toBeGreaterThan(0);
    expect(fromFollower.body).toEqual(fromLeader.body);
    const clock = await follower!.context.db.selectFrom("points_state").select("last_accrual_at").executeTakeFirstOrThrow();
    expect(clock.last_accrual_at).toBeGreaterThan(0);
  });

  it("answer a sign-in challenge of one at the other, and share its session and its end", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const wallet = newWallet();
    const challenge = await api(a, "POST", "/api/auth/login", { walletAddress: wallet.address });
    expect(challenge.body.requiresSignature).toBe(true);
    const answer = {
      walletAddress: wallet.address,
      signature: wallet.sign(challenge.body.message).toString("base64"),
      signedMessage: challenge.body.message,
    };
    const signup = await api(b, "POST", "/api/auth/signup", { ...answer, walletId: "phantom" });
    expect(signup.status).toBe(200);
    expect(signup.body.user.walletAddress).toBe(wallet.address);
    // Spent at B, the same signature is refused at A.
    const replay = await api(a, "POST", "/api/auth/login", answer);
    expect(replay).toMatchObject({ status: 401, body: { success: false, error: SIGN_IN_ERRORS.used } });

    const cookie = sessionCookie(signup.headers)!.pair;
    for (const server of servers) {
      const me = await api(server, "GET", "/api/auth/user", undefined, { cookie });
      expect(me.body.user.walletAddress).toBe(wallet.address);
    }
    const logout = await api(a, "POST", "/api/auth/logout", undefined, { cookie });
    expect(logout.body).toEqual({ success: true });
    for (const server of servers) expect((await api(server, "GET", "/api/auth/user", undefined, { cookie })).body).toEqual({ user: null });
  });

  it("count a client's challenges per instance, by the address a trusted balancer forwards", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const walletAddress = newWallet().address;
    const from = (client: string) => ({ "x-forwarded-for": client });
    for (let i = 0; i < 2; i++) expect((await api(a, "POST", "/api/auth/login", { walletAddress }, from("203.0.113.7"))).status).toBe(200);
    const refused = await api(a, "POST", "/api/auth/login", { walletAddress }, from("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(RATE_LIMIT_ERRORS.challenges(Number(refused.headers.get("retry-after"))));
    expect((await api(a, "POST", "/api/auth/login", { walletAddress }, from("203.0.113.8"))).status).toBe(200);
    expect((await api(b, "POST", "/api/auth/login", { walletAddress }, from("203.0.113.7"))).status).toBe(200);
  });

  it("wrote the bank states once per run of the leader, and never from the follower", async () => {
    // The follower first: closed first, the leader would free the lock for the follower's next turn.
    for (const server of [...servers].sort((x, y) => Number(x.leadership.leading) - Number(y.leadership.leading))) await server.close();
    const runs = servers.map((server) => server.jobRuns()["bank-states"] ?? 0);
    expect(runs.filter((count) => count > 0)).toHaveLength(1);
    const check = await openDatabase({
      databaseUrl: servers[0]!.context.config.databaseUrl,
      sqlitePath: "",
      databaseStatementTimeoutMs: 0,
    });
    try {
      const { rows } = await sql<{ writes: string }>`SELECT count(*) AS writes FROM bank_state_writes`.execute(check.db);
      expect(Number(rows[0]!.writes)).toBe(runs[0]! + runs[1]!);
    } finally {
      await check.close();
    }
  });
});

describe("the indexer across instances", () => {
  let sol: TestBank;
  let usdc: TestBank;
  let banks: TestBank[];
  let follower: RunningServer | undefined;
  /** Every row the group's actions must leave, in chain order. */
  const expected: ActivityRow[] = [];

  beforeAll(async () => {
    // A group of its own, so the describe above's activity is not this one's.
    market.group = await market.createGroup();
    sol = await market.addBank(9, { kind: "pyth", price: 10 });
    usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    banks = [sol, usdc];
  });
  afterAll(async () => {
    await follower?.close();
  });

  it("has one writer, and when its process is killed the other instance indexes everything after it, once", async () => {
    const lender = await market.newUser();
    expected.push(activityRow(await creationOf(market, lender), "create_account", lender, null, null));
    expected.push(activityRow(await market.deposit(lender, usdc, 1_000n * USDC), "deposit", lender, usdc, 1_000n * USDC));

    const { databaseUrl } = await freshDatabase("postgres");
    const leader = startMain({
      GROUP: market.group.toBase58(),
      RPC_URL: market.net.rpc.url,
      MARGINFI_PROGRAM_ID: PROGRAM.toBase58(),
      PORT: "0",
      DATABASE_URL: databaseUrl!,
      INDEXER_INTERVAL_MS: "200",
      SNAPSHOT_INTERVAL_MS: "0",
      POINTS_INTERVAL_MS: "0",
      BANK_STATE_INTERVAL_MS: "0",
      PURGE_INTERVAL_MS: "0",
      SWAP_POOL_INTERVAL_MS: "0",
      LOG_LEVEL: "info",
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => leader.child.once("exit", (_code, signal) => resolve(signal)));
    let borrower: TestUser;
    try {
      await leader.next("took the lead of the cluster's jobs");
      const server = await startTestServer(market, { database: { databaseUrl, sqlitePath: "" }, config: { indexerIntervalMs: 200 } });
      follower = server;
      await until("the child indexed the history", async () => (await activityRows(server)).length === expected.length);

      borrower = await market.newUser();
      expected.push(activityRow(await creationOf(market, borrower), "create_account", borrower, null, null));
      expected.push(activityRow(await market.deposit(borrower, sol, 2n * SOL), "deposit", borrower, sol, 2n * SOL));
      expected.push(activityRow(await market.borrow(borrower, usdc, 10n * USDC, banks), "borrow", borrower, usdc, 10n * USDC));
      await until("the child indexed the borrow", async () => (await activityRows(server)).length === expected.length);
      expect(await activityRows(server)).toEqual(expected);
      expect(server.leadership.leading).toBe(false);
      expect(server.jobRuns().indexer).toBeUndefined();

      // Killed as an action lands, whether or not it has read it yet.
      expected.push(activityRow(await market.repay(borrower, usdc, 4n * USDC), "repay", borrower, usdc, 4n * USDC));
      leader.child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
    } finally {
      leader.child.kill("SIGKILL");
    }
    expect(leader.lines.map((line) => line.msg)).not.toContain("lost the lead of the cluster's jobs");

    expected.push(activityRow(await market.withdraw(borrower, sol, SOL / 2n, banks), "withdraw", borrower, sol, SOL / 2n));
    expected.push(activityRow(await market.repay(borrower, usdc, 0n, true), "repay", borrower, usdc, 6n * USDC));
    const server = follower;
    await until("the follower took the lead", () => server.leadership.leading);
    await until("the follower indexed the rest", async () => (await activityRows(server)).length >= expected.length);
    expect(await activityRows(server)).toEqual(expected);
    expect(server.jobRuns().indexer).toBeGreaterThan(0);
    await expectBalancesMatchChain(
      market,
      server,
      [lender, borrower].map((user) => ({ account: user.account.toBase58(), authority: user.wallet.publicKey.toBase58() })),
    );
  });

  it("commits the batch of only one of two indexers that read the same cursor: the other rolls back and stops", async () => {
    const server = await startTestServer(market, { dialect: "postgres" });
    try {
      // The late indexer reads the cursor and the signatures, then waits for its transactions until the first is done.
      let reached!: () => void;
      const waiting = new Promise<void>((resolve) => (reached = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const connection = server.context.connection;
      const held = new Proxy(connection, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== "function") return value;
          return async (...args: unknown[]) => {
            if (property === "getTransactions") {
              reached();
              await released;
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const late = indexerJob({ ...server.context, connection: held }).run();
      await waiting;
      expect(await indexerJob(server.context).run()).toMatchObject({ events: expected.length });
      release();
      expect(await late).toEqual({ signatures: 0, events: 0 });
      expect(await activityRows(server)).toEqual(expected);
    } finally {
      await server.close();
    }
  });
});
