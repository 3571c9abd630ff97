// The server's SQL store: an embedded SQLite file by default, PostgreSQL when a connection string is given. Both
// run the same Kysely migrations at open and answer the same queries.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
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

function postgresDialect(connectionString: string): Dialect {
  // Times and slots are stored as bigint; they fit a double, so read them as numbers.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) },
  } as pg.PoolConfig);
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
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  const dialect: DialectName = settings.databaseUrl ? "postgres" : "sqlite";
  const db = new Kysely<Database>({
    dialect: settings.databaseUrl ? postgresDialect(settings.databaseUrl) : sqliteDialect(settings.sqlitePath),
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
