// Runs a background job every period, never two runs of the same job at once; a failed run is logged and the next
// one goes ahead on schedule (so a job whose database went away resumes by itself once it is back).
import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "../db/database.js";

export interface ScheduledJob {
  readonly name: string;
  readonly intervalMs: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Waits for running jobs to finish and starts no more. */
  stop(): Promise<void>;
}

export function startJobs(jobs: readonly ScheduledJob[], log: FastifyBaseLogger): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    if (job.intervalMs <= 0) continue;
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const started = Date.now();
      const run = job
        .run()
        .then((result) => log.debug({ job: job.name, ms: Date.now() - started, result }, "job done"))
        .catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) log.warn({ job: job.name, err: error }, "job waiting for the database");
          else log.error({ job: job.name, err: error }, "job failed");
        })
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setInterval(tick, job.intervalMs));
    setImmediate(tick);
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
