// Everything the server is told from outside, read once at start. Environment variables (and the files they name)
// are for `main.ts`; tests build the object directly.
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "zod";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { isAddress } from "./addresses.js";
import type { RateLimitSetting } from "./rate-limit.js";

/** The asset groups the markets screen lists tokens under, in display order. */
export const ASSET_CATEGORIES = ["Stablecoins", "SOL / LST", "Bitcoin", "Governance", "Blue Chip", "Memes", "Other"] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

/** Off-chain facts about a token the chain does not hold. */
export interface TokenMetadata {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  /** Where the markets screen lists it; "Other" when not given. */
  readonly category?: AssetCategory;
}

/** An entry of a Solana token list (the `tokens` of its JSON): the token's mark is at `logoURI`. */
export interface TokenListEntry {
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly logoURI?: string;
}

/** A lending group the app shows, under its presentation name. */
export interface MarketSetting {
  readonly group: string;
  readonly name: string;
  /** Address lookup tables holding the market's keys, which the app's transactions load them from; none when absent. */
  readonly lookupTables?: readonly string[];
}

/** The name of the main market when no markets file names it. */
export const MAIN_MARKET_NAME = "Ballast Main";

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** The ledger's JSON-RPC endpoint; its block engine answers at `${rpcUrl}/api/v1/bundles`. */
  readonly rpcUrl: string;
  /**
   * The ledger's websocket (account and program subscriptions), which `/rpc` proxies upgrades to; null means the RPC
   * URL itself as ws(s):// (the ledger accepts websocket upgrades on its JSON-RPC port as well as on the next one).
   */
  readonly rpcWsUrl: string | null;
  readonly programId: string;
  /** The main lending group: the default of every route that takes a group. */
  readonly group: string;
  /** Every market the app shows, the main one (`group`) first; bank, rate and account routes cover them all. */
  readonly markets: readonly MarketSetting[];
  /** PostgreSQL connection string; unset means the embedded SQLite file at `sqlitePath`. */
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
  /**
   * PostgreSQL only: the longest a statement may run (waiting for locks included) before the database cancels it, and
   * the longest a query waits for a pooled connection; 0 lifts the statement bound (the wait is then 5 s). SQLite has
   * its own busy timeout.
   */
  readonly databaseStatementTimeoutMs: number;
  /** Sign-in with a wallet signature; the setting equal to 'false' turns it off. */
  readonly authEnabled: boolean;
  /** How long a sign-in nonce may be used, and how long a session lasts. */
  readonly nonceTtlSeconds: number;
  readonly sessionTtlSeconds: number;
  readonly tokens: readonly TokenMetadata[];
  /** A Solana token list (TOKEN_LIST_FILE): its logos mark the tokens in the app, its other tokens add to `tokens`. */
  readonly tokenList: readonly TokenListEntry[];
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
  /** A wallet gets at most one faucet grant per this many seconds. */
  readonly faucetCooldownSeconds: number;
  /** Faucet grants per client address (whatever the wallets) per window. */
  readonly faucetClientLimit: RateLimitSetting;
  /** Signature challenges (sign-in messages and label nonces) issued per client address per window. */
  readonly challengeRateLimit: RateLimitSetting;
  /** Quote API requests (/api/swap/v1) per client address per window. */
  readonly swapRateLimit: RateLimitSetting;
  /** Price control requests (/api/sandbox/prices, local chain only) per client address per window. */
  readonly priceControlRateLimit: RateLimitSetting;
  /** Bad-debt history requests (/api/bank-bad-debt) per client address per window. */
  readonly badDebtRateLimit: RateLimitSetting;
  /** Liquidation record reads (/api/liquidation-record) per client address per window. */
  readonly liquidationRecordRateLimit: RateLimitSetting;
  /** Portfolio reads (/api/accounts/:address/history, /api/portfolio) per client address per window. */
  readonly portfolioRateLimit: RateLimitSetting;
  /** Explorer reads (/api/explorer/...) per client address per window: each costs the ledger a few reads. */
  readonly explorerRateLimit: RateLimitSetting;
  /**
   * Off the local chain, where signatures and addresses link: URL templates with {signature} / {address} (default
   * Solana Explorer). On the local chain links go to the app's own explorer pages.
   */
  readonly explorerTransactionUrl: string;
  readonly explorerAddressUrl: string;
  /** Period of the job that reads the swap venue's pools for quotes. */
  readonly swapPoolIntervalMs: number;
  /**
   * Mints restricted swap routes may pass through (restrictIntermediateTokens); null means wrapped SOL and the token
   * list's USDC.
   */
  readonly swapIntermediateMints: readonly string[] | null;
  /** Address lookup tables of the swap venue's programs and pools, named in swap transactions. */
  readonly swapLookupTables: readonly string[];
  /** Period of the job that deletes expired challenges and sessions and forgets idle clients of the rate limits. */
  readonly purgeIntervalMs: number;
  /**
   * Addresses or CIDR ranges of the load balancers in front of the server: a request through one of them counts
   * against the rate limits of the client its X-Forwarded-For names. Empty trusts no forwarded address.
   */
  readonly trustedProxies: readonly string[];
  readonly logLevel: string;
}

export const DEFAULT_CONFIG: Omit<ServerConfig, "group" | "markets"> = {
  host: "127.0.0.1",
  port: 3000,
  rpcUrl: "http://127.0.0.1:8899",
  rpcWsUrl: null,
  programId: MARGINFI_PROGRAM_ID,
  databaseUrl: null,
  sqlitePath: ".data/ballast.sqlite",
  databaseStatementTimeoutMs: 5_000,
  authEnabled: true,
  nonceTtlSeconds: 300,
  sessionTtlSeconds: 7 * 24 * 3600,
  tokens: [],
  tokenList: [],
  webRoot: null,
  indexerIntervalMs: 1_000,
  snapshotIntervalMs: 3_600_000,
  pointsIntervalMs: 3_600_000,
  bankStateIntervalMs: 10_000,
  marketCacheMs: 1_000,
  faucetCooldownSeconds: 60,
  faucetClientLimit: { limit: 5, windowSeconds: 3_600 },
  challengeRateLimit: { limit: 30, windowSeconds: 60 },
  swapRateLimit: { limit: 600, windowSeconds: 60 },
  priceControlRateLimit: { limit: 60, windowSeconds: 60 },
  badDebtRateLimit: { limit: 120, windowSeconds: 60 },
  liquidationRecordRateLimit: { limit: 120, windowSeconds: 60 },
  portfolioRateLimit: { limit: 120, windowSeconds: 60 },
  explorerRateLimit: { limit: 120, windowSeconds: 60 },
  explorerTransactionUrl: "https://explorer.solana.com/tx/{signature}",
  explorerAddressUrl: "https://explorer.solana.com/address/{address}",
  swapPoolIntervalMs: 2_000,
  swapIntermediateMints: null,
  swapLookupTables: [],
  purgeIntervalMs: 60_000,
  trustedProxies: [],
  logLevel: "info",
};

const addressText = z.string().refine(isAddress, { message: "must be a base58 address of 32 bytes" });

const tokensSchema = z.array(
  z.object({
    mint: addressText,
    symbol: z.string().min(1),
    name: z.string().min(1),
    category: z.enum(ASSET_CATEGORIES, { error: `must be one of ${ASSET_CATEGORIES.map((c) => `"${c}"`).join(", ")}` }).optional(),
  }),
);

/** A logo the app's pages may load: an http(s) URL (its origin joins the images policy) or a path on this server. */
function isLogoUri(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const tokenListSchema = z.object({
  tokens: z.array(
    z.object({
      address: addressText,
      symbol: z.string().min(1),
      name: z.string().min(1),
      decimals: z.number().int().min(0).max(255),
      logoURI: z.string().refine(isLogoUri, { message: "must be an http(s) URL or a path on this server" }).optional(),
    }),
  ),
});

const marketsSchema = z
  .array(z.object({ group: addressText, name: z.string().trim().min(1), lookupTables: z.array(addressText).optional() }))
  .min(1, "must name at least the main market");

/** Parses a JSON settings file against its schema; any fault names the file and the first failing entry. */
function readSettingsFile<T>(setting: string, path: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${setting} ${path} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // A failed parse always carries at least one issue.
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new Error(`${setting} ${path}${at}: ${issue.message}`);
  }
  return parsed.data;
}

/** The token list of a TOKENS_FILE: a JSON array of {mint, symbol, name, category?}. */
export function readTokensFile(path: string): TokenMetadata[] {
  return readSettingsFile("TOKENS_FILE", path, tokensSchema);
}

/** The entries of a TOKEN_LIST_FILE: a Solana token list, `{tokens: [{address, symbol, name, decimals, logoURI?}]}`. */
export function readTokenListFile(path: string): TokenListEntry[] {
  return readSettingsFile("TOKEN_LIST_FILE", path, tokenListSchema).tokens;
}

/** The origins of the token list's absolute logo URLs, which the pages' images policy must allow. */
export function logoOrigins(tokenList: readonly TokenListEntry[]): string[] {
  const origins = tokenList.flatMap((entry) => (entry.logoURI && !entry.logoURI.startsWith("/") ? [new URL(entry.logoURI).origin] : []));
  return [...new Set(origins)];
}

/** The market list of a MARKETS_FILE: a JSON array of {group, name, lookupTables?}, the main market first. */
export function readMarketsFile(path: string): MarketSetting[] {
  return readSettingsFile("MARKETS_FILE", path, marketsSchema);
}

/** Throws unless `markets` lists distinct groups with the main group first. */
export function checkMarkets(group: string, markets: readonly MarketSetting[]): void {
  if (markets[0]?.group !== group) {
    throw new Error(`the markets must list the main group ${group} first`);
  }
  const seen = new Set<string>();
  for (const market of markets) {
    if (seen.has(market.group)) throw new Error(`the markets list group ${market.group} twice`);
    seen.add(market.group);
  }
}

/** A comma-separated list of IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). */
function proxyList(name: string, value: string): string[] {
  const entries = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0) throw new Error(`${name}: ${entry} is not an IP address or CIDR range`);
  }
  return entries;
}

/** A comma-separated list of base58 addresses. */
function addressList(name: string, value: string): string[] {
  const addresses = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const address of addresses) {
    if (!isAddress(address)) throw new Error(`${name}: ${address} is not a base58 address`);
  }
  return addresses;
}

/** A non-negative number from the environment, `fallback` when unset or empty. */
/** An http(s) URL template holding `placeholder`, where the external explorer's links are made. */
function urlTemplate(env: NodeJS.ProcessEnv, name: string, placeholder: string, fallback: string): string {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (!/^https?:\/\//.test(value) || !value.includes(placeholder)) {
    throw new Error(`${name} must be an http(s) URL holding ${placeholder}, got "${value}"`);
  }
  return value;
}

export function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/**
 * Reads the settings from the environment; GROUP is required, the rest have defaults. MARKETS_FILE, TOKENS_FILE and
 * TOKEN_LIST_FILE name JSON files (see readMarketsFile, readTokensFile, readTokenListFile); `tokens`, when given, stands in for TOKENS_FILE.
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv = process.env, tokens?: readonly TokenMetadata[]): ServerConfig {
  const group = env.GROUP;
  if (!group) throw new Error("GROUP (the lending group's address) is required");
  const markets = env.MARKETS_FILE ? readMarketsFile(env.MARKETS_FILE) : [{ group, name: MAIN_MARKET_NAME }];
  try {
    checkMarkets(group, markets);
  } catch (error) {
    throw new Error(`MARKETS_FILE ${env.MARKETS_FILE}: ${(error as Error).message}`);
  }
  return {
    ...DEFAULT_CONFIG,
    host: env.HOST ?? DEFAULT_CONFIG.host,
    port: numberSetting(env, "PORT", DEFAULT_CONFIG.port),
    rpcUrl: env.RPC_URL ?? DEFAULT_CONFIG.rpcUrl,
    rpcWsUrl: env.RPC_WS_URL || null,
    programId: env.MARGINFI_PROGRAM_ID ?? DEFAULT_CONFIG.programId,
    group,
    markets,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: env.SQLITE_PATH ?? DEFAULT_CONFIG.sqlitePath,
    databaseStatementTimeoutMs: numberSetting(env, "DATABASE_STATEMENT_TIMEOUT_MS", DEFAULT_CONFIG.databaseStatementTimeoutMs),
    authEnabled: env.AUTH_ENABLED !== "false",
    tokens: tokens ?? (env.TOKENS_FILE ? readTokensFile(env.TOKENS_FILE) : []),
    tokenList: env.TOKEN_LIST_FILE ? readTokenListFile(env.TOKEN_LIST_FILE) : [],
    webRoot: env.WEB_ROOT ?? null,
    indexerIntervalMs: numberSetting(env, "INDEXER_INTERVAL_MS", DEFAULT_CONFIG.indexerIntervalMs),
    snapshotIntervalMs: numberSetting(env, "SNAPSHOT_INTERVAL_MS", DEFAULT_CONFIG.snapshotIntervalMs),
    pointsIntervalMs: numberSetting(env, "POINTS_INTERVAL_MS", DEFAULT_CONFIG.pointsIntervalMs),
    bankStateIntervalMs: numberSetting(env, "BANK_STATE_INTERVAL_MS", DEFAULT_CONFIG.bankStateIntervalMs),
    faucetCooldownSeconds: numberSetting(env, "FAUCET_COOLDOWN_SECONDS", DEFAULT_CONFIG.faucetCooldownSeconds),
    faucetClientLimit: {
      limit: numberSetting(env, "FAUCET_CLIENT_LIMIT", DEFAULT_CONFIG.faucetClientLimit.limit),
      windowSeconds: numberSetting(env, "FAUCET_CLIENT_WINDOW_SECONDS", DEFAULT_CONFIG.faucetClientLimit.windowSeconds),
    },
    challengeRateLimit: {
      limit: numberSetting(env, "CHALLENGE_RATE_LIMIT", DEFAULT_CONFIG.challengeRateLimit.limit),
      windowSeconds: numberSetting(env, "CHALLENGE_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.challengeRateLimit.windowSeconds),
    },
    swapRateLimit: {
      limit: numberSetting(env, "SWAP_RATE_LIMIT", DEFAULT_CONFIG.swapRateLimit.limit),
      windowSeconds: numberSetting(env, "SWAP_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.swapRateLimit.windowSeconds),
    },
    priceControlRateLimit: {
      limit: numberSetting(env, "PRICE_CONTROL_RATE_LIMIT", DEFAULT_CONFIG.priceControlRateLimit.limit),
      windowSeconds: numberSetting(env, "PRICE_CONTROL_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.priceControlRateLimit.windowSeconds),
    },
    badDebtRateLimit: {
      limit: numberSetting(env, "BAD_DEBT_RATE_LIMIT", DEFAULT_CONFIG.badDebtRateLimit.limit),
      windowSeconds: numberSetting(env, "BAD_DEBT_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.badDebtRateLimit.windowSeconds),
    },
    liquidationRecordRateLimit: {
      limit: numberSetting(env, "LIQUIDATION_RECORD_RATE_LIMIT", DEFAULT_CONFIG.liquidationRecordRateLimit.limit),
      windowSeconds: numberSetting(env, "LIQUIDATION_RECORD_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.liquidationRecordRateLimit.windowSeconds),
    },
    portfolioRateLimit: {
      limit: numberSetting(env, "PORTFOLIO_RATE_LIMIT", DEFAULT_CONFIG.portfolioRateLimit.limit),
      windowSeconds: numberSetting(env, "PORTFOLIO_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.portfolioRateLimit.windowSeconds),
    },
    explorerRateLimit: {
      limit: numberSetting(env, "EXPLORER_RATE_LIMIT", DEFAULT_CONFIG.explorerRateLimit.limit),
      windowSeconds: numberSetting(env, "EXPLORER_RATE_WINDOW_SECONDS", DEFAULT_CONFIG.explorerRateLimit.windowSeconds),
    },
    explorerTransactionUrl: urlTemplate(env, "EXPLORER_TX_URL", "{signature}", DEFAULT_CONFIG.explorerTransactionUrl),
    explorerAddressUrl: urlTemplate(env, "EXPLORER_ADDRESS_URL", "{address}", DEFAULT_CONFIG.explorerAddressUrl),
    swapPoolIntervalMs: numberSetting(env, "SWAP_POOL_INTERVAL_MS", DEFAULT_CONFIG.swapPoolIntervalMs),
    swapIntermediateMints: env.SWAP_INTERMEDIATE_MINTS ? addressList("SWAP_INTERMEDIATE_MINTS", env.SWAP_INTERMEDIATE_MINTS) : null,
    swapLookupTables: env.SWAP_LOOKUP_TABLES ? addressList("SWAP_LOOKUP_TABLES", env.SWAP_LOOKUP_TABLES) : [],
    purgeIntervalMs: numberSetting(env, "PURGE_INTERVAL_MS", DEFAULT_CONFIG.purgeIntervalMs),
    trustedProxies: env.TRUST_PROXY ? proxyList("TRUST_PROXY", env.TRUST_PROXY) : [],
    logLevel: env.LOG_LEVEL ?? DEFAULT_CONFIG.logLevel,
  };
}
