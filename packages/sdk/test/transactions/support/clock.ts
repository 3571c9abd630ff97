import type { Clock } from "../../../src/transactions/index.js";

/**
 * Virtual time for polling tests. Interval sleeps pass at once and are recorded; deadline timers (the ones
 * raced against a check, which pass an abort signal) fire after pending work settles, or never with "hold" so
 * checks against a real ledger always finish first.
 */
export class VirtualClock implements Clock {
  time = 0;
  readonly intervals: number[] = [];

  constructor(private readonly deadlines: "fire" | "hold" = "fire") {}

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal) {
      this.intervals.push(ms);
      this.time += ms;
      return Promise.resolve();
    }
    const due = this.time + ms;
    return new Promise((resolve) => {
      signal.addEventListener("abort", () => resolve(), { once: true });
      if (this.deadlines === "hold") return;
      setImmediate(() => {
        if (signal.aborted) return;
        this.time = Math.max(this.time, due);
        resolve();
      });
    });
  }
}
