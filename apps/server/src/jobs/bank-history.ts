import type { RouteContext } from "../app.js";
import type { ScheduledJob } from "./scheduler.js";

export function bankHistoryJob(context: RouteContext): ScheduledJob {
  return { name: "bank-history", intervalMs: context.config.snapshotIntervalMs, run: async () => null };
}
