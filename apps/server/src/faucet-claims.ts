// The faucet's rate limit, kept in the database so every server on it shares one: a wallet claims a grant with a
// single conditional upsert (atomic on SQLite and PostgreSQL alike), so of concurrent requests for one wallet exactly
// one wins. The claim stays pending while the faucet pays; a failed payment gives the claim back.
import type { Db } from "./db/database.js";

/** A pending claim older than this was abandoned (its server stopped mid-payment): the wallet may claim again. */
export const ABANDONED_CLAIM_SECONDS = 300;

export type FaucetClaim =
  | { readonly granted: true; readonly claimedAt: number }
  | { readonly granted: false; /** Whole seconds until the wallet may claim again (at least 1). */ readonly retryAfter: number };

/** Claims a grant for the wallet at `now` (unix seconds) unless it had one in the last `cooldownSeconds`. */
export async function claimFaucetGrant(db: Db, wallet: string, now: number, cooldownSeconds: number): Promise<FaucetClaim> {
  const claimedAt = Math.floor(now);
  // A row deleted by a failed payment between the upsert and the read is simply claimed on the next pass.
  for (;;) {
    const claimed = await db
      .insertInto("faucet_grants")
      .values({ wallet, claimed_at: claimedAt, pending: 1 })
      .onConflict((oc) =>
        oc
          .column("wallet")
          .doUpdateSet({ claimed_at: claimedAt, pending: 1 })
          .where((eb) =>
            eb.or([
              eb.and([eb("faucet_grants.pending", "=", 0), eb("faucet_grants.claimed_at", "<=", Math.floor(now - cooldownSeconds))]),
              eb.and([eb("faucet_grants.pending", "=", 1), eb("faucet_grants.claimed_at", "<=", claimedAt - ABANDONED_CLAIM_SECONDS)]),
            ]),
          ),
      )
      .returning("wallet")
      .executeTakeFirst();
    if (claimed) return { granted: true, claimedAt };
    const held = await db.selectFrom("faucet_grants").select("claimed_at").where("wallet", "=", wallet).executeTakeFirst();
    if (held) return { granted: false, retryAfter: Math.max(1, Math.ceil(Number(held.claimed_at) + cooldownSeconds - now)) };
  }
}

/** The grant was paid: the claim now counts until its cooldown ends. */
export async function completeFaucetGrant(db: Db, wallet: string, claimedAt: number): Promise<void> {
  await db
    .updateTable("faucet_grants")
    .set({ pending: 0 })
    .where("wallet", "=", wallet)
    .where("claimed_at", "=", claimedAt)
    .where("pending", "=", 1)
    .execute();
}

/** The grant was not paid: the wallet may ask again at once. */
export async function releaseFaucetGrant(db: Db, wallet: string, claimedAt: number): Promise<void> {
  await db.deleteFrom("faucet_grants").where("wallet", "=", wallet).where("claimed_at", "=", claimedAt).where("pending", "=", 1).execute();
}
