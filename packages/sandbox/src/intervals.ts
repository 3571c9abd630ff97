// How often the API server's snapshot and points jobs run on the local chain. Production runs them hourly; the sandbox
// runs them every 30 s and every minute so a fresh product shows charts and points within minutes. The server's own
// settings SNAPSHOT_INTERVAL_MS and POINTS_INTERVAL_MS override them (0 turns a job off).

export interface SandboxJobIntervals {
  readonly snapshotIntervalMs: number;
  readonly pointsIntervalMs: number;
}

export const SANDBOX_JOB_INTERVALS: SandboxJobIntervals = { snapshotIntervalMs: 30_000, pointsIntervalMs: 60_000 };

function interval(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number of milliseconds, got "${raw}"`);
  return value;
}

/** The sandbox's job periods, with the environment's overrides. */
export function sandboxJobIntervals(env: NodeJS.ProcessEnv = process.env): SandboxJobIntervals {
  return {
    snapshotIntervalMs: interval(env, "SNAPSHOT_INTERVAL_MS", SANDBOX_JOB_INTERVALS.snapshotIntervalMs),
    pointsIntervalMs: interval(env, "POINTS_INTERVAL_MS", SANDBOX_JOB_INTERVALS.pointsIntervalMs),
  };
}

/** How often the swap venue's arbitrage keeper trades pools back to the oracles: the price walk's own step. */
export const SANDBOX_KEEPER_INTERVAL_MS = 2_000;

/** The keeper's period, KEEPER_INTERVAL_MS overriding it; 0 turns the keeper off. */
export function sandboxKeeperIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  return interval(env, "KEEPER_INTERVAL_MS", SANDBOX_KEEPER_INTERVAL_MS);
}
