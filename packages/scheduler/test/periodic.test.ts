// The shared timer loop on a fake clock: cadence, the first run, overruns under both policies, failures reported
// without stopping the loop, and a stop that waits for the run in flight.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPeriodic, type PeriodicJob } from "../src/index.js";

let job: PeriodicJob | null = null;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  // A run still sleeping on the fake clock finishes only when the clock moves.
  const stopping = job?.stop();
  await vi.runOnlyPendingTimersAsync();
  await stopping;
  job = null;
  vi.useRealTimers();
});

/** A run that records when it started and finishes `durationMs` later (fake time). */
function recorder(durationMs = 0) {
  const starts: number[] = [];
  const origin = performance.now();
  const run = async () => {
    starts.push(performance.now() - origin);
    if (durationMs > 0) await new Promise((resolve) => setTimeout(resolve, durationMs));
  };
  return { starts, run };
}

const failOnError = (error: unknown) => {
  throw new Error(`unexpected job failure: ${String(error)}`);
};

describe("startPeriodic", () => {
  it("runs once per interval, the first run one interval after the start", async () => {
    const { starts, run } = recorder();
    job = startPeriodic({ intervalMs: 100, run, onError: failOnError });
    await vi.advanceTimersByTimeAsync(99);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(251);
    expect(starts).toEqual([100, 200, 300]);
  });

  it("runs at once when asked, then once per interval between starts", async () => {
    const { starts, run } = recorder(30);
    job = startPeriodic({ intervalMs: 100, run, onError: failOnError, immediate: true });
    await vi.advanceTimersByTimeAsync(250);
    expect(starts).toEqual([0, 100, 200]);
  });

  it("never overlaps runs: after an overrun it skips the missed ticks by default", async () => {
    const { starts, run } = recorder(250);
    let concurrent = 0;
    let most = 0;
    job = startPeriodic({
      intervalMs: 100,
      immediate: true,
      onError: failOnError,
      run: async () => {
        most = Math.max(most, ++concurrent);
        await run();
        concurrent--;
      },
    });
    await vi.advanceTimersByTimeAsync(700);
    expect(starts).toEqual([0, 300, 600]);
    expect(most).toBe(1);
  });

  it("starts the next run at once after an overrun under catch-up", async () => {
    const { starts, run } = recorder(250);
    job = startPeriodic({ intervalMs: 100, run, onError: failOnError, immediate: true, overrun: "catch-up" });
    await vi.advanceTimersByTimeAsync(600);
    // "At once" is the next turn of the timer queue, which Node counts as 1 ms.
    expect(starts).toEqual([0, 251, 502]);
  });

  it("reports a failed run, thrown or rejected, and goes on", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    job = startPeriodic({
      intervalMs: 10,
      onError: (error) => errors.push(error),
      run: () => {
        runs++;
        if (runs === 1) throw new Error("thrown");
        if (runs === 2) return Promise.reject(new Error("rejected"));
        return undefined;
      },
    });
    await vi.advanceTimersByTimeAsync(45);
    expect(runs).toBe(4);
    expect(errors.map((e) => (e as Error).message)).toEqual(["thrown", "rejected"]);
  });

  it("stop() waits for the run in flight and starts no more", async () => {
    const { starts, run } = recorder(50);
    let finished = 0;
    job = startPeriodic({
      intervalMs: 100,
      immediate: true,
      onError: failOnError,
      run: async () => {
        await run();
        finished++;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(starts).toEqual([0]);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    expect(job.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(39);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0]);
  });

  it("stop() between runs resolves at once and cancels the next run", async () => {
    const { starts, run } = recorder();
    job = startPeriodic({ intervalMs: 100, run, onError: failOnError, immediate: true });
    await vi.advanceTimersByTimeAsync(50);
    await job.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0]);
  });

  it("refuses an interval that is not a positive, finite number of milliseconds", () => {
    for (const intervalMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => startPeriodic({ intervalMs, run: () => undefined, onError: failOnError })).toThrow(
        `a periodic job needs a positive, finite interval, got ${intervalMs}`,
      );
    }
  });
});
