// Leadership of the led jobs on a real PostgreSQL cluster of its own (so it can be stopped): of several contenders
// exactly one holds the advisory lock; the lock goes with its connection (a terminated backend) to a follower, the
// old leader follows, and a leader that gives up hands it on; with the database away nobody leads, and once it is
// back one instance leads again. SQLite's single instance always leads.
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEADER_LOCK_KEY, advisoryLeadership, openLeadership, type Leadership } from "../src/jobs/leadership.js";
import { createDatabase, startPostgres, type PostgresCluster } from "./support/postgres.js";

let cluster: PostgresCluster;
let databaseUrl: string;
const opened: Leadership[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
  databaseUrl = await createDatabase(cluster.adminUrl);
}, 120_000);

afterAll(async () => {
  await Promise.all(opened.map((leadership) => leadership.close()));
  cluster?.stop();
});

/** A contender whose log messages are kept. */
function contender(): { leadership: Leadership; messages: string[] } {
  const messages: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) });
  const leadership = advisoryLeadership(databaseUrl, log);
  opened.push(leadership);
  return { leadership, messages };
}

/** The backends holding the leader lock in the test's database, as PostgreSQL's lock table shows them. */
async function holders(): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
      [LEADER_LOCK_KEY],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function terminate(pid: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_terminate_backend($1)", [pid]);
  } finally {
    await client.end();
  }
}

/** Asks until the contender leads: a terminated backend frees its locks a moment after the signal. */
async function untilLeads(leadership: Leadership): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await leadership.lead())) {
    if (Date.now() > deadline) throw new Error("never took the lead");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("leadership on SQLite", () => {
  it("always leads, until closed", async () => {
    const sole = openLeadership({ databaseUrl: null }, pino({ level: "silent" }));
    expect(await sole.lead()).toBe(true);
    expect(sole.leading).toBe(true);
    await sole.close();
    expect(await sole.lead()).toBe(false);
  });
});

describe("leadership on PostgreSQL", () => {
  let a: ReturnType<typeof contender>;
  let b: ReturnType<typeof contender>;

  it("gives the lock to exactly one of five contenders starting together", async () => {
    const five = Array.from({ length: 5 }, contender);
    const answers = await Promise.all(five.map((c) => c.leadership.lead()));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await holders()).toHaveLength(1);
    // Asked again, the leader still leads and the others still follow.
    expect(await Promise.all(five.map((c) => c.leadership.lead()))).toEqual(answers);
    const leader = five[answers.indexOf(true)]!;
    expect(leader.messages).toEqual(["took the lead of the cluster's jobs"]);
    await Promise.all(five.map((c) => c.leadership.close()));
    expect(await holders()).toEqual([]);
  });

  it("loses the lock with its connection: the follower takes it over and the old leader follows", async () => {
    a = contender();
    b = contender();
    expect(await a.leadership.lead()).toBe(true);
    expect(await b.leadership.lead()).toBe(false);
    const [pid] = await holders();
    await terminate(pid!);
    await untilLeads(b.leadership);
    expect(await a.leadership.lead()).toBe(false);
    expect(a.leadership.leading).toBe(false);
    expect(a.messages).toEqual(["took the lead of the cluster's jobs", "lost the lead of the cluster's jobs"]);
    expect(b.messages).toEqual(["took the lead of the cluster's jobs"]);
    const holding = await holders();
    expect(holding).toHaveLength(1);
    expect(holding[0]).not.toBe(pid);
  });

  it("regains the lock when the leader gives it up", async () => {
    await b.leadership.close();
    expect(b.leadership.leading).toBe(false);
    expect(await b.leadership.lead()).toBe(false);
    expect(await a.leadership.lead()).toBe(true);
    expect(a.messages.at(-1)).toBe("took the lead of the cluster's jobs");
  });

  it("has no leader while the database is away, and one again once it is back", async () => {
    const c = contender();
    expect(await c.leadership.lead()).toBe(false);
    await cluster.takeDown("fast");
    expect(await a.leadership.lead()).toBe(false);
    expect(await c.leadership.lead()).toBe(false);
    expect(a.messages.at(-1)).toBe("lost the lead of the cluster's jobs");
    await cluster.bringUp();
    const answers = await Promise.all([a.leadership.lead(), c.leadership.lead()]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await holders()).toHaveLength(1);
  });
});
