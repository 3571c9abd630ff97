// The server's background jobs on the shared scheduler: each job runs every period, at once on start and never two
// runs of one job at once; a failed run is logged and the next one goes ahead on schedule (so a job whose database
// went away resumes by itself once it is back). Led jobs run only while this instance leads the instances sharing
// its database (jobs/leadership.ts); a follower's turn asks for the lead and, without it, does nothing.
import type { FastifyBaseLogger } from "fastify";
import { startPeriodic } from "@ballast/scheduler";
import { isDatabaseTimeout, isDatabaseUnavailable } from "../db/database.js";
import type { Leadership } from "./leadership.js";

export interface ScheduledJob {
  readonly name: string;
  /** 0 turns the job off. */
  readonly intervalMs: number;
  run(): Promise<unknown>;
}

export interface JobPlan {
  /** Jobs that run once per interval across every instance: on the leader only. */
  readonly led: readonly ScheduledJob[];
  /** Jobs every instance runs for itself. */
  readonly everywhere: readonly ScheduledJob[];
}

export interface Scheduler {
  /** Runs this instance made of each job by name, failed ones included; a follower's idle turns are not runs. */
  runs(): Readonly<Record<string, number>>;
  /** Waits for running jobs to finish and starts no more. */
  stop(): Promise<void>;
}

export function startJobs(plan: JobPlan, leadership: Leadership, log: FastifyBaseLogger): Scheduler {
  const runs: Record<string, number> = {};
  const schedule = (job: ScheduledJob, led: boolean) =>
    startPeriodic({
      intervalMs: job.intervalMs,
      immediate: true,
      run: async () => {
        if (led && !(await leadership.lead())) return;
        runs[job.name] = (runs[job.name] ?? 0) + 1;
        const started = Date.now();
        const result = await job.run();
        log.debug({ job: job.name, ms: Date.now() - started, result }, "job done");
      },
      onError: (error) => {
        if (isDatabaseUnavailable(error) || isDatabaseTimeout(error))
          log.warn({ job: job.name, err: error }, "job waiting for the database");
        else log.error({ job: job.name, err: error }, "job failed");
      },
    });
  const running = [
    ...plan.led.filter((job) => job.intervalMs > 0).map((job) => schedule(job, true)),
    ...plan.everywhere.filter((job) => job.intervalMs > 0).map((job) => schedule(job, false)),
  ];
  return {
    runs: () => ({ ...runs }),
    async stop() {
      await Promise.all(running.map((job) => job.stop()));
    },
  };
}
