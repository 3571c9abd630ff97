// Sign-in challenges: the server issues a message carrying a one-time nonce for one wallet; the wallet signs it; the
// server accepts the signature once, before the nonce expires. A leaked signature is therefore not a credential.
import { randomBytes } from "node:crypto";
import type { ServerContext } from "../context.js";
import { unauthorized } from "../errors.js";
import { publicKeyBytes, signatureBytes, verifyEd25519 } from "./signatures.js";

export const SIGN_IN_ERRORS = {
  invalidSignature: "Invalid signature",
  notIssued: "Sign-in message was not issued by this server for this wallet",
  used: "Sign-in message was already used",
  expired: "Sign-in message has expired",
} as const;

const NONCE_LINE = /^Nonce: ([0-9a-f]{32})$/m;

export interface SignInChallenge {
  /** The exact text the wallet must sign (UTF-8). */
  readonly message: string;
  readonly nonce: string;
  /** Unix seconds; the signed message is refused from this time on. */
  readonly expiresAt: number;
}

/** "AbCdEf…wXyZ": the first 6 and last 4 characters of the address. */
export function shortWallet(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

export function signInMessage(walletAddress: string, nonce: string, issuedAt: number): string {
  return [
    "Welcome to Ballast, sign this message to authenticate your wallet",
    `Wallet: ${shortWallet(walletAddress)}`,
    "Signing this message does not trigger a transaction and costs no fee.",
    `Nonce: ${nonce}`,
    `Issued at: ${new Date(issuedAt * 1000).toISOString()}`,
  ].join("\n");
}

/** Issues a fresh challenge for the wallet. The purge job (jobs/purge.ts) deletes it once expired. */
export async function issueChallenge(ctx: ServerContext, walletAddress: string): Promise<SignInChallenge> {
  const now = ctx.now();
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = now + ctx.config.nonceTtlSeconds;
  await ctx.db
    .insertInto("auth_nonces")
    .values({ nonce, wallet_address: walletAddress, issued_at: now, expires_at: expiresAt, used_at: null })
    .execute();
  return { message: signInMessage(walletAddress, nonce, now), nonce, expiresAt };
}

/**
 * Checks that `signature` is the wallet's signature of `signedMessage`, and that the message is one this server
 * issued to this wallet, unused and unexpired. Returns its nonce, still unused: `consumeNonce` spends it.
 */
export async function verifySignIn(ctx: ServerContext, walletAddress: string, signature: string, signedMessage: string): Promise<string> {
  const key = publicKeyBytes(walletAddress);
  const sig = signatureBytes(signature);
  if (!key || !sig || !verifyEd25519(Buffer.from(signedMessage, "utf8"), sig, key)) {
    throw unauthorized(SIGN_IN_ERRORS.invalidSignature);
  }
  const nonce = NONCE_LINE.exec(signedMessage)?.[1];
  const issued = nonce ? await ctx.db.selectFrom("auth_nonces").selectAll().where("nonce", "=", nonce).executeTakeFirst() : undefined;
  if (
    !issued ||
    issued.wallet_address !== walletAddress ||
    signInMessage(issued.wallet_address, issued.nonce, issued.issued_at) !== signedMessage
  ) {
    throw unauthorized(SIGN_IN_ERRORS.notIssued);
  }
  if (issued.used_at !== null) throw unauthorized(SIGN_IN_ERRORS.used);
  if (ctx.now() >= issued.expires_at) throw unauthorized(SIGN_IN_ERRORS.expired);
  return issued.nonce;
}

/** Marks the nonce used. One conditional UPDATE, so of two concurrent uses exactly one succeeds. */
export async function consumeNonce(ctx: ServerContext, walletAddress: string, nonce: string): Promise<void> {
  const now = ctx.now();
  const result = await ctx.db
    .updateTable("auth_nonces")
    .set({ used_at: now })
    .where("nonce", "=", nonce)
    .where("wallet_address", "=", walletAddress)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (result.numUpdatedRows === 1n) return;
  const current = await ctx.db.selectFrom("auth_nonces").select("used_at").where("nonce", "=", nonce).executeTakeFirst();
  throw unauthorized(current?.used_at == null ? SIGN_IN_ERRORS.expired : SIGN_IN_ERRORS.used);
}
