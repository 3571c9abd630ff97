// The free endpoints against one client asking too much, on both databases: sign-in challenges (and label nonces, from
// the same share) and faucet grants are limited per client address (whatever the wallets), refused with 429, a JSON error and Retry-After, and allowed
// again when the window is over; the purge job deletes expired challenges, label nonces and sessions.
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import type { Faucet } from "../src/faucet.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";

const NOW = 1_760_000_000;

let market: TestMarket;
let faucet: Faucet & { funded: string[] };
beforeAll(async () => {
  market = await TestMarket.start();
  const payer = Keypair.generate();
  await market.airdrop(payer.publicKey, 100n * BigInt(LAMPORTS_PER_SOL));
  const funded: string[] = [];
  faucet = {
    funded,
    async fund(wallet) {
      const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(wallet), lamports: LAMPORTS_PER_SOL });
      const signature = await market.send([transfer], [payer]);
      funded.push(wallet);
      return { signature, lamports: String(LAMPORTS_PER_SOL), tokens: [] };
    },
  };
});
afterAll(async () => {
  await market.close();
});

const wallet = () => Keypair.generate().publicKey.toBase58();

describe.each(DIALECTS)("free endpoints on %s", (dialect) => {
  let clock = NOW;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market, {
      dialect,
      faucet,
      now: () => clock,
      config: {
        challengeRateLimit: { limit: 3, windowSeconds: 60 },
        faucetClientLimit: { limit: 2, windowSeconds: 3_600 },
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("issues a client 3 sign-in challenges a minute, then answers 429 until the minute is over", async () => {
    clock = NOW;
    for (let i = 0; i < 3; i++) {
      const reply = await api(server, "POST", "/api/auth/login", { walletAddress: wallet() });
      expect(reply.status).toBe(200);
      expect(reply.body.requiresSignature).toBe(true);
    }
    clock = NOW + 20;
    const refused = await api(server, "POST", "/api/auth/login", { walletAddress: wallet() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: "Too many sign-in requests from this address; try again in 40 s" });
    expect(refused.headers.get("retry-after")).toBe("40");
    // Label nonces are challenges too, from the same share.
    const label = await api(server, "POST", "/api/account-label/nonce", { account: wallet() });
    expect(label).toMatchObject({
      status: 429,
      body: { success: false, error: "Too many label requests from this address; try again in 40 s" },
    });
    expect(await server.context.db.selectFrom("label_nonces").select("nonce").execute()).toEqual([]);
    // Refused challenges store nothing: the three issued are all there are.
    expect(await server.context.db.selectFrom("auth_nonces").select("nonce").execute()).toHaveLength(3);
    // A signed login is not a challenge and is not limited: it is judged on its signature.
    const signed = await api(server, "POST", "/api/auth/login", {
      walletAddress: wallet(),
      signature: bs58.encode(Buffer.alloc(64, 7)),
      signedMessage: "hello",
    });
    expect(signed).toMatchObject({ status: 401, body: { success: false, error: "Invalid signature" } });

    clock = NOW + 60;
    expect((await api(server, "POST", "/api/auth/login", { walletAddress: wallet() })).status).toBe(200);
  });

  it("grants a client's fresh wallets 2 faucet grants an hour, then answers 429; refusals do not count", async () => {
    clock = NOW;
    const first = wallet();
    expect(await api(server, "POST", "/api/faucet", { wallet: first })).toMatchObject({ status: 200 });
    // The wallet's own cooldown refuses this one, and it does not use up the client's share.
    expect(await api(server, "POST", "/api/faucet", { wallet: first })).toMatchObject({
      status: 429,
      body: { success: false, error: "Faucet already used by this wallet; try again in 60 s" },
    });
    expect((await api(server, "POST", "/api/faucet", { wallet: wallet() })).status).toBe(200);
    const before = faucet.funded.length;
    clock = NOW + 600;
    for (let i = 0; i < 3; i++) {
      const refused = await api(server, "POST", "/api/faucet", { wallet: wallet() });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, error: "Too many faucet requests from this address; try again in 3000 s" });
      expect(refused.headers.get("retry-after")).toBe("3000");
    }
    expect(faucet.funded.length).toBe(before);

    clock = NOW + 3_600;
    const next = wallet();
    expect((await api(server, "POST", "/api/faucet", { wallet: next })).status).toBe(200);
    expect(faucet.funded.at(-1)).toBe(next);
  });

  it("deletes challenges and label nonces a lifetime after they expired and expired sessions, keeping the others", async () => {
    const { db } = server.context;
    await db.deleteFrom("auth_nonces").execute();
    await db.deleteFrom("label_nonces").execute();
    await db.deleteFrom("sessions").execute();
    const start = NOW + 10_000;
    clock = start;
    const old = await api(server, "POST", "/api/auth/login", { walletAddress: wallet() });
    expect(old.body.expiresAt).toBe(start + 300);
    const account = wallet();
    await db
      .insertInto("label_nonces")
      .values([
        { nonce: "a".repeat(32), account, issued_at: start, expires_at: start + 300, used_at: null },
        { nonce: "b".repeat(32), account, issued_at: start + 1, expires_at: start + 301, used_at: null },
      ])
      .execute();
    await db
      .insertInto("sessions")
      .values([
        { token_hash: "old", wallet_address: account, created_at: start, expires_at: start + 600 },
        { token_hash: "live", wallet_address: account, created_at: start, expires_at: start + 601 },
      ])
      .execute();
    clock = start + 600;
    const live = await api(server, "POST", "/api/auth/login", { walletAddress: wallet() });
    expect(await db.selectFrom("auth_nonces").select("nonce").execute()).toHaveLength(2);

    // The faucet's client window (from the test before) is over; the sign-in one just began.
    expect(await server.jobs.purge.run()).toEqual({ challenges: 1, labelNonces: 1, sessions: 1, clients: 1 });
    expect(await db.selectFrom("auth_nonces").select("nonce").execute()).toEqual([{ nonce: live.body.nonce }]);
    expect(await db.selectFrom("label_nonces").select("nonce").execute()).toEqual([{ nonce: "b".repeat(32) }]);
    expect(await db.selectFrom("sessions").select("token_hash").execute()).toEqual([{ token_hash: "live" }]);

    // Clients whose window is over are forgotten too.
    clock += 3_600;
    expect(await server.jobs.purge.run()).toMatchObject({ challenges: 1, clients: 1 });
    expect(server.context.limits.challenges.size + server.context.limits.faucet.size).toBe(0);
  });
});
