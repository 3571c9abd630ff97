// A Solana token list (TOKEN_LIST_FILE): read and checked at start, a bad file refused naming the file and field;
// served through /api/config as the tokens' logoURI (the list's other tokens added under "Other"), with the logos'
// origins allowed by the pages' images policy.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import { configFromEnvironment, type TokenListEntry } from "../src/config.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

const dir = mkdtempSync(join(tmpdir(), "ballast-token-list-"));
let files = 0;
function file(content: unknown): string {
  const path = join(dir, `list-${files++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const GROUP = Keypair.generate().publicKey.toBase58();
const USDC = Keypair.generate().publicKey.toBase58();
const SOL = Keypair.generate().publicKey.toBase58();
const EXTRA = Keypair.generate().publicKey.toBase58();

const LIST: TokenListEntry[] = [
  { address: USDC, symbol: "USDC", name: "USD Coin", decimals: 6, logoURI: "https://logos.example.org/usdc.png" },
  { address: SOL, symbol: "SOL", name: "Wrapped SOL", decimals: 9 },
  { address: EXTRA, symbol: "XTR", name: "Extra", decimals: 8, logoURI: "/logos/xtr.svg" },
];

describe("TOKEN_LIST_FILE", () => {
  it("reads a Solana token list's entries, ignoring fields the app does not use", () => {
    const path = file({ name: "Ballast", timestamp: "2026-11-28T00:00:00Z", tokens: LIST.map((entry) => ({ ...entry, chainId: 101 })) });
    expect(configFromEnvironment({ GROUP, TOKEN_LIST_FILE: path }).tokenList).toEqual(LIST);
    expect(configFromEnvironment({ GROUP }).tokenList).toEqual([]);
  });

  it("refuses a bad file at start, naming the file and the field", () => {
    const cases: [unknown, string][] = [
      [
        { tokens: [{ ...LIST[0], logoURI: "javascript:alert(1)" }] },
        "at tokens.0.logoURI: must be an http(s) URL or a path on this server",
      ],
      [
        { tokens: [LIST[0], { ...LIST[1], logoURI: "//cdn.example.org/x.png" }] },
        "at tokens.1.logoURI: must be an http(s) URL or a path on this server",
      ],
      [{ tokens: [LIST[0], LIST[1], { ...LIST[2], address: "mint" }] }, "at tokens.2.address: must be a base58 address of 32 bytes"],
      [{ tokens: [{ ...LIST[0], decimals: 6.5 }] }, "at tokens.0.decimals: Invalid input: expected int, received number"],
      [{ tokens: [{ ...LIST[0], symbol: "" }] }, "at tokens.0.symbol: Too small: expected string to have >=1 characters"],
      [LIST, ": Invalid input: expected object, received array"],
    ];
    for (const [content, message] of cases) {
      const path = file(content);
      expect(() => configFromEnvironment({ GROUP, TOKEN_LIST_FILE: path })).toThrow(
        `TOKEN_LIST_FILE ${path}${message.startsWith(":") ? "" : " "}${message}`,
      );
    }
    const notJson = file("{");
    expect(() => configFromEnvironment({ GROUP, TOKEN_LIST_FILE: notJson })).toThrow(`TOKEN_LIST_FILE ${notJson} is not readable JSON:`);
    const missing = join(dir, "missing.json");
    expect(() => configFromEnvironment({ GROUP, TOKEN_LIST_FILE: missing })).toThrow(`TOKEN_LIST_FILE ${missing} is not readable JSON:`);
  });
});

describe("/api/config with a token list", () => {
  let market: TestMarket;
  let server: RunningServer;

  beforeAll(async () => {
    market = await TestMarket.start();
    server = await startTestServer(market, {
      config: {
        tokens: [
          { mint: USDC, symbol: "USDC", name: "USD Coin", category: "Stablecoins" },
          { mint: SOL, symbol: "SOL", name: "Solana" },
        ],
        tokenList: LIST,
      },
    });
  });

  afterAll(async () => {
    await server.close();
    await market.close();
  });

  it("gives each token the list's logo, and adds the list's other tokens under Other", async () => {
    const { status, body } = await api(server, "GET", "/api/config");
    expect(status).toBe(200);
    expect(body.tokens).toEqual([
      { mint: USDC, symbol: "USDC", name: "USD Coin", category: "Stablecoins", logoURI: "https://logos.example.org/usdc.png" },
      { mint: SOL, symbol: "SOL", name: "Solana", category: "Other" },
      { mint: EXTRA, symbol: "XTR", name: "Extra", category: "Other", logoURI: "/logos/xtr.svg" },
    ]);
  });

  it("allows the logos' origin in the images policy", async () => {
    const response = await fetch(`${server.url}/api/config`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy.split("; ").find((part) => part.startsWith("img-src"))).toBe("img-src 'self' data: https://logos.example.org");
  });
});
