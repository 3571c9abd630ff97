// The server on a slow database. On PostgreSQL every statement has the statement timeout (1 s here) and a query waits
// that long at most for a pooled connection, so while another session holds a lock on the tables the routes read,
// or the database's backends stop answering altogether, those routes answer 503 with the statement-timeout error
// instead of hanging, other routes keep answering, and everything answers 200 once the database is quick again.
// Migrations are exempt: a server starting waits as long as another holds the migration lock.
// SQLite keeps its busy timeout: a write lock held by another process costs a 503 of the same kind.
import { Keypair } from "@solana/web3.js";
import Database from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import { SQLITE_BUSY_TIMEOUT_MS, openDatabase } from "../src/db/database.js";
import { DATABASE_TIMED_OUT } from "../src/errors.js";
import type { RunningServer } from "../src/server.js";
import { ActivityFetchError, fetchActivity } from "../../web/src/api/activity.js";
import { Http } from "../../web/src/api/http.js";
import { api, freshDatabase, startTestServer } from "./support/server.js";

const STATEMENT_TIMEOUT_MS = 1_000;
const TIMED_OUT = { success: false, error: DATABASE_TIMED_OUT };
const wallet = Keypair.generate().publicKey.toBase58();

/** Routes that read the database and nothing else, and the tables they read. */
const ROUTES = [
  `/api/account-label/get?wallet_address=${wallet}`,
  `/api/activity/authority?address=${wallet}`,
  "/api/points",
  `/api/points/${wallet}`,
];
const TABLES = ["account_labels", "activity", "points", "users"];

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
}, 120_000);
afterAll(async () => {
  await market?.close();
});

async function statuses(server: RunningServer): Promise<number[]> {
  return Promise.all(ROUTES.map(async (path) => (await api(server, "GET", path)).status));
}

async function expectTimedOut(server: RunningServer, path: string): Promise<void> {
  const reply = await api(server, "GET", path);
  expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 503, body: TIMED_OUT });
  expect(reply.headers.get("retry-after")).toBe("5");
}

describe("a slow PostgreSQL", () => {
  let server: RunningServer;
  let admin: pg.Client;
  let database: string;
  let settings: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    settings = await freshDatabase("postgres");
    database = new URL(settings.databaseUrl!).pathname.slice(1);
    server = await startTestServer(market, { database: settings, config: { databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS } });
    admin = new pg.Client({ connectionString: inject("postgresAdminUrl").replace(/\/postgres$/, `/${database}`) });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  /** The server's own backends (the admin session excluded). */
  async function serverBackends(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
      [database],
    );
    return rows.map((row) => row.pid);
  }

  it("gives every connection the statement timeout", async () => {
    const { rows } = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(server.context.db);
    expect(rows).toEqual([{ statement_timeout: "1s" }]);
  });

  it("answers 503 with the statement-timeout error while a lock is held, other routes meanwhile, and 200 after", async () => {
    expect(await statuses(server)).toEqual(ROUTES.map(() => 200));
    await admin.query("BEGIN");
    await admin.query(`LOCK TABLE ${TABLES.join(", ")} IN ACCESS EXCLUSIVE MODE`);
    try {
      for (const path of ROUTES) await expectTimedOut(server, path);
      // The web app reads the reply as a statement timeout, which it does not retry (spec 000 §9).
      const failure = await fetchActivity(new Http(server.url), "authority", wallet).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ActivityFetchError);
      expect(failure).toMatchObject({ message: `Failed to fetch activity: ${DATABASE_TIMED_OUT}`, statementTimeout: true });
      // Three times the pool's connections at once: the first ten wait out the statement timeout, the rest wait out
      // the pool's wait (or get a connection just freed and wait out their own statement); none waits longer.
      const load = Array.from({ length: 30 }, (_, i) => api(server, "GET", ROUTES[i % ROUTES.length]!));
      const config = await api(server, "GET", "/api/config");
      expect(config.status).toBe(200);
      expect(config.body.programId).toBe(server.context.config.programId);
      for (const reply of await Promise.all(load))
        expect({ status: reply.status, body: reply.body }).toEqual({ status: 503, body: TIMED_OUT });
      // The jobs that read the locked tables fail their runs the same way.
      await expect(server.jobs.points.run()).rejects.toThrow("canceling statement due to statement timeout");
    } finally {
      await admin.query("ROLLBACK");
    }
    expect(await statuses(server)).toEqual(ROUTES.map(() => 200));
    await expect(server.jobs.points.run()).resolves.toMatchObject({ status: "started" });
  });

  it("gives up on backends that stop answering after the timeout and its grace, and replaces their connections", async () => {
    // Enough requests at once that the pool holds several connections, all idle afterwards.
    await Promise.all(Array.from({ length: 10 }, (_, i) => api(server, "GET", ROUTES[i % ROUTES.length]!)));
    const stopped = await serverBackends();
    expect(stopped.length).toBeGreaterThan(0);
    for (const pid of stopped) process.kill(pid, "SIGSTOP");
    let replies: { status: number; body: unknown }[];
    try {
      // A stopped backend cannot even run its statement timeout: the server's own guard gives up STALL_GRACE_MS later.
      replies = await Promise.all(Array.from({ length: 10 }, async (_, i) => api(server, "GET", ROUTES[i % ROUTES.length]!)));
    } finally {
      for (const pid of stopped) process.kill(pid, "SIGCONT");
    }
    const timedOut = replies.filter((reply) => reply.status === 503);
    expect(timedOut.length).toBeGreaterThan(0);
    expect(replies.map(({ status, body }) => ({ status, body })).filter((reply) => reply.status !== 200)).toEqual(
      timedOut.map(() => ({ status: 503, body: TIMED_OUT })),
    );
    // The connections of the stopped backends were closed, not handed out again: once running, those backends find
    // their clients gone and exit, and the routes answer on fresh connections.
    await expect.poll(async () => (await serverBackends()).filter((pid) => stopped.includes(pid)), { timeout: 20_000 }).toEqual([]);
    expect(await statuses(server)).toEqual(ROUTES.map(() => 200));
  });

  it("migrates without the statement timeout: a server starting waits out another's migration lock held longer", async () => {
    // Kysely's migration lock on PostgreSQL (its PostgresAdapter), as a server migrating the database holds it.
    await admin.query("SELECT pg_advisory_lock(3853314791062309107)");
    let second: Promise<RunningServer> | undefined;
    try {
      second = startTestServer(market, { database: settings, config: { databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS } });
      await expect
        .poll(
          async () =>
            (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event = 'advisory'", [database])).rowCount,
          { timeout: 20_000, interval: 20 },
        )
        .toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2 * STATEMENT_TIMEOUT_MS));
    } finally {
      await admin.query("SELECT pg_advisory_unlock(3853314791062309107)");
    }
    const started = await second;
    try {
      expect((await api(started, "GET", ROUTES[0]!)).status).toBe(200);
    } finally {
      await started.close();
    }
  });
});

describe("SQLite", () => {
  it("waits on its busy timeout and is not given the statement timeout", async () => {
    const settings = await freshDatabase("sqlite");
    const opened = await openDatabase({ ...settings, databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS });
    try {
      const { rows } = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(opened.db);
      expect(rows).toEqual([{ timeout: SQLITE_BUSY_TIMEOUT_MS }]);
      expect(SQLITE_BUSY_TIMEOUT_MS).toBe(5_000);
    } finally {
      await opened.close();
    }
  });

  it("answers a write 503 with the statement-timeout error while another process holds the write lock", async () => {
    const settings = await freshDatabase("sqlite");
    const server = await startTestServer(market, { database: settings, config: { databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS } });
    const other = new Database(settings.sqlitePath);
    try {
      other.exec("BEGIN IMMEDIATE");
      const refused = await api(server, "POST", "/api/auth/login", { walletAddress: wallet });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: TIMED_OUT });
      // Readers are not held up by a writer (write-ahead log).
      expect(await statuses(server)).toEqual(ROUTES.map(() => 200));
      other.exec("ROLLBACK");
      const challenge = await api(server, "POST", "/api/auth/login", { walletAddress: wallet });
      expect(challenge.status).toBe(200);
      expect(challenge.body.requiresSignature).toBe(true);
    } finally {
      other.close();
      await server.close();
    }
  });
});
