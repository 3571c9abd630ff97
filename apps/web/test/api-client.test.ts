// The web app's API client against the real API server on a real ledger (shapes, the sign-in flow, the error
// messages of spec §8 for what the server refuses) and against a local fastify server that fails on purpose (the
// messages and fallbacks for server failures).
import { Connection, Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { ed25519 } from "@noble/curves/ed25519.js";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_BANK_CONFIG, TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../../server/src/server.js";
import { startTestServer } from "../../server/test/support/server.js";
import {
  ActivityFetchError,
  DEFAULT_SLOT_DURATION_MS,
  Http,
  fetchAccountAddresses,
  fetchActivity,
  fetchBankHistory,
  fetchBanks,
  fetchConfig,
  fetchEmissions,
  fetchFees,
  fetchKaminoStates,
  fetchOracleData,
  fetchPythOracleData,
  fetchRates,
  fetchSlotDuration,
  fetchSwbOracleData,
  fetchSwbOracleMap,
  fetchTokenPrices,
  fetchUserBalances,
  login,
  signup,
} from "../src/api/index.js";
import { retryActivity } from "../src/queries/activity.js";
import { signIn } from "../src/auth/sign-in.js";

const BANK = "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV";

describe("against the API server", () => {
  let market: TestMarket;
  let usdc: TestBank;
  let server: RunningServer;
  let http: Http;

  beforeAll(async () => {
    market = await TestMarket.start();
    usdc = await market.addBank(6, { kind: "pyth", price: 1, conf: 0.001 }, { interest: DEFAULT_BANK_CONFIG.interest });
    server = await startTestServer(market);
    http = new Http(server.url);
  });

  afterAll(async () => {
    await server?.close();
    await market?.close();
  });

  it("reads the config, the live banks, rates and the slot duration", async () => {
    const config = await fetchConfig(http);
    expect(config.programId).toBe("MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA");
    expect(config.markets).toEqual([{ group: market.group.toBase58(), name: expect.any(String), main: true }]);
    expect(config.rpcPath).toBe("/rpc");

    const banks = await fetchBanks(http, "rpc");
    expect(banks.map((b) => b.bank_address)).toEqual([usdc.key.toBase58()]);
    expect(banks[0]!.mint_decimals).toBe(6);
    const rates = await fetchRates(http);
    expect(Object.keys(rates)).toEqual([usdc.key.toBase58()]);
    expect(rates[usdc.key.toBase58()]!.lendingRate).toBe(0);
    expect(await fetchEmissions(http)).toEqual({});
    expect(await fetchSlotDuration(http)).toBeGreaterThan(0);
  });

  it("lists a wallet's accounts and balances", async () => {
    const user = await market.newUser();
    expect(await fetchAccountAddresses(http, user.wallet.publicKey.toBase58())).toEqual([user.account.toBase58()]);
    expect(await fetchAccountAddresses(http, Keypair.generate().publicKey.toBase58())).toEqual([]);
    const balances = await fetchUserBalances(http, user.wallet.publicKey.toBase58(), [
      { mint: usdc.mint.toBase58(), tokenProgram: TOKEN_PROGRAM_ID.toBase58(), decimal: 6 },
    ]);
    // 100 SOL airdropped, less the account's rent and the fees, as the ledger reports it.
    const lamports = await new Connection(market.net.rpc.url).getBalance(user.wallet.publicKey);
    expect(balances.nativeSolBalance).toBe(lamports / LAMPORTS_PER_SOL);
    expect(balances.ataList).toEqual([expect.objectContaining({ mint: usdc.mint.toBase58(), balance: "0", isCreated: false })]);
  });

  it("gives the spec's messages for what the server refuses", async () => {
    await expect(fetchAccountAddresses(http, "not-a-key")).rejects.toThrow(
      "Failed to fetch account addresses: Invalid query.authority: not a valid base58 address",
    );
    await expect(fetchBankHistory(http, BANK, "1d")).rejects.toThrow("Failed to fetch historic bank data");
    await expect(fetchPythOracleData(http, ["nope"])).rejects.toThrow("Failed to fetch pyth oracle data");
    await expect(fetchSwbOracleMap(http, ["nope"])).rejects.toThrow("Failed to fetch swb oracle key map");
    await expect(fetchSwbOracleData(http, ["nope"])).rejects.toThrow("Failed to fetch swb oracle data");
    await expect(fetchKaminoStates(http, [{ bank: "a", reserve: "b", obligation: "c" }])).rejects.toThrow(
      "Failed to fetch Kamino states: 400",
    );
    const activity = fetchActivity(http, "authority", "nope");
    await expect(activity).rejects.toBeInstanceOf(ActivityFetchError);
    await expect(activity).rejects.toThrow("Failed to fetch activity: Invalid query.address: must be a base58 address");
  });

  it("degrades oracle and price reads to empty data with a console warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await fetchOracleData(http, ["nope"], ["nope"])).toEqual({ pyth: {}, switchboard: {} });
      expect(await fetchTokenPrices(http, ["nope"])).toEqual({});
      expect(warn.mock.calls.map((c) => c[0])).toEqual([
        "Failed to fetch pyth oracle data",
        "Failed to fetch swb oracle key map",
        "Failed to fetch token prices: Bad Request",
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("signs a new wallet up by signing the server's message, then logs it in", async () => {
    const wallet = Keypair.generate();
    const address = wallet.publicKey.toBase58();
    const waiting: boolean[] = [];
    const steps = {
      walletAddress: address,
      walletId: "test-wallet",
      login: (request: Parameters<typeof login>[1]) => login(http, request),
      signup: (request: Parameters<typeof signup>[1]) => signup(http, request),
      signMessage: async (message: Uint8Array) => ed25519.sign(message, wallet.secretKey.slice(0, 32)),
      referralCode: null,
      onAwaitingSignature: (value: boolean) => waiting.push(value),
    };
    const first = await signIn(steps);
    expect(first).toEqual({
      user: expect.objectContaining({ walletAddress: address, walletId: "test-wallet", referredBy: null }),
      signedUp: true,
    });
    expect(waiting).toEqual([true, false]);

    const again = await signIn(steps);
    expect(again).toEqual({ user: expect.objectContaining({ walletAddress: address }), signedUp: false });

    // A referred wallet signs up with the first one's code.
    const referred = Keypair.generate();
    const code = "user" in first ? first.user.referralCode : "";
    const result = await signIn({
      ...steps,
      walletAddress: referred.publicKey.toBase58(),
      signMessage: async (message) => ed25519.sign(message, referred.secretKey.slice(0, 32)),
      referralCode: code,
    });
    expect(result).toEqual({ user: expect.objectContaining({ referredBy: address }), signedUp: true });
  });

  it("reports a declined signature and a wallet that cannot sign messages", async () => {
    const base = {
      walletAddress: Keypair.generate().publicKey.toBase58(),
      walletId: null,
      login: (request: Parameters<typeof login>[1]) => login(http, request),
      signup: (request: Parameters<typeof signup>[1]) => signup(http, request),
      referralCode: null,
      onAwaitingSignature: () => {},
    };
    expect(
      await signIn({
        ...base,
        signMessage: async () => {
          throw new Error("User rejected the request.");
        },
      }),
    ).toEqual({ error: "User rejected the request.", signatureDenied: true });
    expect(await signIn({ ...base, signMessage: null })).toEqual({
      error: "Wallet does not support message signing",
      signatureDenied: false,
    });
    expect(await signIn({ ...base, walletAddress: null, signMessage: null })).toEqual({
      error: "Wallet not connected",
      signatureDenied: false,
    });
    // A signature by another key is refused by the server.
    const impostor = Keypair.generate();
    expect(await signIn({ ...base, signMessage: async (m) => ed25519.sign(m, impostor.secretKey.slice(0, 32)) })).toEqual({
      error: expect.any(String),
      signatureDenied: false,
    });
  });
});

describe("against a failing server", () => {
  let app: FastifyInstance;
  let http: Http;

  beforeAll(async () => {
    app = Fastify();
    const unavailable = async (_request: unknown, reply: { code: (n: number) => { send: (body: unknown) => unknown } }) =>
      reply.code(503).send({ success: false, error: "ledger unreachable" });
    app.get("/api/banks/db", unavailable);
    app.get("/api/rates", unavailable);
    app.get("/api/emissions", unavailable);
    app.get("/api/solana/slot-duration", unavailable);
    app.get("/api/priority-fees/rpc", unavailable);
    app.get("/api/priority-fees/bundle", async () => ({ success: true, fees: { NORMAL: "fast" } }));
    app.get("/api/activity/authority", async (_request, reply) =>
      reply.code(500).send({ success: false, error: "query failed", details: "canceling statement due to statement timeout" }),
    );
    app.get("/api/config", async (_request, reply) => reply.code(502).send({ success: false, error: "bad gateway" }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    http = new Http(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  });

  afterAll(() => app.close());

  it("names the status in bank, rate and config failures", async () => {
    await expect(fetchBanks(http)).rejects.toThrow(new Error("Failed to fetch banks: 503 Service Unavailable"));
    await expect(fetchRates(http)).rejects.toThrow(new Error("Failed to fetch venue rates: Service Unavailable"));
    await expect(fetchEmissions(http)).rejects.toThrow(new Error("Failed to fetch emissions rates: Service Unavailable"));
    await expect(fetchConfig(http)).rejects.toThrow(new Error("Failed to fetch config: 502 Bad Gateway"));
  });

  it("falls back to 500 ms and to the built-in fee tiers", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await fetchSlotDuration(http)).toBe(DEFAULT_SLOT_DURATION_MS);
      expect(DEFAULT_SLOT_DURATION_MS).toBe(500);
    } finally {
      warn.mockRestore();
    }
    const rpc = await fetchFees(http, "rpc");
    expect(rpc).toEqual({
      fees: { NORMAL: 91_000, HIGH: 195_000, ULTRA: 260_000 },
      source: "fallback",
      error: "Priority fee API responded with status: 503",
    });
    const bundle = await fetchFees(http, "bundle");
    expect(bundle.source).toBe("fallback");
    expect(bundle.error).toBe("Invalid priority fee response format");
  });

  it("does not retry activity on a database statement timeout", async () => {
    const failure = await fetchActivity(http, "authority", BANK).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ActivityFetchError);
    expect((failure as ActivityFetchError).message).toBe("Failed to fetch activity: canceling statement due to statement timeout");
    expect((failure as ActivityFetchError).statementTimeout).toBe(true);
    expect(retryActivity(0, failure as ActivityFetchError)).toBe(false);
    expect(retryActivity(0, new ActivityFetchError("Failed to fetch activity: Bad Gateway", false))).toBe(true);
    expect(retryActivity(2, new ActivityFetchError("Failed to fetch activity: Bad Gateway", false))).toBe(false);
  });
});
