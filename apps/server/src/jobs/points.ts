import type { RouteContext } from "../app.js";
import type { ScheduledJob } from "./scheduler.js";

export function pointsJob(context: RouteContext): ScheduledJob {
  return { name: "points", intervalMs: context.config.pointsIntervalMs, run: async () => null };
}
