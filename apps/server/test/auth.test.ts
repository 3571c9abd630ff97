// Wallet sign-in on both databases, with real Ed25519 keys: challenge, login, signup, referral, sessions, and the
// refusals (wrong key, message not issued for the wallet, replay, expiry, concurrent double use, bad input).
import { createHash } from "node:crypto";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import { consumeNonce } from "../src/auth/sign-in.js";
import { publicKeyBytes, signatureBytes, verifyEd25519 } from "../src/auth/signatures.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";
import { newWallet, sessionCookie, type TestWallet } from "./support/wallets.js";

/** Deterministic pseudo-random numbers (xorshift32) for the randomized checks. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function expectedMessage(address: string, nonce: string, issuedAt: number): string {
  return [
    "Welcome to Ballast, sign this message to authenticate your wallet",
    `Wallet: ${address.slice(0, 6)}…${address.slice(-4)}`,
    "Signing this message does not trigger a transaction and costs no fee.",
    `Nonce: ${nonce}`,
    `Issued at: ${new Date(issuedAt * 1000).toISOString()}`,
  ].join("\n");
}

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

describe("Ed25519 signatures", () => {
  it("accept base58 and padded base64 encodings of the same 64 bytes, and nothing else", () => {
    const next = rng(7);
    for (let i = 0; i < 200; i++) {
      const bytes = Buffer.from(Array.from({ length: 64 }, () => Math.floor(next() * 256)));
      expect(Buffer.from(signatureBytes(bs58.encode(bytes))!)).toEqual(bytes);
      expect(Buffer.from(signatureBytes(bytes.toString("base64"))!)).toEqual(bytes);
      expect(signatureBytes(bytes.toString("base64").slice(0, 86))).toBeNull();
      expect(signatureBytes(bs58.encode(bytes.subarray(1)))).toBeNull();
      expect(signatureBytes(bytes.toString("hex"))).toBeNull();
    }
  });

  it("verify exactly the signed message by exactly the signing key: any flipped bit is refused", () => {
    const next = rng(11);
    const wallet = newWallet();
    const other = newWallet();
    const key = publicKeyBytes(wallet.address)!;
    for (let i = 0; i < 100; i++) {
      const text = `message ${i} ${next().toString(36)}`;
      const message = Buffer.from(text, "utf8");
      const signature = wallet.sign(text);
      expect(verifyEd25519(message, signature, key)).toBe(true);
      expect(verifyEd25519(message, signature, publicKeyBytes(other.address)!)).toBe(false);
      const bit = (length: number) => Math.floor(next() * length * 8);
      const flip = (bytes: Uint8Array, at: number) => {
        const copy = Buffer.from(bytes);
        copy[at >> 3]! ^= 1 << (at & 7);
        return copy;
      };
      expect(verifyEd25519(flip(message, bit(message.length)), signature, key)).toBe(false);
      expect(verifyEd25519(message, flip(signature, bit(64)), key)).toBe(false);
      expect(verifyEd25519(message, signature, flip(key, bit(32)))).toBe(false);
    }
  });
});

describe.each(DIALECTS)("auth on %s", (dialect) => {
  let clock = 1_750_000_000;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market, { dialect, now: () => clock });
  });
  afterAll(async () => {
    await server.close();
  });

  async function challenge(address: string): Promise<{ message: string; nonce: string; expiresAt: number }> {
    const { status, body } = await api(server, "POST", "/api/auth/login", { walletAddress: address });
    expect(status).toBe(200);
    expect(body.requiresSignature).toBe(true);
    return body;
  }

  /** Signs a fresh challenge and signs up; returns the session cookie pair and the user. */
  async function signUp(wallet: TestWallet, extra: Record<string, unknown> = {}) {
    const { message } = await challenge(wallet.address);
    const reply = await api(server, "POST", "/api/auth/signup", {
      walletAddress: wallet.address,
      walletId: "phantom",
      signature: wallet.sign(message).toString("base64"),
      signedMessage: message,
      ...extra,
    });
    expect(reply.status).toBe(200);
    return { cookie: sessionCookie(reply.headers)!.pair, user: reply.body.user };
  }

  async function login(wallet: TestWallet, message: string, signer: TestWallet = wallet) {
    return api(server, "POST", "/api/auth/login", {
      walletAddress: wallet.address,
      walletId: "solflare",
      signature: signer.sign(message).toString("base64"),
      signedMessage: message,
    });
  }

  it("answers a login without signature with a one-time message naming the wallet, nonce and time", async () => {
    const wallet = newWallet();
    const { status, body, headers } = await api(server, "POST", "/api/auth/login", { walletAddress: wallet.address, walletId: "phantom" });
    expect(status).toBe(200);
    expect(body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(body).toEqual({
      user: null,
      error: null,
      requiresSignature: true,
      message: expectedMessage(wallet.address, body.nonce, clock),
      nonce: body.nonce,
      expiresAt: clock + 300,
    });
    expect(sessionCookie(headers)).toBeNull();
    const second = await challenge(wallet.address);
    expect(second.nonce).not.toBe(body.nonce);
  });

  it("signs up an unknown wallet with the signature its login was refused with, then keeps it signed in", async () => {
    const wallet = newWallet();
    const { message } = await challenge(wallet.address);
    const signature = wallet.sign(message);

    const refused = await login(wallet, message);
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ user: null, error: "User not found", requiresSignature: false });
    expect(sessionCookie(refused.headers)).toBeNull();

    // The same signature, now in base58: both encodings are accepted.
    const signup = await api(server, "POST", "/api/auth/signup", {
      walletAddress: wallet.address,
      walletId: "phantom",
      signature: bs58.encode(signature),
      signedMessage: message,
    });
    expect(signup.status).toBe(200);
    expect(signup.body.user.referralCode).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(signup.body).toEqual({
      user: {
        walletAddress: wallet.address,
        walletId: "phantom",
        referralCode: signup.body.user.referralCode,
        referredBy: null,
        createdAt: clock,
        lastLogin: clock,
      },
    });
    const cookie = sessionCookie(signup.headers)!;
    expect(cookie.attributes).toBe("Max-Age=604800; Path=/; HttpOnly; SameSite=Strict");

    // Only the token's SHA-256 is stored.
    const token = cookie.pair.slice("ballast_session=".length);
    const stored = await server.context.db.selectFrom("sessions").selectAll().where("wallet_address", "=", wallet.address).execute();
    expect(stored).toEqual([
      {
        token_hash: createHash("sha256").update(token).digest("hex"),
        wallet_address: wallet.address,
        created_at: clock,
        expires_at: clock + 604800,
      },
    ]);

    const me = await api(server, "GET", "/api/auth/user", undefined, { cookie: cookie.pair });
    expect(me).toMatchObject({ status: 200, body: { user: signup.body.user } });

    clock += 60;
    const next = await challenge(wallet.address);
    const loggedIn = await login(wallet, next.message);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toEqual({
      user: { ...signup.body.user, walletId: "solflare", lastLogin: clock },
      error: null,
      requiresSignature: false,
    });
    expect(sessionCookie(loggedIn.headers)!.pair).not.toBe(cookie.pair);

    const again = await signUp(newWallet());
    expect(again.user.referralCode).not.toBe(signup.body.user.referralCode);
  });

  it("refuses to sign up a wallet twice", async () => {
    const wallet = newWallet();
    await signUp(wallet);
    const { message } = await challenge(wallet.address);
    const { status, body } = await api(server, "POST", "/api/auth/signup", {
      walletAddress: wallet.address,
      walletId: "phantom",
      signature: wallet.sign(message).toString("base64"),
      signedMessage: message,
    });
    expect(status).toBe(409);
    expect(body).toEqual({ success: false, error: "User already exists" });
    // The refused signup left the nonce unspent: the wallet logs in with the same signature.
    expect((await login(wallet, message)).body.user.walletAddress).toBe(wallet.address);
  });

  it("ends the session at logout and after its lifetime", async () => {
    const wallet = newWallet();
    const first = await signUp(wallet);
    const logout = await api(server, "POST", "/api/auth/logout", undefined, { cookie: first.cookie });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect(sessionCookie(logout.headers)!.pair).toBe("ballast_session=");
    const dead = await api(server, "GET", "/api/auth/user", undefined, { cookie: first.cookie });
    expect(dead).toMatchObject({ status: 200, body: { user: null } });

    const { message } = await challenge(wallet.address);
    const second = sessionCookie((await login(wallet, message)).headers)!.pair;
    expect((await api(server, "GET", "/api/auth/user", undefined, { cookie: second })).status).toBe(200);
    clock += 604800 - 1;
    expect((await api(server, "GET", "/api/auth/user", undefined, { cookie: second })).status).toBe(200);
    clock += 1;
    expect(await api(server, "GET", "/api/auth/user", undefined, { cookie: second })).toMatchObject({ status: 200, body: { user: null } });
    expect(await api(server, "GET", "/api/auth/user")).toMatchObject({ status: 200, body: { user: null } });
    expect(await api(server, "GET", "/api/auth/user", undefined, { cookie: "ballast_session=forged" })).toMatchObject({
      status: 200,
      body: { user: null },
    });
  });

  it("refuses a signature by another key, without spending the nonce", async () => {
    const wallet = newWallet();
    await signUp(wallet);
    const { message } = await challenge(wallet.address);
    const forged = await login(wallet, message, newWallet());
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ success: false, error: "Invalid signature" });
    expect(sessionCookie(forged.headers)).toBeNull();
    expect((await login(wallet, message)).status).toBe(200);
  });

  it("refuses a message issued for another wallet, a message the server never issued and an altered one", async () => {
    const victim = newWallet();
    const attacker = newWallet();
    await signUp(attacker);
    const notIssued = { success: false, error: "Sign-in message was not issued by this server for this wallet" };

    const victimMessage = (await challenge(victim.address)).message;
    const stolen = await login(attacker, victimMessage);
    expect(stolen.status).toBe(401);
    expect(stolen.body).toEqual(notIssued);

    const invented = expectedMessage(attacker.address, "0123456789abcdef0123456789abcdef", clock);
    expect(await login(attacker, invented)).toMatchObject({ status: 401, body: notIssued });

    const { message, nonce } = await challenge(attacker.address);
    const backdated = message.replace(/Issued at: .*/, `Issued at: ${new Date((clock + 3600) * 1000).toISOString()}`);
    expect(backdated).not.toBe(message);
    expect(await login(attacker, backdated)).toMatchObject({ status: 401, body: notIssued });
    const withoutNonce = message.replace(`Nonce: ${nonce}\n`, "");
    expect(await login(attacker, withoutNonce)).toMatchObject({ status: 401, body: notIssued });
  });

  it("refuses a replayed message, on login and on signup", async () => {
    const wallet = newWallet();
    await signUp(wallet);
    const { message } = await challenge(wallet.address);
    expect((await login(wallet, message)).status).toBe(200);
    const replayed = await login(wallet, message);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ success: false, error: "Sign-in message was already used" });

    const fresh = newWallet();
    const first = await challenge(fresh.address);
    const body = {
      walletAddress: fresh.address,
      walletId: "phantom",
      signature: fresh.sign(first.message).toString("base64"),
      signedMessage: first.message,
    };
    expect((await api(server, "POST", "/api/auth/signup", body)).status).toBe(200);
    // The user now exists, so the refusal is about the spent nonce, checked before existence.
    expect(await api(server, "POST", "/api/auth/login", body)).toMatchObject({
      status: 401,
      body: { success: false, error: "Sign-in message was already used" },
    });
  });

  it("accepts a message until nonceTtlSeconds after issue, and refuses it from then on", async () => {
    const wallet = newWallet();
    await signUp(wallet);
    const early = await challenge(wallet.address);
    const late = await challenge(wallet.address);
    expect(late.expiresAt).toBe(clock + 300);
    clock += 299;
    expect((await login(wallet, early.message)).status).toBe(200);
    clock += 1;
    const expired = await login(wallet, late.message);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ success: false, error: "Sign-in message has expired" });
    const newUser = newWallet();
    const stale = await challenge(newUser.address);
    clock += 300;
    expect(
      await api(server, "POST", "/api/auth/signup", {
        walletAddress: newUser.address,
        walletId: null,
        signature: newUser.sign(stale.message).toString("base64"),
        signedMessage: stale.message,
      }),
    ).toMatchObject({ status: 401, body: { error: "Sign-in message has expired" } });
  });

  it("lets exactly one of several concurrent uses of one signed message through", async () => {
    const wallet = newWallet();
    await signUp(wallet);
    const { message } = await challenge(wallet.address);
    const replies = await Promise.all(Array.from({ length: 8 }, () => login(wallet, message)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    for (const reply of replies.filter((r) => r.status === 401)) {
      expect(reply.body).toEqual({ success: false, error: "Sign-in message was already used" });
    }

    // The spending step itself, raced directly: only the conditional UPDATE stands between these eight.
    const raced = await challenge(wallet.address);
    const spends = await Promise.allSettled(Array.from({ length: 8 }, () => consumeNonce(server.context, wallet.address, raced.nonce)));
    expect(spends.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    for (const spend of spends.filter((s) => s.status === "rejected")) {
      expect(spend.reason).toMatchObject({ statusCode: 401, message: "Sign-in message was already used" });
    }

    const newcomer = newWallet();
    const signed = await challenge(newcomer.address);
    const body = {
      walletAddress: newcomer.address,
      walletId: "phantom",
      signature: newcomer.sign(signed.message).toString("base64"),
      signedMessage: signed.message,
    };
    const signups = await Promise.all(Array.from({ length: 8 }, () => api(server, "POST", "/api/auth/signup", body)));
    expect(signups.filter((r) => r.status === 200)).toHaveLength(1);
    for (const reply of signups.filter((r) => r.status !== 200)) {
      expect(["Sign-in message was already used", "User already exists"]).toContain(reply.body.error);
    }
    const rows = await server.context.db
      .selectFrom("users")
      .select("wallet_address")
      .where("wallet_address", "=", newcomer.address)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("links a referral code's owner as referredBy, and refuses an unknown code without spending the nonce", async () => {
    const referrer = await signUp(newWallet());
    const wallet = newWallet();
    const { message } = await challenge(wallet.address);
    const body = {
      walletAddress: wallet.address,
      walletId: "backpack",
      signature: wallet.sign(message).toString("base64"),
      signedMessage: message,
    };

    const unknown = await api(server, "POST", "/api/auth/signup", { ...body, referralCode: "ZZZZ2222" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ user: null, error: "Unknown referral code" });

    const referred = await api(server, "POST", "/api/auth/signup", {
      ...body,
      referralCode: ` ${referrer.user.referralCode.toLowerCase()} `,
    });
    expect(referred.status).toBe(200);
    expect(referred.body.user.referredBy).toBe(referrer.user.walletAddress);
    const stored = await server.context.db
      .selectFrom("users")
      .select("referred_by")
      .where("wallet_address", "=", wallet.address)
      .executeTakeFirst();
    expect(stored).toEqual({ referred_by: referrer.user.walletAddress });

    const blank = await signUp(newWallet(), { referralCode: "" });
    expect(blank.user.referredBy).toBeNull();
  });

  it("answers malformed input with 400 naming the field", async () => {
    const wallet = newWallet();
    const cases: [unknown, string, string][] = [
      [{ walletAddress: "not-a-key" }, "body.walletAddress", "must be a base58-encoded 32-byte public key"],
      [{ walletAddress: bs58.encode(Buffer.alloc(31, 7)) }, "body.walletAddress", "must be a base58-encoded 32-byte public key"],
      [{}, "body.walletAddress", ""],
      [
        { walletAddress: wallet.address, signature: "abc", signedMessage: "hello" },
        "body.signature",
        "must be a 64-byte Ed25519 signature in base58 or padded base64",
      ],
      [
        { walletAddress: wallet.address, signature: wallet.sign("x").toString("base64") },
        "body.signedMessage",
        "signature and signedMessage must be sent together",
      ],
      [{ walletAddress: wallet.address, signedMessage: "hello" }, "body.signature", "signature and signedMessage must be sent together"],
    ];
    for (const [body, field, message] of cases) {
      const reply = await api(server, "POST", "/api/auth/login", body);
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe(field);
      if (message) expect(reply.body.error).toBe(`Invalid ${field}: ${message}`);
    }
    const unsigned = await api(server, "POST", "/api/auth/signup", { walletAddress: wallet.address, walletId: "phantom" });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.field).toBe("body.signature");
  });

  it("with auth disabled, signs up and in with the wallet address alone", async () => {
    const open = await startTestServer(market, { dialect, now: () => clock, config: { authEnabled: false } });
    try {
      const wallet = newWallet();
      const unknown = await api(open, "POST", "/api/auth/login", { walletAddress: wallet.address, walletId: "phantom" });
      expect(unknown.body).toEqual({ user: null, error: "User not found", requiresSignature: false });
      const signup = await api(open, "POST", "/api/auth/signup", { walletAddress: wallet.address, walletId: "phantom" });
      expect(signup.status).toBe(200);
      expect(signup.body.user).toMatchObject({ walletAddress: wallet.address, walletId: "phantom", referredBy: null, createdAt: clock });
      const login = await api(open, "POST", "/api/auth/login", { walletAddress: wallet.address });
      expect(login.body).toEqual({ user: signup.body.user, error: null, requiresSignature: false });
      const cookie = sessionCookie(login.headers)!.pair;
      expect((await api(open, "GET", "/api/auth/user", undefined, { cookie })).body).toEqual({ user: signup.body.user });
    } finally {
      await open.close();
    }
  });
});
