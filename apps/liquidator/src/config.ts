// The liquidator's settings, from flags or the environment (flags win), checked once at start with clear messages.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { Keypair, PublicKey } from "@solana/web3.js";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { z } from "zod";

export const PRIORITY_TIERS = ["NORMAL", "HIGH", "ULTRA"] as const;
const LOG_LEVELS: readonly string[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export interface LiquidatorConfig {
  readonly rpcUrl: string;
  /** The RPC's websocket; by default derived as web3.js does (ws[s]://, the RPC port + 1). */
  readonly wsUrl: string;
  readonly programId: string;
  readonly groups: readonly string[];
  /** Address lookup tables transactions may load keys from (a market's): accounts with many balances need them. */
  readonly lookupTables: readonly string[];
  readonly wallet: Keypair;
  /** Liquidations expected to earn less (USD, net of the transaction's cost) are left alone. */
  readonly minProfitUsd: number;
  /** The most accounts a swap route may add to a transaction (the quote API's maxAccounts). */
  readonly maxAccountsPerTransaction: number;
  readonly priorityTier: (typeof PRIORITY_TIERS)[number];
  /** A Jupiter-compatible swap API (e.g. a Ballast server's /api/swap/v1); null: seized collateral is kept as it is. */
  readonly swapApiUrl: string | null;
  readonly slippageBps: number;
  /**
   * Per group, the bank the liquidator keeps its backing in and sells seized collateral back into (at most one per
   * group; groups without one keep what they seize).
   */
  readonly quoteBanks: readonly string[];
  /** Native units of each quote bank's token kept deposited as backing (topped up from the wallet at start). */
  readonly quoteDeposit: bigint;
  /** A pass over every account at least this often, whatever changed (interest accrues without notifications). */
  readonly intervalMs: number;
  /** `/metrics` and `/health` on this port; null: no HTTP server. */
  readonly metricsPort: number | null;
  readonly metricsHost: string;
  readonly logLevel: string;
}

const base58Key = (what: string) =>
  z.string().refine(
    (value) => {
      try {
        return new PublicKey(value).toBase58() === value;
      } catch {
        return false;
      }
    },
    { message: `${what} must be a base58 public key` },
  );

const httpUrl = (what: string, protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `${what} must be a ${protocols.map((p) => p.replace(":", "")).join(" or ")} URL` },
  );

const decimal = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `${what} must be a number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be between ${min} and ${max}`);

const integer = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${what} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be between ${min} and ${max}`);

/** The Solana CLI's monikers, as `solana config set --url` takes them. */
const MONIKERS: Record<string, string> = {
  localhost: "http://127.0.0.1:8899",
  l: "http://127.0.0.1:8899",
  devnet: "https://api.devnet.solana.com",
  d: "https://api.devnet.solana.com",
  testnet: "https://api.testnet.solana.com",
  t: "https://api.testnet.solana.com",
  "mainnet-beta": "https://api.mainnet-beta.solana.com",
  m: "https://api.mainnet-beta.solana.com",
};

const schema = z.object({
  rpcUrl: httpUrl("--rpc-url", ["http:", "https:"]).default("http://127.0.0.1:8899"),
  wsUrl: httpUrl("--ws-url", ["ws:", "wss:"]).optional(),
  programId: base58Key("--program-id").default(MARGINFI_PROGRAM_ID),
  groups: z.array(base58Key("--group")).min(1, "at least one --group is required"),
  lookupTables: z.array(base58Key("--lookup-table")).default([]),
  keypair: z.string().min(1).default(resolve(homedir(), ".config/solana/id.json")),
  minProfitUsd: decimal("--min-profit-usd", 0, 1e9).default(0.01),
  maxAccountsPerTransaction: integer("--max-accounts-per-transaction", 14, 64).default(40),
  priorityTier: z.enum(PRIORITY_TIERS, { message: `--priority-tier must be one of ${PRIORITY_TIERS.join(", ")}` }).default("NORMAL"),
  swapApiUrl: httpUrl("--swap-api-url", ["http:", "https:"]).optional(),
  slippageBps: integer("--slippage-bps", 1, 5_000).default(100),
  quoteBanks: z.array(base58Key("--quote-bank")).default([]),
  quoteDeposit: z.string().regex(/^\d+$/, "--quote-deposit must be a whole number of native units").transform(BigInt).default(0n),
  intervalMs: integer("--interval-ms", 100, 3_600_000).default(10_000),
  metricsPort: integer("--metrics-port", 0, 65_535).optional(),
  metricsHost: z.string().min(1).default("127.0.0.1"),
  logLevel: z
    .string()
    .refine((level) => LOG_LEVELS.includes(level), `--log-level must be one of ${LOG_LEVELS.join(", ")}`)
    .default("info"),
});

export type LiquidatorSettings = z.input<typeof schema>;

/** Reads a keypair file in the Solana CLI's format: a JSON array of the 64 secret-key bytes. */
export function readKeypairFile(path: string): Keypair {
  const expanded = path.startsWith("~/") ? resolve(homedir(), path.slice(2)) : resolve(path);
  let text: string;
  try {
    text = readFileSync(expanded, "utf8");
  } catch {
    throw new Error(`Keypair file ${expanded} could not be read`);
  }
  let bytes: unknown;
  try {
    bytes = JSON.parse(text);
  } catch {
    bytes = null;
  }
  if (!Array.isArray(bytes) || bytes.length !== 64 || !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw new Error(`Keypair file ${expanded} is not a Solana CLI keypair (a JSON array of 64 bytes)`);
  }
  try {
    return Keypair.fromSecretKey(Uint8Array.from(bytes as number[]));
  } catch {
    throw new Error(`Keypair file ${expanded} holds an invalid secret key`);
  }
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** The settings checked and resolved (the keypair file read); a ConfigError lists every problem at once. */
export function resolveConfig(settings: LiquidatorSettings): LiquidatorConfig {
  const parsed = schema.safeParse({ ...settings, rpcUrl: settings.rpcUrl && (MONIKERS[settings.rpcUrl] ?? settings.rpcUrl) });
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join("; "));
  const s = parsed.data;
  let wallet: Keypair;
  try {
    wallet = readKeypairFile(s.keypair);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (s.quoteDeposit > 0n && s.quoteBanks.length === 0) throw new ConfigError("--quote-deposit needs --quote-bank");
  return {
    rpcUrl: s.rpcUrl,
    wsUrl: s.wsUrl ?? defaultWebsocketUrl(s.rpcUrl),
    programId: s.programId,
    groups: [...new Set(s.groups)],
    lookupTables: [...new Set(s.lookupTables)],
    wallet,
    minProfitUsd: s.minProfitUsd,
    maxAccountsPerTransaction: s.maxAccountsPerTransaction,
    priorityTier: s.priorityTier,
    swapApiUrl: s.swapApiUrl ?? null,
    slippageBps: s.slippageBps,
    quoteBanks: [...new Set(s.quoteBanks)],
    quoteDeposit: s.quoteDeposit,
    intervalMs: s.intervalMs,
    metricsPort: s.metricsPort ?? null,
    metricsHost: s.metricsHost,
    logLevel: s.logLevel,
  };
}

/** Each setting's flag and environment variable. */
const OPTIONS = [
  ["rpcUrl", "--rpc-url <url>", "LIQUIDATOR_RPC_URL", "JSON-RPC URL or moniker (localhost, devnet, mainnet-beta)"],
  ["wsUrl", "--ws-url <url>", "LIQUIDATOR_WS_URL", "websocket URL (default: derived from the RPC URL)"],
  ["programId", "--program-id <address>", "LIQUIDATOR_PROGRAM_ID", "the lending program"],
  ["keypair", "--keypair <path>", "LIQUIDATOR_KEYPAIR", "Solana CLI keypair file (default ~/.config/solana/id.json)"],
  ["minProfitUsd", "--min-profit-usd <usd>", "LIQUIDATOR_MIN_PROFIT_USD", "skip liquidations earning less (default 0.01)"],
  ["maxAccountsPerTransaction", "--max-accounts-per-transaction <n>", "LIQUIDATOR_MAX_ACCOUNTS", "swap route account budget (default 40)"],
  ["priorityTier", "--priority-tier <tier>", "LIQUIDATOR_PRIORITY_TIER", "NORMAL, HIGH or ULTRA (default NORMAL)"],
  ["swapApiUrl", "--swap-api-url <url>", "LIQUIDATOR_SWAP_API_URL", "Jupiter-compatible swap API for rebalancing"],
  ["slippageBps", "--slippage-bps <bps>", "LIQUIDATOR_SLIPPAGE_BPS", "rebalancing swaps' slippage (default 100)"],
  ["quoteDeposit", "--quote-deposit <native>", "LIQUIDATOR_QUOTE_DEPOSIT", "backing kept in the quote bank, native units"],
  ["intervalMs", "--interval-ms <ms>", "LIQUIDATOR_INTERVAL_MS", "full pass period (default 10000)"],
  ["metricsPort", "--metrics-port <port>", "LIQUIDATOR_METRICS_PORT", "serve /metrics and /health on this port"],
  ["metricsHost", "--metrics-host <host>", "LIQUIDATOR_METRICS_HOST", "metrics bind address (default 127.0.0.1)"],
  ["logLevel", "--log-level <level>", "LIQUIDATOR_LOG_LEVEL", "pino level (default info)"],
] as const;

/** Settings from the command line and environment: flags win, then LIQUIDATOR_* variables, then defaults. */
export function settingsFrom(argv: readonly string[], env: NodeJS.ProcessEnv): LiquidatorSettings {
  const program = new Command("ballast-liquidator")
    .description("Liquidates unhealthy Ballast (marginfi v2) accounts and settles bankruptcies")
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: (text) => process.stdout.write(text) })
    .addOption(new Option("--group <address...>", "group(s) to watch; LIQUIDATOR_GROUPS, comma-separated"))
    .addOption(new Option("--lookup-table <address...>", "address lookup table(s); LIQUIDATOR_LOOKUP_TABLES, comma-separated"))
    .addOption(
      new Option(
        "--quote-bank <address...>",
        "per group, the bank holding the backing that seized collateral returns to; LIQUIDATOR_QUOTE_BANKS",
      ),
    );
  for (const [, flag, variable, description] of OPTIONS) program.addOption(new Option(flag, `${description}; ${variable}`));
  program.parse([...argv], { from: "user" });
  const options = program.opts<Record<string, string | string[] | undefined>>();
  // A variable holds several addresses separated by commas; a flag may be repeated.
  const list = (flag: string | string[] | undefined, variable: string | undefined) =>
    [flag ?? variable ?? []]
      .flat()
      .flatMap((g) => g.split(","))
      .map((g) => g.trim())
      .filter(Boolean);
  const settings: Record<string, unknown> = {
    groups: list(options.group, env.LIQUIDATOR_GROUPS),
    lookupTables: list(options.lookupTable, env.LIQUIDATOR_LOOKUP_TABLES),
    quoteBanks: list(options.quoteBank, env.LIQUIDATOR_QUOTE_BANKS),
  };
  for (const [key, , variable] of OPTIONS) {
    const value = options[key] ?? env[variable];
    if (value !== undefined && value !== "") settings[key] = value;
  }
  return settings as LiquidatorSettings;
}

/** The websocket web3.js would use for an RPC URL: ws[s]://, and the port + 1 when the URL names one. */
function defaultWebsocketUrl(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (url.port !== "") url.port = String(Number(url.port) + 1);
  return url.toString();
}
