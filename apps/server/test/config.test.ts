// The settings an operator gives: the markets file (main market first, distinct groups), the tokens file with its
// asset categories, and the faucet's cooldown; every fault is refused at start with a message naming the file.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, checkMarkets, configFromEnvironment } from "../src/config.js";

const dir = mkdtempSync(join(tmpdir(), "ballast-config-"));
let files = 0;
function file(content: unknown): string {
  const path = join(dir, `settings-${files++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const MAIN = Keypair.generate().publicKey.toBase58();
const OTHER = Keypair.generate().publicKey.toBase58();
const MINT = Keypair.generate().publicKey.toBase58();

describe("configFromEnvironment", () => {
  it("reads the per-client limits and the purge period, with their defaults", () => {
    expect(configFromEnvironment({ GROUP: MAIN })).toMatchObject({
      challengeRateLimit: { limit: 30, windowSeconds: 60 },
      faucetClientLimit: { limit: 5, windowSeconds: 3_600 },
      purgeIntervalMs: 60_000,
    });
    const config = configFromEnvironment({
      GROUP: MAIN,
      CHALLENGE_RATE_LIMIT: "10",
      CHALLENGE_RATE_WINDOW_SECONDS: "30",
      FAUCET_CLIENT_LIMIT: "0",
      FAUCET_CLIENT_WINDOW_SECONDS: "86400",
      PURGE_INTERVAL_MS: "5000",
    });
    expect(config).toMatchObject({
      challengeRateLimit: { limit: 10, windowSeconds: 30 },
      faucetClientLimit: { limit: 0, windowSeconds: 86_400 },
      purgeIntervalMs: 5_000,
    });
    expect(() => configFromEnvironment({ GROUP: MAIN, FAUCET_CLIENT_LIMIT: "many" })).toThrow(
      'FAUCET_CLIENT_LIMIT must be a non-negative number, got "many"',
    );
  });

  it("reads PostgreSQL's statement timeout, 5 s by default, 0 lifting it", () => {
    expect(configFromEnvironment({ GROUP: MAIN }).databaseStatementTimeoutMs).toBe(5_000);
    expect(configFromEnvironment({ GROUP: MAIN, DATABASE_STATEMENT_TIMEOUT_MS: "250" }).databaseStatementTimeoutMs).toBe(250);
    expect(configFromEnvironment({ GROUP: MAIN, DATABASE_STATEMENT_TIMEOUT_MS: "0" }).databaseStatementTimeoutMs).toBe(0);
    expect(() => configFromEnvironment({ GROUP: MAIN, DATABASE_STATEMENT_TIMEOUT_MS: "5s" })).toThrow(
      'DATABASE_STATEMENT_TIMEOUT_MS must be a non-negative number, got "5s"',
    );
  });

  it("reads the explorer's rate limit and the external explorer's URL templates, refusing one without its placeholder", () => {
    expect(configFromEnvironment({ GROUP: MAIN })).toMatchObject({
      explorerRateLimit: { limit: 120, windowSeconds: 60 },
      explorerTransactionUrl: "https://explorer.solana.com/tx/{signature}",
      explorerAddressUrl: "https://explorer.solana.com/address/{address}",
    });
    const config = configFromEnvironment({
      GROUP: MAIN,
      EXPLORER_RATE_LIMIT: "5",
      EXPLORER_TX_URL: "https://solscan.io/tx/{signature}?cluster=devnet",
      EXPLORER_ADDRESS_URL: "https://solscan.io/account/{address}?cluster=devnet",
    });
    expect(config).toMatchObject({
      explorerRateLimit: { limit: 5, windowSeconds: 60 },
      explorerTransactionUrl: "https://solscan.io/tx/{signature}?cluster=devnet",
      explorerAddressUrl: "https://solscan.io/account/{address}?cluster=devnet",
    });
    expect(() => configFromEnvironment({ GROUP: MAIN, EXPLORER_TX_URL: "https://solscan.io/tx/" })).toThrow(
      'EXPLORER_TX_URL must be an http(s) URL holding {signature}, got "https://solscan.io/tx/"',
    );
  });

  it("reads the liquidation record's rate limit, 120 a minute by default", () => {
    expect(configFromEnvironment({ GROUP: MAIN }).liquidationRecordRateLimit).toEqual({ limit: 120, windowSeconds: 60 });
    const config = configFromEnvironment({ GROUP: MAIN, LIQUIDATION_RECORD_RATE_LIMIT: "0", LIQUIDATION_RECORD_RATE_WINDOW_SECONDS: "10" });
    expect(config.liquidationRecordRateLimit).toEqual({ limit: 0, windowSeconds: 10 });
  });

  it("reads the quote API's settings: rate limit, pool refresh period, intermediate mints and lookup tables", () => {
    expect(configFromEnvironment({ GROUP: MAIN })).toMatchObject({
      swapRateLimit: { limit: 600, windowSeconds: 60 },
      swapPoolIntervalMs: 2_000,
      swapIntermediateMints: null,
      swapLookupTables: [],
    });
    const config = configFromEnvironment({
      GROUP: MAIN,
      SWAP_RATE_LIMIT: "50",
      SWAP_RATE_WINDOW_SECONDS: "10",
      SWAP_POOL_INTERVAL_MS: "500",
      SWAP_INTERMEDIATE_MINTS: ` ${MINT}, ${OTHER} `,
      SWAP_LOOKUP_TABLES: MAIN,
    });
    expect(config).toMatchObject({
      swapRateLimit: { limit: 50, windowSeconds: 10 },
      swapPoolIntervalMs: 500,
      swapIntermediateMints: [MINT, OTHER],
      swapLookupTables: [MAIN],
    });
    expect(() => configFromEnvironment({ GROUP: MAIN, SWAP_INTERMEDIATE_MINTS: "USDC" })).toThrow(
      "SWAP_INTERMEDIATE_MINTS: USDC is not a base58 address",
    );
  });

  it("serves the main group alone, named Ballast Main, without MARKETS_FILE; the faucet cooldown defaults to 60 s", () => {
    const config = configFromEnvironment({ GROUP: MAIN });
    expect(config.markets).toEqual([{ group: MAIN, name: "Ballast Main" }]);
    expect(config.faucetCooldownSeconds).toBe(60);
    expect(DEFAULT_CONFIG.faucetCooldownSeconds).toBe(60);
    expect(config.tokens).toEqual([]);
  });

  it("reads MARKETS_FILE, main market first", () => {
    const markets = [
      { group: MAIN, name: "Ballast Main" },
      { group: OTHER, name: "Ballast Memes" },
    ];
    expect(configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: file(markets) }).markets).toEqual(markets);
  });

  it("reads a market's lookup tables from MARKETS_FILE and refuses one that is not an address", () => {
    const table = Keypair.generate().publicKey.toBase58();
    const markets = [
      { group: MAIN, name: "Ballast Main", lookupTables: [table] },
      { group: OTHER, name: "Ballast Memes" },
    ];
    expect(configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: file(markets) }).markets).toEqual(markets);
    const bad = file([{ group: MAIN, name: "Main", lookupTables: ["table"] }]);
    expect(() => configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: bad })).toThrow(
      `MARKETS_FILE ${bad} at 0.lookupTables.0: must be a base58 address of 32 bytes`,
    );
  });

  it("refuses a markets file that does not list the main group first, lists a group twice, or is malformed", () => {
    const notFirst = file([
      { group: OTHER, name: "Other" },
      { group: MAIN, name: "Main" },
    ]);
    expect(() => configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: notFirst })).toThrow(
      `MARKETS_FILE ${notFirst}: the markets must list the main group ${MAIN} first`,
    );
    const twice = file([
      { group: MAIN, name: "Main" },
      { group: MAIN, name: "Again" },
    ]);
    expect(() => configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: twice })).toThrow(
      `MARKETS_FILE ${twice}: the markets list group ${MAIN} twice`,
    );
    const badGroup = file([{ group: "not-an-address", name: "Main" }]);
    expect(() => configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: badGroup })).toThrow(
      `MARKETS_FILE ${badGroup} at 0.group: must be a base58 address of 32 bytes`,
    );
    const empty = file([]);
    expect(() => configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: empty })).toThrow(
      `MARKETS_FILE ${empty}: must name at least the main market`,
    );
    const notJson = file("[{");
    expect(() => configFromEnvironment({ GROUP: MAIN, MARKETS_FILE: notJson })).toThrow(`MARKETS_FILE ${notJson} is not readable JSON:`);
  });

  it("reads TOKENS_FILE with optional categories and refuses an unknown category", () => {
    const tokens = [
      { mint: MINT, symbol: "USDC", name: "USD Coin", category: "Stablecoins" },
      { mint: OTHER, symbol: "X", name: "X Token" },
    ];
    expect(configFromEnvironment({ GROUP: MAIN, TOKENS_FILE: file(tokens) }).tokens).toEqual(tokens);
    const unknown = file([{ mint: MINT, symbol: "USDC", name: "USD Coin", category: "Dollars" }]);
    expect(() => configFromEnvironment({ GROUP: MAIN, TOKENS_FILE: unknown })).toThrow(
      `TOKENS_FILE ${unknown} at 0.category: must be one of "Stablecoins", "SOL / LST", "Bitcoin", "Governance", "Blue Chip", "Memes", "Other"`,
    );
  });

  it("reads FAUCET_COOLDOWN_SECONDS and refuses a negative one", () => {
    expect(configFromEnvironment({ GROUP: MAIN, FAUCET_COOLDOWN_SECONDS: "5" }).faucetCooldownSeconds).toBe(5);
    expect(() => configFromEnvironment({ GROUP: MAIN, FAUCET_COOLDOWN_SECONDS: "-1" })).toThrow(
      'FAUCET_COOLDOWN_SECONDS must be a non-negative number, got "-1"',
    );
  });

  it("checkMarkets, as startServer runs it, refuses markets without the main group first", () => {
    expect(() => checkMarkets(MAIN, [])).toThrow(`the markets must list the main group ${MAIN} first`);
    expect(() => checkMarkets(MAIN, [{ group: MAIN, name: "Main" }])).not.toThrow();
  });
});
