// POST /api/faucet on both databases, with a faucet that pays real grants on the ledger (SOL and a token in one
// transaction): refused off the local chain, one grant per wallet per cooldown (exact 429 message and seconds, shared
// by servers on one database), one grant of two concurrent requests, a failed payment that does not count, and bad
// wallets answered 400.
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRAM, TestMarket } from "../../../packages/protocol/test/support/market.js";
import type { Faucet, FaucetGrant } from "../src/faucet.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";

const NOW = 1_767_225_600;
const GRANT_LAMPORTS = 2n * BigInt(LAMPORTS_PER_SOL);
const GRANT_TOKENS = 1_000_000_000n;

let market: TestMarket;
let mint: PublicKey;

beforeAll(async () => {
  market = await TestMarket.start();
  mint = await market.createMint(6);
});
afterAll(async () => {
  await market.close();
});

/** Pays each grant from `payer` in one transaction: SOL, the wallet's token account if missing, and minted tokens. */
class LedgerFaucet implements Faucet {
  readonly funded: string[] = [];
  lastError: Error | null = null;

  constructor(private readonly payer: Keypair) {}

  async fund(wallet: string): Promise<FaucetGrant> {
    this.funded.push(wallet);
    const owner = new PublicKey(wallet);
    const ata = getAssociatedTokenAddressSync(mint, owner);
    try {
      const signature = await market.send(
        [
          SystemProgram.transfer({ fromPubkey: this.payer.publicKey, toPubkey: owner, lamports: GRANT_LAMPORTS }),
          createAssociatedTokenAccountIdempotentInstruction(this.payer.publicKey, ata, owner, mint),
          createMintToInstruction(mint, ata, market.admin.publicKey, GRANT_TOKENS),
        ],
        [this.payer, market.admin],
      );
      return {
        signature,
        lamports: GRANT_LAMPORTS.toString(),
        tokens: [{ mint: mint.toBase58(), symbol: "USDC", decimals: 6, amount: GRANT_TOKENS.toString() }],
      };
    } catch (error) {
      this.lastError = error as Error;
      throw error;
    }
  }
}

async function balances(wallet: PublicKey): Promise<{ lamports: bigint; tokens: bigint }> {
  const lamports = BigInt(await market.connection.getBalance(wallet, "confirmed"));
  const account = await market.connection
    .getTokenAccountBalance(getAssociatedTokenAddressSync(mint, wallet), "confirmed")
    .catch(() => null);
  return { lamports, tokens: BigInt(account?.value.amount ?? "0") };
}

describe.each(DIALECTS)("on %s", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let clock = NOW;
  let faucet: LedgerFaucet;
  let server: RunningServer;
  let withoutFaucet: RunningServer;
  let sharing: RunningServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const payer = Keypair.generate();
    await market.airdrop(payer.publicKey, 1_000n * BigInt(LAMPORTS_PER_SOL));
    faucet = new LedgerFaucet(payer);
    server = await startTestServer(market, { database, faucet, now: () => clock });
    sharing = await startTestServer(market, { database, faucet, now: () => clock });
    withoutFaucet = await startTestServer(market, { dialect, now: () => clock });
  });
  afterAll(async () => {
    await Promise.all([server.close(), sharing.close(), withoutFaucet.close()]);
  });

  it("refuses with 403 without a faucet, and /api/config says remote without faucet", async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const { status, body } = await api(withoutFaucet, "POST", "/api/faucet", { wallet });
    expect(status).toBe(403);
    expect(body).toEqual({ success: false, error: "The faucet is only available on the local chain" });
    const config = await api(withoutFaucet, "GET", "/api/config");
    expect(config.body).toMatchObject({ cluster: "remote", faucet: false });
  });

  it("with a faucet, /api/config says local with the faucet on", async () => {
    const { status, body } = await api(server, "GET", "/api/config");
    expect(status).toBe(200);
    expect(body).toEqual({
      programId: PROGRAM.toBase58(),
      cluster: "local",
      rpcPath: "/rpc",
      authEnabled: true,
      faucet: true,
      priceControl: false,
      markets: [{ group: market.group.toBase58(), name: "Ballast Main", main: true }],
      tokens: [],
      explorer: null,
    });
  });

  it("grants once per cooldown: 200 with the grant, then 429 with the seconds left, rounded up", async () => {
    clock = NOW;
    const wallet = Keypair.generate().publicKey;
    const granted = await api(server, "POST", "/api/faucet", { wallet: wallet.toBase58() });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      success: true,
      signature: granted.body.signature,
      lamports: "2000000000",
      tokens: [{ mint: mint.toBase58(), symbol: "USDC", decimals: 6, amount: "1000000000" }],
    });
    const landed = await market.connection.getTransaction(granted.body.signature, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta?.err).toBeNull();
    expect(await balances(wallet)).toEqual({ lamports: GRANT_LAMPORTS, tokens: GRANT_TOKENS });

    const again = await api(server, "POST", "/api/faucet", { wallet: wallet.toBase58() });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ success: false, error: "Faucet already used by this wallet; try again in 60 s" });
    expect(again.headers.get("retry-after")).toBe("60");

    clock = NOW + 15.5;
    const later = await api(server, "POST", "/api/faucet", { wallet: wallet.toBase58() });
    expect(later.status).toBe(429);
    expect(later.body).toEqual({ success: false, error: "Faucet already used by this wallet; try again in 45 s" });

    // Another server on the same database knows the grant.
    clock = NOW + 59;
    const elsewhere = await api(sharing, "POST", "/api/faucet", { wallet: wallet.toBase58() });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body).toEqual({ success: false, error: "Faucet already used by this wallet; try again in 1 s" });
    expect(await balances(wallet)).toEqual({ lamports: GRANT_LAMPORTS, tokens: GRANT_TOKENS });

    clock = NOW + 60;
    const next = await api(sharing, "POST", "/api/faucet", { wallet: wallet.toBase58() });
    expect(next.status).toBe(200);
    expect(await balances(wallet)).toEqual({ lamports: 2n * GRANT_LAMPORTS, tokens: 2n * GRANT_TOKENS });
  });

  it("grants exactly one of two concurrent requests for a wallet, on one server or two", async () => {
    for (const [first, second] of [
      [server, server],
      [server, sharing],
    ] as const) {
      const wallet = Keypair.generate().publicKey;
      const before = faucet.funded.length;
      const replies = await Promise.all([first, second].map((s) => api(s, "POST", "/api/faucet", { wallet: wallet.toBase58() })));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(replies.find((r) => r.status === 429)!.body).toEqual({
        success: false,
        error: `Faucet already used by this wallet; try again in 60 s`,
      });
      expect(faucet.funded.slice(before)).toEqual([wallet.toBase58()]);
      expect(await balances(wallet)).toEqual({ lamports: GRANT_LAMPORTS, tokens: GRANT_TOKENS });
    }
  });

  it("answers 502 with the faucet's message when it cannot pay, and the failed grant does not count", async () => {
    const broke = new LedgerFaucet(Keypair.generate());
    const failing = await startTestServer(market, { database, faucet: broke, now: () => clock });
    try {
      const wallet = Keypair.generate().publicKey;
      const failed = await api(failing, "POST", "/api/faucet", { wallet: wallet.toBase58() });
      expect(failed.status).toBe(502);
      expect(broke.lastError).not.toBeNull();
      expect(failed.body).toEqual({ success: false, error: broke.lastError!.message });
      expect(await balances(wallet)).toEqual({ lamports: 0n, tokens: 0n });

      const retried = await api(server, "POST", "/api/faucet", { wallet: wallet.toBase58() });
      expect(retried.status).toBe(200);
      expect(await balances(wallet)).toEqual({ lamports: GRANT_LAMPORTS, tokens: GRANT_TOKENS });
    } finally {
      await failing.close();
    }
  });

  it("answers a bad or missing wallet with 400 naming the field, granting nothing", async () => {
    const before = faucet.funded.length;
    for (const body of [{ wallet: "not-a-wallet" }, { wallet: "1".repeat(44) }, {}, { wallet: 42 }]) {
      const reply = await api(server, "POST", "/api/faucet", body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, field: "body.wallet" });
    }
    const named = await api(server, "POST", "/api/faucet", { wallet: "not-a-wallet" });
    expect(named.body.error).toBe("Invalid body.wallet: not a valid base58 address");
    expect(faucet.funded.length).toBe(before);
  });
});
