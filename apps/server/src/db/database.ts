// The server's SQL store: an embedded SQLite file by default, PostgreSQL when a connection string is given. Both
// run the same Kysely migrations at open and answer the same queries. A PostgreSQL server that goes away (stopped,
// killed, or a backend terminated) costs only the queries in flight: connection errors are logged, never thrown at the
// process, and the pool reconnects on the next query once the server is back.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import { MIGRATIONS } from "./migrations/index.js";
import type { Database } from "./schema/index.js";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export interface DatabaseSettings {
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
}

export interface OpenDatabase {
  readonly db: Db;
  readonly dialect: DialectName;
  close(): Promise<void>;
}

const PG_INT8 = 20;

/** A query waits at most this long for a connection, so a database that does not answer fails requests fast. */
export const CONNECT_TIMEOUT_MS = 5_000;

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
/** What pg says when a connection ends under it or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
];

/** Whether an error means the database cannot be reached now (as opposed to a query it refused). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Class 08 is "connection exception".
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError of the attempts.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

function postgresDialect(connectionString: string, log: FastifyBaseLogger | undefined): Dialect {
  // Times and slots are stored as bigint; they fit a double, so read them as numbers.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive finds a connection whose server vanished without closing it (host down, network cut).
    keepAlive: true,
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) },
  } as pg.PoolConfig);
  const lost = (error: Error) => log?.warn({ err: error }, "database connection lost");
  // An idle connection that dies is reported on the pool, which drops it; one checked out is reported on the client,
  // whose query in flight fails on its own. Unlistened, either event would end the process.
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return new PostgresDialect({ pool });
}

function sqliteDialect(path: string): Dialect {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("busy_timeout = 5000");
  return new SqliteDialect({ database });
}

/** Opens the store the settings name and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings, log?: FastifyBaseLogger): Promise<OpenDatabase> {
  const dialect: DialectName = settings.databaseUrl ? "postgres" : "sqlite";
  const db = new Kysely<Database>({
    dialect: settings.databaseUrl ? postgresDialect(settings.databaseUrl, log) : sqliteDialect(settings.sqlitePath),
  });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`database migration ${failed ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { db, dialect, close: () => db.destroy() };
}
