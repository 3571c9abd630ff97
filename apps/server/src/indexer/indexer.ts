import type { RouteContext } from "../app.js";
import type { ScheduledJob } from "../jobs/scheduler.js";

export function indexerJob(context: RouteContext): ScheduledJob {
  return { name: "indexer", intervalMs: context.config.indexerIntervalMs, run: async () => null };
}
