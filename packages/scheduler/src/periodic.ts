// The one timer loop of the repo: every periodic job (the ledger's slot clock, the price pusher, the simulated users,
// the API server's jobs) runs through startPeriodic, so none of them can overlap its own runs, lose a failure, or
// leave a run behind when it stops.

/**
 * What happens when a run takes longer than the interval. "skip" keeps the original cadence: the next run starts
 * at the next tick that has not passed, as a setInterval that ignores ticks while busy would. "catch-up" starts the
 * next run at once, so a slow run is followed by a fresh one without waiting for a tick.
 */
export type OverrunPolicy = "skip" | "catch-up";

export interface PeriodicJobOptions {
  /** Milliseconds between the starts of consecutive runs; positive and finite. */
  readonly intervalMs: number;
  /** One run; its rejection (or throw) goes to onError and the loop goes on. */
  readonly run: () => unknown;
  /** Told every failed run; it must not throw. */
  readonly onError: (error: unknown) => void;
  /** The first run starts at once (true) or one interval after the start (false, the default). */
  readonly immediate?: boolean;
  /** "skip" by default. */
  readonly overrun?: OverrunPolicy;
}

export interface PeriodicJob {
  /** True once stop() was called. */
  readonly stopped: boolean;
  /**
   * Starts no more runs (at once, before it returns) and resolves when the run in flight, if any, has finished; a run
   * that stops its own job must not await this, since it would wait for itself.
   */
  stop(): Promise<void>;
}

/** Runs `options.run` every `options.intervalMs`, never two runs at once, until stopped. */
export function startPeriodic(options: PeriodicJobOptions): PeriodicJob {
  const { intervalMs, run, onError } = options;
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) {
    throw new RangeError(`a periodic job needs a positive, finite interval, got ${intervalMs}`);
  }
  const overrun = options.overrun ?? "skip";
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  // The monotonic clock: a test that moves Date, or a wall-clock step, does not bend the cadence.
  const delayAfter = (elapsedMs: number): number =>
    overrun === "skip" ? intervalMs - (elapsedMs % intervalMs) : Math.max(0, intervalMs - elapsedMs);

  const tick = (): void => {
    timer = null;
    const began = performance.now();
    inFlight = (async () => {
      try {
        await run();
      } catch (error) {
        onError(error);
      }
    })().finally(() => {
      inFlight = null;
      if (!stopped) timer = setTimeout(tick, delayAfter(performance.now() - began));
    });
  };

  timer = setTimeout(tick, options.immediate ? 0 : intervalMs);
  return {
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}
