// Housekeeping on the server's one scheduler: deletes sign-in challenges, label nonces and sessions once they have
// expired (a challenge costs a row until then, so this and the per-client limit bound the table), and forgets
// clients of the rate limits whose window is over.
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
      const challenges = await db.deleteFrom("auth_nonces").where("expires_at", "<=", now).executeTakeFirst();
      const labelNonces = await db.deleteFrom("label_nonces").where("expires_at", "<=", now).executeTakeFirst();
      const sessions = await db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
      const clients = context.limits.challenges.sweep() + context.limits.faucet.sweep();
      return {
        challenges: Number(challenges.numDeletedRows),
        labelNonces: Number(labelNonces.numDeletedRows),
        sessions: Number(sessions.numDeletedRows),
        clients,
      };
    },
  };
}
