// Starts the API server for a test against a TestMarket's ledger, on a loopback port, with a fresh database of the
// chosen dialect and every background job left to the test to run by hand.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { PROGRAM, type TestMarket } from "../../../../packages/protocol/test/support/market.js";
import { DEFAULT_CONFIG, MAIN_MARKET_NAME, type ServerConfig } from "../../src/config.js";
import type { Faucet } from "../../src/faucet.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { createDatabase } from "./postgres.js";

export type DialectUnderTest = "sqlite" | "postgres";
export const DIALECTS: readonly DialectUnderTest[] = ["sqlite", "postgres"];

/** Settings of a new, empty database of the dialect. */
export async function freshDatabase(dialect: DialectUnderTest): Promise<Pick<ServerConfig, "databaseUrl" | "sqlitePath">> {
  if (dialect === "postgres") return { databaseUrl: await createDatabase(inject("postgresAdminUrl")), sqlitePath: "" };
  return { databaseUrl: null, sqlitePath: join(mkdtempSync(join(tmpdir(), "ballast-sqlite-")), "server.sqlite") };
}

export interface TestServerOptions {
  readonly dialect?: DialectUnderTest;
  /** An existing database (to restart a server on it); otherwise a fresh one. */
  readonly database?: Pick<ServerConfig, "databaseUrl" | "sqlitePath">;
  /** Settings over the test defaults; `markets` defaults to the TestMarket's group alone, named "Ballast Main". */
  readonly config?: Partial<ServerConfig>;
  readonly now?: () => number;
  readonly faucet?: Faucet;
  /** Answer /rpc through the TestMarket's ledger dispatch in this process, as `npm start` does, not over HTTP. */
  readonly ledgerInProcess?: boolean;
}

/** Every scheduled job of the server off: a test runs them by hand. */
export const NO_SCHEDULED_JOBS = {
  indexerIntervalMs: 0,
  snapshotIntervalMs: 0,
  pointsIntervalMs: 0,
  bankStateIntervalMs: 0,
  purgeIntervalMs: 0,
  swapPoolIntervalMs: 0,
} as const satisfies Partial<ServerConfig>;

/**
 * A server on a loopback port for the ledger at `rpcUrl`, serving `group` alone as the main market, with every
 * background job left to the test to run by hand and logging nothing.
 */
export function quietServerConfig(
  rpcUrl: string,
  programId: string,
  group: string,
  database: Pick<ServerConfig, "databaseUrl" | "sqlitePath">,
): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    ...database,
    port: 0,
    rpcUrl,
    programId,
    group,
    markets: [{ group, name: MAIN_MARKET_NAME }],
    ...NO_SCHEDULED_JOBS,
    marketCacheMs: 0,
    logLevel: "silent",
  };
}

export async function startTestServer(market: TestMarket, options: TestServerOptions = {}): Promise<RunningServer> {
  const database = options.database ?? (await freshDatabase(options.dialect ?? "sqlite"));
  const group = options.config?.group ?? market.group.toBase58();
  return startServer(
    { ...quietServerConfig(market.net.rpc.url, PROGRAM.toBase58(), group, database), ...options.config },
    { now: options.now, faucet: options.faucet, ledgerRpc: options.ledgerInProcess ? market.net.rpc.handle : undefined },
  );
}

/** JSON over HTTP against the server: status and parsed body. */
export async function api<T = any>(
  server: RunningServer,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
