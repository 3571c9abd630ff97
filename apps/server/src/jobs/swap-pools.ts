// Keeps the quote API's pool snapshot fresh: reads every pool and vault balance on the server's scheduler, so
// quotes never wait on the chain.
import type { RouteContext } from "../app.js";
import type { ScheduledJob } from "./scheduler.js";

export function swapPoolsJob(context: RouteContext): ScheduledJob & { run(): Promise<{ pools: number; slot: number }> } {
  return {
    name: "swap-pools",
    intervalMs: context.config.swapPoolIntervalMs,
    run: () => context.swap.refresh(),
  };
}
