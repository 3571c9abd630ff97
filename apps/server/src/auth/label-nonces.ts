// Label nonces: like sign-in challenges, the server issues a one-time nonce for one account, the authority signs it
// with the label, and the server accepts the signature once, before the nonce expires (nonceTtlSeconds). Expired
// nonces are deleted by the purge job.
import { randomBytes } from "node:crypto";
import type { ServerContext } from "../context.js";
import { unauthorized } from "../errors.js";

export const LABEL_NONCE_ERRORS = {
  notIssued: "The label's nonce was not issued by this server for this account; sign the label again",
  used: "This label signature was already used; sign the label again",
  expired: "This label signature has expired; sign the label again",
} as const;

export interface LabelNonce {
  readonly nonce: string;
  /** Unix seconds; a label signed with the nonce is refused from this time on. */
  readonly expiresAt: number;
}

export async function issueLabelNonce(ctx: ServerContext, account: string): Promise<LabelNonce> {
  const now = ctx.now();
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = now + ctx.config.nonceTtlSeconds;
  await ctx.db.insertInto("label_nonces").values({ nonce, account, issued_at: now, expires_at: expiresAt, used_at: null }).execute();
  return { nonce, expiresAt };
}

/**
 * Spends the nonce of a label for `account`, or throws why it cannot be spent. One conditional UPDATE, so of two
 * concurrent uses of one signature exactly one succeeds.
 */
export async function consumeLabelNonce(ctx: ServerContext, account: string, nonce: string): Promise<void> {
  const now = ctx.now();
  const result = await ctx.db
    .updateTable("label_nonces")
    .set({ used_at: now })
    .where("nonce", "=", nonce)
    .where("account", "=", account)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (result.numUpdatedRows === 1n) return;
  const issued = await ctx.db.selectFrom("label_nonces").selectAll().where("nonce", "=", nonce).executeTakeFirst();
  if (!issued || issued.account !== account) throw unauthorized(LABEL_NONCE_ERRORS.notIssued);
  if (issued.used_at !== null) throw unauthorized(LABEL_NONCE_ERRORS.used);
  throw unauthorized(LABEL_NONCE_ERRORS.expired);
}
