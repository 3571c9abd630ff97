// The server on PostgreSQL when the database goes away: backends terminated under load, a fast stop, and `kill -9`
// of the postmaster. The process (here, the test's own) never dies of it; while the database is away every route
// that needs it answers 503 with a JSON error, the jobs fail their runs and go on; when it returns, the same routes
// answer 200 again without a restart. Its own cluster, so stopping it disturbs no other test file.
import { Keypair } from "@solana/web3.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { createDatabase, startPostgres, type PostgresCluster } from "./support/postgres.js";
import { api, startTestServer } from "./support/server.js";

const UNAVAILABLE = { success: false, error: "The database is unavailable; try again shortly" };

let cluster: PostgresCluster;
let market: TestMarket;
let server: RunningServer;
let databaseUrl: string;
const wallet = Keypair.generate().publicKey.toBase58();

/** Routes that read the database and nothing else the test could take away. */
const ROUTES = [
  `/api/account-label/get?wallet_address=${wallet}`,
  `/api/activity/authority?address=${wallet}`,
  "/api/points",
  `/api/points/${wallet}`,
  `/api/accounts/${wallet}/history?range=7d`,
];

beforeAll(async () => {
  cluster = await startPostgres();
  databaseUrl = await createDatabase(cluster.adminUrl);
  market = await TestMarket.start();
  server = await startTestServer(market, { database: { databaseUrl, sqlitePath: "" } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await market?.close();
  cluster?.stop();
});

async function statuses(): Promise<number[]> {
  return Promise.all(ROUTES.map(async (path) => (await api(server, "GET", path)).status));
}

/** The pool reconnects on the first query after the database returns; a request or two may still see it starting. */
async function recovered(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await statuses()).some((status) => status !== 200)) {
    if (Date.now() > deadline) throw new Error(`still failing after the database returned: ${await statuses()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectUnavailable(): Promise<void> {
  for (const path of ROUTES) {
    const reply = await api(server, "GET", path);
    expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 503, body: UNAVAILABLE });
    expect(reply.headers.get("retry-after")).toBe("5");
    expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
  }
  // The jobs fail their runs (the scheduler logs them) and nothing else.
  await expect(server.jobs.points.run()).rejects.toThrow();
  await expect(server.jobs.indexer.run()).rejects.toThrow();
}

describe("PostgreSQL connection loss", () => {
  it("answers every request 200 or 503 while backends are terminated under load, then 200 again", async () => {
    expect(await statuses()).toEqual(ROUTES.map(() => 200));
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    const database = new URL(databaseUrl).pathname.slice(1);
    const seen = new Map<number, number>();
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = 0; loading; i++) {
          const reply = await api(server, "GET", ROUTES[(worker + i) % ROUTES.length]!);
          seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
          if (reply.status === 503) expect(reply.body).toEqual(UNAVAILABLE);
          else expect(reply.status).toBe(200);
        }
      }),
    );
    let terminated = 0;
    for (let round = 0; round < 20; round++) {
      // The subquery (OFFSET 0 keeps it one) picks the server's backends before any is terminated.
      const result = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM (SELECT pid FROM pg_stat_activity WHERE datname = $1 OFFSET 0) AS server_backends",
        [database],
      );
      terminated += result.rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    loading = false;
    await load;
    await admin.end();
    expect(terminated).toBeGreaterThan(0);
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining([200]));
    expect([...seen.keys()].every((status) => status === 200 || status === 503)).toBe(true);
    await recovered();
    await expect(server.jobs.points.run()).resolves.toBeDefined();
  }, 120_000);

  it.each(["fast", "kill"] as const)(
    "answers 503 while the database is down (%s stop) and 200 after it restarts",
    async (how) => {
      await recovered();
      await cluster.takeDown(how);
      await expectUnavailable();
      await cluster.bringUp();
      await recovered();
      await expect(server.jobs.points.run()).resolves.toBeDefined();
      await expect(server.jobs.indexer.run()).resolves.toBeDefined();
    },
    120_000,
  );
});
