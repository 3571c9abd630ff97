// Where the global options' defaults come from, in the Solana CLI's conventions: its config file
// (~/.config/solana/cli/config.yml: json_rpc_url, keypair_path, commitment), its URL monikers and its keypair files.
import { readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { Keypair } from "@solana/web3.js";
import { parse as parseYaml } from "yaml";
import { InputError } from "./errors.js";

/** The ledger's JSON-RPC when nothing else is configured: `npm run localnet` and `npm start` listen here (RPC_PORT). */
export const DEFAULT_RPC_URL = "http://127.0.0.1:8899";

/** The monikers `solana --url` accepts, long and short, and the clusters they name. */
export const URL_MONIKERS: Readonly<Record<string, string>> = {
  "mainnet-beta": "https://api.mainnet-beta.solana.com",
  m: "https://api.mainnet-beta.solana.com",
  testnet: "https://api.testnet.solana.com",
  t: "https://api.testnet.solana.com",
  devnet: "https://api.devnet.solana.com",
  d: "https://api.devnet.solana.com",
  localhost: "http://localhost:8899",
  l: "http://localhost:8899",
};

export const COMMITMENTS = ["processed", "confirmed", "finalized"] as const;
export type Commitment = (typeof COMMITMENTS)[number];

/** The Solana CLI config's fields the CLI uses; each may be absent. */
export interface SolanaCliConfig {
  jsonRpcUrl?: string;
  keypairPath?: string;
  commitment?: string;
}

export function solanaConfigPath(home: string): string {
  return join(home, ".config", "solana", "cli", "config.yml");
}

/** The Solana CLI's config file, or nothing when there is none; a file that is not YAML is bad input. */
export function readSolanaCliConfig(home: string): SolanaCliConfig {
  const path = solanaConfigPath(home);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return {};
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new InputError(`${path}: not valid YAML (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
  }
  if (parsed === null || typeof parsed !== "object") return {};
  const fields = parsed as Record<string, unknown>;
  const field = (key: string) => (typeof fields[key] === "string" && fields[key] !== "" ? fields[key] : undefined);
  return { jsonRpcUrl: field("json_rpc_url"), keypairPath: field("keypair_path"), commitment: field("commitment") };
}

/** A moniker's URL, or the URL itself when it is an http(s) or ws(s) URL. */
export function rpcUrl(value: string, flag = "--url"): string {
  const moniker = URL_MONIKERS[value];
  if (moniker !== undefined) return moniker;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`${flag}: expected a URL or one of mainnet-beta, testnet, devnet, localhost (m, t, d, l), got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InputError(`${flag}: expected an http or https URL, got "${value}"`);
  }
  return value;
}

export function commitment(value: string, flag = "--commitment"): Commitment {
  const found = COMMITMENTS.find((c) => c === value);
  if (found === undefined) throw new InputError(`${flag}: expected one of ${COMMITMENTS.join(", ")}, got "${value}"`);
  return found;
}

/** A path as the user wrote it: `~` is the home directory, relative paths start at the working directory. */
export function resolvePath(path: string, cwd: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** A Solana CLI keypair file: a JSON array of the 64 bytes of the secret key. */
export function readKeypairFile(path: string, flag = "--keypair"): Keypair {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new InputError(`${flag}: cannot read keypair file ${path}`);
  }
  let bytes: unknown;
  try {
    bytes = JSON.parse(text);
  } catch {
    throw new InputError(`${flag}: ${path} is not a Solana keypair file (expected a JSON array of 64 numbers)`);
  }
  if (
    !Array.isArray(bytes) ||
    bytes.length !== 64 ||
    !bytes.every((b): b is number => typeof b === "number" && Number.isInteger(b) && b >= 0 && b <= 255)
  ) {
    throw new InputError(`${flag}: ${path} is not a Solana keypair file (expected a JSON array of 64 numbers)`);
  }
  try {
    return Keypair.fromSecretKey(Uint8Array.from(bytes));
  } catch {
    throw new InputError(`${flag}: ${path} holds 64 bytes that are not an ed25519 keypair`);
  }
}
