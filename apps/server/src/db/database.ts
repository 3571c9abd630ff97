// The server's SQL store: an embedded SQLite file by default, PostgreSQL when a connection string is given. Both
// run the same Kysely migrations at open and answer the same queries. A PostgreSQL server that goes away (stopped,
// killed, or a backend terminated) costs only the queries in flight: connection errors are logged, never thrown at the
// process, and the pool reconnects on the next query once the server is back. A slow one costs a bounded wait: every
// statement has the configured statement timeout, a query waits that long at most for a pooled connection, and a
// database that stops answering altogether (a stalled backend, a network cut) is given up on a little later.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type Dialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from "kysely";
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import { MIGRATIONS } from "./migrations/index.js";
import type { Database } from "./schema/index.js";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export interface DatabaseSettings {
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
  /** PostgreSQL's statement timeout and pool wait (ServerConfig.databaseStatementTimeoutMs); 0 lifts the bound. */
  readonly databaseStatementTimeoutMs: number;
}

export interface OpenDatabase {
  readonly db: Db;
  readonly dialect: DialectName;
  close(): Promise<void>;
}

const PG_INT8 = 20;

/** A query waits at most this long for a connection when no statement timeout bounds how long connections are held. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** SQLite waits this long for another process's write lock before it answers SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/**
 * How long past the statement timeout a query waits for the database's own cancellation before deciding the database
 * has stalled (it cannot cancel anything then) and closing the connection.
 */
export const STALL_GRACE_MS = 1_000;

/** Socket errors of a connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** SQLSTATEs of a server going away or refusing connections: admin shutdown, crash shutdown, starting up, full. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** What pg says when a connection ends under it or cannot be made in time. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];
/** SQLSTATE query_canceled: the statement timeout, or an operator's pg_cancel_backend. */
const QUERY_CANCELED = "57014";
/** pg-pool's error when every connection stayed busy through the whole wait. */
const POOL_WAIT_EXPIRED = "timeout exceeded when trying to connect";

/** A query the database did not answer, not even with its statement timeout, in time; its connection is closed. */
export class StalledQueryError extends Error {
  constructor(limitMs: number) {
    super(`The database did not answer within ${limitMs} ms`);
    this.name = "StalledQueryError";
  }
}

/**
 * Whether an error means the database is too slow now: a statement outlived the statement timeout (or stalled past it),
 * every pooled connection stayed busy through the wait, or SQLite's write lock stayed taken through its busy timeout.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  if (error instanceof StalledQueryError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === QUERY_CANCELED) return error.message.includes("statement timeout");
  return code === "SQLITE_BUSY" || error.message === POOL_WAIT_EXPIRED;
}

/** Whether an error means the database cannot be reached now (as opposed to a query it refused). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Class 08 is "connection exception".
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // A statement an operator cancelled; the statement timeout's own cancellation is a timeout.
    if (code === QUERY_CANCELED) return !isDatabaseTimeout(error);
  }
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError of the attempts.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/**
 * The pool's clients for Kysely, each query given `limitMs` to answer. A query that gets no answer at all fails with
 * StalledQueryError and its connection is closed on release rather than reused (its answer may still come).
 */
function stallGuarded(pool: pg.Pool, limitMs: number): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let stalled: StalledQueryError | undefined;
      function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        statement: string | PostgresCursor<R>,
        parameters: readonly unknown[] = [],
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        // Streaming needs a cursor constructor in the dialect's settings, which this server never gives.
        if (typeof statement !== "string") throw new Error("streamed queries are not supported");
        // Behind a stalled query nothing is answered either (a rollback, say): fail at once.
        if (stalled) return Promise.reject(stalled);
        return new Promise<PostgresQueryResult<R>>((resolve, reject) => {
          const timer = setTimeout(() => {
            stalled = new StalledQueryError(limitMs);
            reject(stalled);
          }, limitMs);
          client.query(statement, [...parameters]).then(
            (result) => {
              clearTimeout(timer);
              resolve(result as PostgresQueryResult<R>);
            },
            (error: unknown) => {
              clearTimeout(timer);
              reject(error);
            },
          );
        });
      }
      return { query, release: () => client.release(stalled) } satisfies PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** A pool on the database whose statements (lock waits included) end after `statementTimeoutMs`; 0 lifts the bound. */
function postgresPool(connectionString: string, statementTimeoutMs: number, max: number, log: FastifyBaseLogger | undefined): pg.Pool {
  // Times and slots are stored as bigint; they fit a double, so read them as numbers.
  const pool = new pg.Pool({
    connectionString,
    max,
    // A connection is held at most about one statement timeout, so a longer wait means the database is overwhelmed.
    connectionTimeoutMillis: statementTimeoutMs || CONNECT_TIMEOUT_MS,
    // Sent with the connection's startup: the database enforces it on every statement, no extra round trip.
    statement_timeout: statementTimeoutMs,
    // TCP keep-alive finds a connection whose server vanished without closing it (host down, network cut).
    keepAlive: true,
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) },
  } as pg.PoolConfig);
  const lost = (error: Error) => log?.warn({ err: error }, "database connection lost");
  // An idle connection that dies is reported on the pool, which drops it; one checked out is reported on the client,
  // whose query in flight fails on its own. Unlistened, either event would end the process.
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return pool;
}

function postgresDialect(connectionString: string, statementTimeoutMs: number, log: FastifyBaseLogger | undefined): Dialect {
  const pool = postgresPool(connectionString, statementTimeoutMs, 10, log);
  return new PostgresDialect({ pool: statementTimeoutMs > 0 ? stallGuarded(pool, statementTimeoutMs + STALL_GRACE_MS) : pool });
}

function sqliteDialect(path: string): Dialect {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new SqliteDialect({ database });
}

/** Brings the schema up to date. */
async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`database migration ${failed ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Opens the store the settings name and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings, log?: FastifyBaseLogger): Promise<OpenDatabase> {
  const { databaseUrl, databaseStatementTimeoutMs } = settings;
  const dialect: DialectName = databaseUrl ? "postgres" : "sqlite";
  const db = new Kysely<Database>({
    dialect: databaseUrl ? postgresDialect(databaseUrl, databaseStatementTimeoutMs, log) : sqliteDialect(settings.sqlitePath),
  });
  // On PostgreSQL, migrations run on a connection of their own without the statement timeout: rebuilding a large table,
  // or waiting for another server's migration lock, may rightly take longer than any request should.
  const migrations = databaseUrl
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(databaseUrl, 0, 1, log) }) })
    : db;
  try {
    await migrate(migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  } finally {
    if (migrations !== db) await migrations.destroy();
  }
  return { db, dialect, close: () => db.destroy() };
}
