// The server's background jobs on the shared scheduler: each job runs every period, at once on start and never two
// runs of one job at once; a failed run is logged and the next one goes ahead on schedule (so a job whose database
// went away resumes by itself once it is back).
import type { FastifyBaseLogger } from "fastify";
import { startPeriodic } from "@ballast/scheduler";
import { isDatabaseTimeout, isDatabaseUnavailable } from "../db/database.js";

export interface ScheduledJob {
  readonly name: string;
  /** 0 turns the job off. */
  readonly intervalMs: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Waits for running jobs to finish and starts no more. */
  stop(): Promise<void>;
}

export function startJobs(jobs: readonly ScheduledJob[], log: FastifyBaseLogger): Scheduler {
  const running = jobs
    .filter((job) => job.intervalMs > 0)
    .map((job) =>
      startPeriodic({
        intervalMs: job.intervalMs,
        immediate: true,
        run: async () => {
          const started = Date.now();
          const result = await job.run();
          log.debug({ job: job.name, ms: Date.now() - started, result }, "job done");
        },
        onError: (error) => {
          if (isDatabaseUnavailable(error) || isDatabaseTimeout(error))
            log.warn({ job: job.name, err: error }, "job waiting for the database");
          else log.error({ job: job.name, err: error }, "job failed");
        },
      }),
    );
  return {
    async stop() {
      await Promise.all(running.map((job) => job.stop()));
    },
  };
}
