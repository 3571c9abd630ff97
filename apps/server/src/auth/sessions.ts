// Sessions: a random token in an HttpOnly, SameSite=Strict cookie; the database keeps only its SHA-256, so a read
// of the table does not yield usable sessions.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.js";

export const SESSION_COOKIE = "ballast_session";

function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function sessionToken(request: FastifyRequest): string | null {
  return request.cookies[SESSION_COOKIE] || null;
}

/** Opens a session for the wallet and sets its cookie on the reply. The purge job deletes it once expired. */
export async function startSession(ctx: ServerContext, reply: FastifyReply, walletAddress: string): Promise<void> {
  const now = ctx.now();
  const token = randomBytes(32).toString("base64url");
  await ctx.db
    .insertInto("sessions")
    .values({
      token_hash: tokenHash(token),
      wallet_address: walletAddress,
      created_at: now,
      expires_at: now + ctx.config.sessionTtlSeconds,
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: "auto",
    maxAge: ctx.config.sessionTtlSeconds,
  });
}

/** The wallet of an unexpired session, or null. */
export async function sessionWallet(ctx: ServerContext, token: string): Promise<string | null> {
  const session = await ctx.db
    .selectFrom("sessions")
    .select("wallet_address")
    .where("token_hash", "=", tokenHash(token))
    .where("expires_at", ">", ctx.now())
    .executeTakeFirst();
  return session?.wallet_address ?? null;
}

export async function endSession(ctx: ServerContext, reply: FastifyReply, token: string | null): Promise<void> {
  if (token) await ctx.db.deleteFrom("sessions").where("token_hash", "=", tokenHash(token)).execute();
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "strict", secure: "auto" });
}
