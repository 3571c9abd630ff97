// Everything the server is told from outside, read once at start. Environment variables are for `main.ts`;
// tests build the object directly.
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";

/** Off-chain facts about a token the chain does not hold. */
export interface TokenMetadata {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
}

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** The ledger's JSON-RPC endpoint; its block engine answers at `${rpcUrl}/api/v1/bundles`. */
  readonly rpcUrl: string;
  readonly programId: string;
  /** The lending group whose banks the app shows. */
  readonly group: string;
  /** PostgreSQL connection string; unset means the embedded SQLite file at `sqlitePath`. */
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
  /** Sign-in with a wallet signature; the setting equal to 'false' turns it off. */
  readonly authEnabled: boolean;
  /** How long a sign-in nonce may be used, and how long a session lasts. */
  readonly nonceTtlSeconds: number;
  readonly sessionTtlSeconds: number;
  readonly tokens: readonly TokenMetadata[];
  /** The built web app to serve at `/`, when there is one. */
  readonly webRoot: string | null;
  /** Period of the background jobs, in milliseconds; 0 turns a job off (tests drive them by hand). */
  readonly indexerIntervalMs: number;
  readonly snapshotIntervalMs: number;
  readonly pointsIntervalMs: number;
  /** Period of the job that stores every bank's latest state for `/api/banks/db`. */
  readonly bankStateIntervalMs: number;
  /** How long one loaded market snapshot answers reads before the chain is asked again. */
  readonly marketCacheMs: number;
  readonly logLevel: string;
}

export const DEFAULT_CONFIG: Omit<ServerConfig, "group"> = {
  host: "127.0.0.1",
  port: 3000,
  rpcUrl: "http://127.0.0.1:8899",
  programId: MARGINFI_PROGRAM_ID,
  databaseUrl: null,
  sqlitePath: ".data/ballast.sqlite",
  authEnabled: true,
  nonceTtlSeconds: 300,
  sessionTtlSeconds: 7 * 24 * 3600,
  tokens: [],
  webRoot: null,
  indexerIntervalMs: 1_000,
  snapshotIntervalMs: 3_600_000,
  pointsIntervalMs: 3_600_000,
  bankStateIntervalMs: 10_000,
  marketCacheMs: 1_000,
  logLevel: "info",
};

function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/** Reads the settings from the environment; GROUP is required, the rest have defaults. */
export function configFromEnvironment(env: NodeJS.ProcessEnv = process.env, tokens: readonly TokenMetadata[] = []): ServerConfig {
  const group = env.GROUP;
  if (!group) throw new Error("GROUP (the lending group's address) is required");
  return {
    ...DEFAULT_CONFIG,
    host: env.HOST ?? DEFAULT_CONFIG.host,
    port: numberSetting(env, "PORT", DEFAULT_CONFIG.port),
    rpcUrl: env.RPC_URL ?? DEFAULT_CONFIG.rpcUrl,
    programId: env.MARGINFI_PROGRAM_ID ?? DEFAULT_CONFIG.programId,
    group,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: env.SQLITE_PATH ?? DEFAULT_CONFIG.sqlitePath,
    authEnabled: env.AUTH_ENABLED !== "false",
    tokens,
    webRoot: env.WEB_ROOT ?? null,
    indexerIntervalMs: numberSetting(env, "INDEXER_INTERVAL_MS", DEFAULT_CONFIG.indexerIntervalMs),
    snapshotIntervalMs: numberSetting(env, "SNAPSHOT_INTERVAL_MS", DEFAULT_CONFIG.snapshotIntervalMs),
    pointsIntervalMs: numberSetting(env, "POINTS_INTERVAL_MS", DEFAULT_CONFIG.pointsIntervalMs),
    bankStateIntervalMs: numberSetting(env, "BANK_STATE_INTERVAL_MS", DEFAULT_CONFIG.bankStateIntervalMs),
    logLevel: env.LOG_LEVEL ?? DEFAULT_CONFIG.logLevel,
  };
}
