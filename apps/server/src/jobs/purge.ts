// Housekeeping on the server's one scheduler: deletes sessions once expired, and sign-in challenges and label nonces
// one lifetime (nonceTtlSeconds) after they expired, so a signature arriving a little late is still told "expired"
// rather than "not issued"; with the per-client limit this bounds those tables. It also forgets clients of the rate
// limits whose window is over.
import type { RouteContext } from "../app.js";
import type { ScheduledJob } from "./scheduler.js";

export interface PurgeRun {
  readonly challenges: number;
  readonly labelNonces: number;
  readonly sessions: number;
  readonly clients: number;
}

export function purgeJob(context: RouteContext): ScheduledJob & { run(): Promise<PurgeRun> } {
  return {
    name: "purge",
    intervalMs: context.config.purgeIntervalMs,
    async run() {
      const now = context.now();
      const { db } = context;
      const expiredBefore = now - context.config.nonceTtlSeconds;
      const challenges = await db.deleteFrom("auth_nonces").where("expires_at", "<=", expiredBefore).executeTakeFirst();
      const labelNonces = await db.deleteFrom("label_nonces").where("expires_at", "<=", expiredBefore).executeTakeFirst();
      const sessions = await db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
      const { limits } = context;
      const clients =
        limits.challenges.sweep() +
        limits.faucet.sweep() +
        limits.swap.sweep() +
        limits.prices.sweep() +
        limits.badDebt.sweep() +
        limits.liquidationRecords.sweep() +
        limits.portfolio.sweep();
      limits.explorer.sweep();
      return {
        challenges: Number(challenges.numDeletedRows),
        labelNonces: Number(labelNonces.numDeletedRows),
        sessions: Number(sessions.numDeletedRows),
        clients,
      };
    },
  };
}
