// Which API instance runs the jobs that must run once across every instance sharing one database (the indexer, the
// bank snapshots and states, points). On PostgreSQL the leader is the instance holding a session-level advisory lock
// on a connection of its own. Session-level, not a transaction-level lock per run: a lock per run only keeps runs
// from overlapping, so two instances on offset timers would each still run every job once per interval, while one
// holder runs each job on its one cadence. When the leader dies its connection ends and PostgreSQL frees the lock;
// a follower tries to take it on each turn of its led jobs, so it takes over within one interval. The jobs' writes
// stay correct if two ever overlap at a hand-over (the points clock and the indexer's cursor only move from the value
// their run read); the lock saves the double work. SQLite is one process by construction: it always leads.
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import { CONNECT_TIMEOUT_MS, type DatabaseSettings } from "../db/database.js";

export interface Leadership {
  /** Whether this instance leads now: a leader checks that its hold is still alive, a follower tries to take it. */
  lead(): Promise<boolean>;
  /** The answer of the last lead(), without asking the database. */
  readonly leading: boolean;
  /** Gives the lead up, if held, and ends the connection. */
  close(): Promise<void>;
}

/** The advisory lock's key ("BALLAST" in ASCII). Advisory locks belong to one database, like the tables. */
export const LEADER_LOCK_KEY = "18649144415572820";

/** A leader's check that does not answer in this long counts as a lost connection. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL's own keep-alive probes on the leader's connection, in seconds: a leader whose host vanished without
 * closing the connection is found dead, and its lock freed, after about idle + interval × count.
 */
const SERVER_KEEPALIVE = { idle: 10, interval: 5, count: 3 };

/** The one instance of an SQLite database. */
export function soleLeadership(): Leadership {
  let closed = false;
  return {
    lead: async () => !closed,
    get leading() {
      return !closed;
    },
    async close() {
      closed = true;
    },
  };
}

/** Leadership by the advisory lock LEADER_LOCK_KEY in the database `connectionString` names. */
export function advisoryLeadership(connectionString: string, log: FastifyBaseLogger): Leadership {
  let client: pg.Client | null = null;
  let leading = false;
  let closed = false;
  let asking: Promise<boolean> | null = null;

  const drop = (reason: unknown): void => {
    const lost = client;
    client = null;
    if (leading) log.warn({ err: reason }, "lost the lead of the cluster's jobs");
    leading = false;
    // A connection that died may never answer a goodbye: do not wait for one.
    lost?.end().catch(() => undefined);
  };

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      query_timeout: CHECK_TIMEOUT_MS,
    });
    // Unlistened, a connection error would end the process; the lock went with the connection.
    fresh.on("error", (error) => {
      if (client === fresh) drop(error);
    });
    fresh.on("end", () => {
      if (client === fresh) drop(new Error("the leadership connection ended"));
    });
    try {
      await fresh.connect();
      const { idle, interval, count } = SERVER_KEEPALIVE;
      await fresh.query(
        `SET tcp_keepalives_idle = ${idle}; SET tcp_keepalives_interval = ${interval}; SET tcp_keepalives_count = ${count}`,
      );
    } catch (error) {
      fresh.end().catch(() => undefined);
      throw error;
    }
    return fresh;
  }

  async function ask(): Promise<boolean> {
    try {
      if (client && leading) {
        // The lock lives as long as the session: a session that answers still holds it.
        await client.query("SELECT 1");
        return true;
      }
      client ??= await connect();
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [LEADER_LOCK_KEY]);
      if (rows[0]?.locked === true) {
        leading = true;
        log.info("took the lead of the cluster's jobs");
      }
      return leading;
    } catch (error) {
      drop(error);
      return false;
    }
  }

  return {
    lead() {
      if (closed) return Promise.resolve(false);
      // Jobs asking at once share one round trip.
      asking ??= ask().finally(() => {
        asking = null;
      });
      return asking;
    },
    get leading() {
      return leading;
    },
    async close() {
      closed = true;
      await asking;
      const held = client;
      client = null;
      leading = false;
      // Ending the session releases the lock.
      await held?.end().catch(() => undefined);
    },
  };
}

/** The leadership of the database the settings name. */
export function openLeadership(settings: Pick<DatabaseSettings, "databaseUrl">, log: FastifyBaseLogger): Leadership {
  return settings.databaseUrl ? advisoryLeadership(settings.databaseUrl, log) : soleLeadership();
}
