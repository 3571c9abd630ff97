// Accounts loaded at start as solana-test-validator loads them (`--account`, `--account-dir`, `--clone --url`):
// the Solana CLI's JSON files of ../shared/fixtures read exactly (u64::MAX rent epochs included), a bad file or an
// unreachable clone source refused with a message naming the file and field and nothing loaded, and loaded accounts
// served over JSON-RPC to web3.js and kept across a restart like any other.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountLoadError,
  loadAccountSources,
  parseAccountFile,
  parseAccountFlags,
  startLocalnet,
  type Localnet,
} from "../../src/index.js";
import { minimumBalanceForRentExemption } from "../../src/account.js";
import { exited, freePortPair, spawnLocalnet, stderrOf, waitForRpc } from "../support/process.js";

const FIXTURES = fileURLToPath(new URL("../../../../../shared/fixtures/mainnet-accounts/", import.meta.url));
const fixture = (name: string) => join(FIXTURES, name);
const U64_MAX = (1n << 64n) - 1n;
const SOL_FEED = "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE";
const PYUSD_MINT = "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo";
const fixtureData = (name: string) =>
  Buffer.from((JSON.parse(readFileSync(fixture(name), "utf8")) as { account: { data: [string, string] } }).account.data[0], "base64");

const scratch = mkdtempSync(join(tmpdir(), "ballast-account-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
function file(content: string): string {
  const path = join(scratch, `account-${n++}.json`);
  writeFileSync(path, content);
  return path;
}
const good = {
  pubkey: SOL_FEED,
  account: { lamports: 5, data: ["AQID", "base64"], owner: PYUSD_MINT, executable: false, rentEpoch: 0, space: 3 },
};
const variant = (account: Record<string, unknown>, pubkey: unknown = SOL_FEED) =>
  JSON.stringify({ pubkey, account: { ...good.account, ...account } });

describe("the Solana CLI's account JSON", () => {
  it("reads the fixtures exactly: lamports, owner, data and a rent epoch of u64::MAX", () => {
    const feed = parseAccountFile(readFileSync(fixture("sol_pyth_price_feed.json"), "utf8"), "feed");
    expect(feed.address).toBe(SOL_FEED);
    expect(feed.account).toEqual({
      lamports: 1_825_020n,
      data: fixtureData("sol_pyth_price_feed.json"),
      owner: "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ",
      executable: false,
      rentEpoch: U64_MAX,
    });
    expect(feed.account.data.length).toBe(134);
    const mint = parseAccountFile(readFileSync(fixture("pyUSD.json"), "utf8"), "mint");
    expect([mint.address, mint.account.lamports, mint.account.owner, mint.account.data.length]).toEqual([
      PYUSD_MINT,
      8_903_240n,
      "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
      866,
    ]);
  });

  it("makes an account without lamports rent-exempt for its data", () => {
    const fee = parseAccountFile(readFileSync(fixture("fee_state.json"), "utf8"), "fee");
    expect(fee.account.lamports).toBe(minimumBalanceForRentExemption(264));
    expect(fee.account.rentEpoch).toBe(U64_MAX);
  });

  it.each([
    ["{", /^bad\.json: not JSON \(/],
    ["[]", "bad.json: expected an object with pubkey and account"],
    [JSON.stringify({ pubkey: SOL_FEED }), "bad.json: account must be an object"],
    [variant({}, "nope"), 'bad.json: pubkey: "nope" is not a base58 address'],
    [variant({ owner: "0OIl" }), 'bad.json: account.owner: "0OIl" is not a base58 address'],
    [variant({ data: "AQID" }), "bad.json: account.data must be [data, encoding]"],
    [variant({ data: ["AQID", "base64+zstd"] }), 'bad.json: account.data\'s encoding "base64+zstd" is not one of "base64", "base58"'],
    [variant({ data: ["A*ID", "base64"] }), "bad.json: account.data is not base64"],
    [variant({ space: 4 }), "bad.json: account.space is 4 but account.data holds 3 bytes"],
    [variant({ lamports: -1 }), "bad.json: account.lamports must be one unsigned 64-bit integer"],
    [variant({ lamports: 1.5 }), "bad.json: account.lamports must be one unsigned 64-bit integer"],
    [variant({ rentEpoch: 18446744073709551616 }), "bad.json: account.rentEpoch must be one unsigned 64-bit integer"],
    [variant({ executable: "yes" }), "bad.json: account.executable must be true or false"],
  ])("refuses %s", (content, message) => {
    const error = (() => {
      try {
        parseAccountFile(content, "bad.json");
      } catch (e) {
        return e as Error;
      }
      throw new Error("accepted");
    })();
    expect(error).toBeInstanceOf(AccountLoadError);
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });
});

describe("the flags", () => {
  it("parses solana-test-validator's account flags, repeated, with monikers and --flag=value", () => {
    const { sources, rest } = parseAccountFlags([
      "--account",
      SOL_FEED,
      "a.json",
      "--account-dir=dir",
      "--clone",
      PYUSD_MINT,
      "--account",
      "-",
      "b.json",
      "-u",
      "m",
      "--quiet",
    ]);
    expect(sources).toEqual({
      files: [
        { address: SOL_FEED, file: "a.json" },
        { address: "-", file: "b.json" },
      ],
      dirs: ["dir"],
      clones: [PYUSD_MINT],
      url: "https://api.mainnet-beta.solana.com",
    });
    expect(rest).toEqual(["--quiet"]);
    expect(parseAccountFlags(["--url", "devnet"]).sources.url).toBe("https://api.devnet.solana.com");
    expect(parseAccountFlags(["--url", "http://10.0.0.1:8899"]).sources.url).toBe("http://10.0.0.1:8899");
  });

  it("refuses a flag without its value and a clone without a URL", () => {
    expect(() => parseAccountFlags(["--account", SOL_FEED])).toThrow(new AccountLoadError("--account needs a value"));
    expect(() => parseAccountFlags(["--account-dir", "--clone", "x"])).toThrow(new AccountLoadError("--account-dir needs a value"));
    expect(() => parseAccountFlags(["--clone", SOL_FEED])).toThrow(new AccountLoadError("--clone needs --url (the RPC to copy from)"));
  });
});

describe("loading", () => {
  let source: Localnet;
  const cloned = Keypair.generate().publicKey.toBase58();
  beforeAll(async () => {
    source = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0 });
    source.ledger.setAccounts([
      [cloned, { lamports: U64_MAX - 1n, data: Buffer.from([9, 8, 7]), owner: PYUSD_MINT, executable: false, rentEpoch: U64_MAX }],
    ]);
  });
  afterAll(() => source.close());

  it("takes directories, then files (at their own or a given address), then clones, later ones winning", async () => {
    const dir = mkdtempSync(join(scratch, "dir-"));
    copyFileSync(fixture("pyUSD.json"), join(dir, "mint.json"));
    copyFileSync(fixture("sol_pyth_price_feed.json"), join(dir, "feed.json"));
    writeFileSync(join(dir, "notes.txt"), "not an account");
    const elsewhere = Keypair.generate().publicKey.toBase58();
    const accounts = await loadAccountSources({
      dirs: [dir],
      files: [
        { address: SOL_FEED, file: file(variant({})) },
        { address: elsewhere, file: fixture("pyUSD.json") },
      ],
      clones: [cloned],
      url: source.rpc.url,
    });
    expect([...accounts.keys()].sort()).toEqual([PYUSD_MINT, SOL_FEED, elsewhere, cloned].sort());
    expect(accounts.get(SOL_FEED)!.data).toEqual(Buffer.from([1, 2, 3]));
    expect(accounts.get(elsewhere)!.data).toEqual(fixtureData("pyUSD.json"));
    expect(accounts.get(cloned)).toEqual({
      lamports: U64_MAX - 1n,
      data: Buffer.from([9, 8, 7]),
      owner: PYUSD_MINT,
      executable: false,
      rentEpoch: U64_MAX,
    });
  });

  it("refuses a clone the source does not have, and a source that cannot be reached", async () => {
    const missing = Keypair.generate().publicKey.toBase58();
    await expect(loadAccountSources({ dirs: [], files: [], clones: [missing], url: source.rpc.url })).rejects.toThrow(
      new AccountLoadError(`--clone ${missing}: no such account at ${source.rpc.url}`),
    );
    const port = await freePortPair();
    await expect(loadAccountSources({ dirs: [], files: [], clones: [cloned], url: `http://127.0.0.1:${port}` })).rejects.toThrow(
      /^--clone: http:\/\/127\.0\.0\.1:\d+ could not be reached \(fetch failed\)$/,
    );
    await expect(loadAccountSources({ dirs: [join(scratch, "absent")], files: [], clones: [], url: null })).rejects.toThrow(
      new AccountLoadError(`${join(scratch, "absent")}: cannot be listed (ENOENT)`),
    );
  });
});

describe("the ledger's command line", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-account-loading-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function refused(port: number, args: string[]): Promise<string> {
    const child = spawnLocalnet({ RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "100" }, { args });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    return stderr.trim();
  }

  it("refuses a bad file in a directory, or a program's address, and loads nothing; then loads, serves and keeps the fixtures", async () => {
    const port = await freePortPair();
    const url = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(join(scratch, "cli-"));
    copyFileSync(fixture("pyUSD.json"), join(dir, "a-mint.json"));
    // u64::MAX lamports: more than SQLite's signed integers hold.
    const rich = Keypair.generate().publicKey.toBase58();
    writeFileSync(
      join(dir, "c-rich.json"),
      variant({ lamports: 18446744073709551615 }, rich).replace("18446744073709552000", "18446744073709551615"),
    );
    const bad = join(dir, "b-bad.json");
    writeFileSync(bad, variant({ space: 9 }));
    expect(await refused(port, ["--account-dir", dir])).toBe(
      `ledger: ${bad}: account.space is 9 but account.data holds 3 bytes; nothing loaded`,
    );
    rmSync(bad);
    const system = "11111111111111111111111111111111";
    expect(await refused(port, ["--account-dir", dir, "--account", system, fixture("pyUSD.json")])).toBe(
      `ledger: ${system} is a program or sysvar and cannot be set; nothing loaded`,
    );
    expect(await refused(port, ["--acount", "x"])).toBe(
      "ledger: unknown argument --acount (the ledger takes --account ADDRESS FILE, --account-dir DIR, --clone ADDRESS, --url URL); nothing loaded",
    );

    // Nothing of the refused runs is on the ledger.
    let child = spawnLocalnet({ RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "100" });
    try {
      await waitForRpc(url);
      expect(await new Connection(url).getAccountInfo(new PublicKey(PYUSD_MINT))).toBeNull();
    } finally {
      child.kill("SIGTERM");
      expect(await exited(child), stderrOf(child)).toBe(0);
    }

    child = spawnLocalnet(
      { RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "100" },
      { args: ["--account-dir", dir, "--account", "-", fixture("sol_pyth_price_feed.json")] },
    );
    try {
      await waitForRpc(url);
      const connection = new Connection(url, "confirmed");
      const mint = await connection.getAccountInfo(new PublicKey(PYUSD_MINT));
      expect(mint?.data).toEqual(fixtureData("pyUSD.json"));
      expect([mint?.lamports, mint?.owner.toBase58(), mint?.executable]).toEqual([
        8_903_240,
        "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
        false,
      ]);
      const feed = await connection.getAccountInfo(new PublicKey(SOL_FEED));
      expect(feed?.data).toEqual(fixtureData("sol_pyth_price_feed.json"));
      expect(feed?.rentEpoch).toBe(Number(U64_MAX));
    } finally {
      child.kill("SIGTERM");
      expect(await exited(child), stderrOf(child)).toBe(0);
    }

    // Restarted without the flags: the loaded accounts persisted like any other.
    child = spawnLocalnet({ RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "100" });
    try {
      await waitForRpc(url);
      const infos = await new Connection(url).getMultipleAccountsInfo([new PublicKey(PYUSD_MINT), new PublicKey(SOL_FEED)]);
      expect(infos.map((info) => info?.data)).toEqual([fixtureData("pyUSD.json"), fixtureData("sol_pyth_price_feed.json")]);
      const reply = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: [rich, { encoding: "base64" }] }),
      });
      expect(await reply.text()).toContain('"lamports":18446744073709551615,');
    } finally {
      child.kill("SIGTERM");
      expect(await exited(child), stderrOf(child)).toBe(0);
    }
  }, 90_000);
});
