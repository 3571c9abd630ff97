// Accounts loaded at start, as solana-test-validator loads them: `--account ADDRESS FILE` and `--account-dir DIR`
// read the Solana CLI's JSON account format (`solana account ADDRESS --output json`), `--clone ADDRESS` copies an
// account from the RPC named by `--url`. Everything is read and checked before anything is applied, so a bad file
// or an unreachable RPC loads nothing.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PublicKey } from "@solana/web3.js";
import { MAX_PERMITTED_DATA_LENGTH, RENT_EXEMPT_EPOCH, minimumBalanceForRentExemption, type Account, type Address } from "./account.js";
import { base58ToBytes } from "./tx/base58.js";

export interface AccountSources {
  /** `--account ADDRESS FILE`; an address of "-" takes the file's own `pubkey`. */
  files: { address: string; file: string }[];
  /** `--account-dir DIR`: every `.json` file in it, each at its own `pubkey`. */
  dirs: string[];
  /** `--clone ADDRESS`, fetched from `url`. */
  clones: string[];
  /** `--url` / `-u`: an RPC URL or one of the Solana CLI's monikers. */
  url: string | null;
}

/** A refused flag, file or clone: the message names the file (or address) and the field. */
export class AccountLoadError extends Error {}

/** The Solana CLI's cluster monikers, by their names and their first letters. */
const MONIKERS: Record<string, string> = {
  "mainnet-beta": "https://api.mainnet-beta.solana.com",
  devnet: "https://api.devnet.solana.com",
  testnet: "https://api.testnet.solana.com",
  localhost: "http://localhost:8899",
};
for (const [name, url] of Object.entries(MONIKERS)) MONIKERS[name[0]!] = url;

export function resolveClusterUrl(value: string): string {
  return MONIKERS[value] ?? value;
}

/**
 * Takes the account flags out of a command line and returns them with the arguments it did not recognise (the
 * caller refuses those). Flags may repeat; `--flag=value` is accepted for the one-value flags.
 */
export function parseAccountFlags(argv: readonly string[]): { sources: AccountSources; rest: string[] } {
  const sources: AccountSources = { files: [], dirs: [], clones: [], url: null };
  const rest: string[] = [];
  const take = (flag: string, i: number): string => {
    const value = argv[i];
    if (value === undefined || value.startsWith("--")) throw new AccountLoadError(`${flag} needs a value`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => inline ?? take(flag, ++i);
    switch (flag) {
      case "--account":
        sources.files.push({ address: take(flag, ++i), file: take(flag, ++i) });
        break;
      case "--account-dir":
        sources.dirs.push(value());
        break;
      case "--clone":
        sources.clones.push(value());
        break;
      case "--url":
      case "-u":
        sources.url = resolveClusterUrl(value());
        break;
      default:
        rest.push(arg);
    }
  }
  if (sources.clones.length > 0 && sources.url === null) throw new AccountLoadError("--clone needs --url (the RPC to copy from)");
  return { sources, rest };
}

function checkAddress(value: unknown, where: string): Address {
  if (typeof value !== "string") throw new AccountLoadError(`${where}: expected a base58 address`);
  try {
    return new PublicKey(value).toBase58();
  } catch {
    throw new AccountLoadError(`${where}: "${value}" is not a base58 address`);
  }
}

/** A u64 that JSON may hold as a number too large for a double: read from the text, not the parsed value. */
function exactU64(text: string, field: string, where: string): bigint | undefined {
  const matches = [...text.matchAll(new RegExp(`"${field}"\\s*:\\s*("?)(-?[0-9.eE+-]+)\\1\\s*[,}]`, "g"))];
  if (matches.length === 0) return undefined;
  const digits = matches[0]![2]!;
  if (matches.length > 1 || !/^[0-9]+$/.test(digits) || BigInt(digits) >= 1n << 64n)
    throw new AccountLoadError(`${where}: account.${field} must be one unsigned 64-bit integer`);
  return BigInt(digits);
}

function decodeData(value: unknown, where: string): Buffer {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== "string")
    throw new AccountLoadError(`${where}: account.data must be [data, encoding]`);
  const [text, encoding] = value as [string, unknown];
  if (encoding === "base64") {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new AccountLoadError(`${where}: account.data is not base64`);
    return Buffer.from(text, "base64");
  }
  if (encoding === "base58") {
    try {
      return base58ToBytes(text);
    } catch {
      throw new AccountLoadError(`${where}: account.data is not base58`);
    }
  }
  throw new AccountLoadError(`${where}: account.data's encoding ${JSON.stringify(encoding)} is not one of "base64", "base58"`);
}

/**
 * One account in the Solana CLI's JSON form. Missing lamports mean rent-exempt for the data, a missing rentEpoch
 * means exempt (u64::MAX), as `solana account` writes for every live account today.
 */
export function parseAccountFile(text: string, where: string): { address: Address; account: Account } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AccountLoadError(`${where}: not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new AccountLoadError(`${where}: expected an object with pubkey and account`);
  const { pubkey, account } = parsed as { pubkey?: unknown; account?: unknown };
  const address = checkAddress(pubkey, `${where}: pubkey`);
  if (typeof account !== "object" || account === null) throw new AccountLoadError(`${where}: account must be an object`);
  const fields = account as Record<string, unknown>;
  const data = decodeData(fields.data, where);
  if (data.length > MAX_PERMITTED_DATA_LENGTH)
    throw new AccountLoadError(`${where}: account.data holds ${data.length} bytes, more than ${MAX_PERMITTED_DATA_LENGTH}`);
  if (fields.space !== undefined && fields.space !== data.length)
    throw new AccountLoadError(`${where}: account.space is ${String(fields.space)} but account.data holds ${data.length} bytes`);
  if (fields.executable !== undefined && typeof fields.executable !== "boolean")
    throw new AccountLoadError(`${where}: account.executable must be true or false`);
  return {
    address,
    account: {
      lamports: exactU64(text, "lamports", where) ?? minimumBalanceForRentExemption(data.length),
      data,
      owner: checkAddress(fields.owner, `${where}: account.owner`),
      executable: fields.executable === true,
      rentEpoch: exactU64(text, "rentEpoch", where) ?? RENT_EXEMPT_EPOCH,
    },
  };
}

function readAccountFile(file: string): { address: Address; account: Account } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new AccountLoadError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseAccountFile(text, file);
}

function listJsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => join(dir, name));
  } catch (error) {
    throw new AccountLoadError(`${dir}: cannot be listed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The clones, in batches of getMultipleAccounts' 100; an account the RPC does not have is refused. */
async function fetchClones(addresses: readonly Address[], url: string): Promise<Map<Address, Account>> {
  const fetched = new Map<Address, Account>();
  for (let start = 0; start < addresses.length; start += 100) {
    const batch = addresses.slice(start, start + 100);
    let reply: {
      result?: { value: ({ lamports: number; data: [string, string]; owner: string; executable: boolean } | null)[] };
      error?: { message: string };
    };
    let text: string;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "getMultipleAccounts",
          params: [batch, { encoding: "base64", commitment: "confirmed" }],
        }),
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      reply = JSON.parse(text) as typeof reply;
    } catch (error) {
      throw new AccountLoadError(`--clone: ${url} could not be reached (${(error as Error).message})`);
    }
    if (reply.error || !reply.result)
      throw new AccountLoadError(`--clone: ${url} refused getMultipleAccounts: ${reply.error?.message ?? "no result"}`);
    // The reply's u64s as exact integers: one value object per address, in order.
    const lamports = [...text.matchAll(/"lamports"\s*:\s*([0-9]+)/g)].map((m) => BigInt(m[1]!));
    const rentEpochs = [...text.matchAll(/"rentEpoch"\s*:\s*([0-9]+)/g)].map((m) => BigInt(m[1]!));
    let found = 0;
    batch.forEach((address, i) => {
      const value = reply.result!.value[i];
      if (!value) throw new AccountLoadError(`--clone ${address}: no such account at ${url}`);
      fetched.set(address, {
        lamports: lamports[found] ?? BigInt(value.lamports),
        data: decodeData(value.data, `--clone ${address}`),
        owner: checkAddress(value.owner, `--clone ${address}: owner`),
        executable: value.executable === true,
        rentEpoch: rentEpochs[found] ?? RENT_EXEMPT_EPOCH,
      });
      found++;
    });
  }
  return fetched;
}

/**
 * Every account the flags name, read and checked, clones fetched. Later sources win for the same address, in the
 * order directories, files, clones. Throws AccountLoadError before returning anything when one is bad.
 */
export async function loadAccountSources(sources: AccountSources): Promise<Map<Address, Account>> {
  const accounts = new Map<Address, Account>();
  for (const dir of sources.dirs) {
    for (const file of listJsonFiles(dir)) {
      const { address, account } = readAccountFile(file);
      accounts.set(address, account);
    }
  }
  for (const { address, file } of sources.files) {
    const loaded = readAccountFile(file);
    accounts.set(address === "-" ? loaded.address : checkAddress(address, `--account ${address}`), loaded.account);
  }
  const clones = sources.clones.map((address) => checkAddress(address, `--clone ${address}`));
  if (clones.length > 0) for (const [address, account] of await fetchClones(clones, sources.url!)) accounts.set(address, account);
  return accounts;
}
