import { describe, expect, it } from "vitest";
import { parseSoakArgs } from "../soak-run.js";
import { describeVerdict, soakTable, soakVerdict, type SoakSample } from "../soak-verdict.js";

const MB = 1024 * 1024;
const bounds = { warmupMs: 25_000, maxHeapGrowthBytes: 32 * MB, maxRssGrowthBytes: 64 * MB, maxFdGrowth: 16 };

/** Samples every 10 s with the given resident sizes in MB. */
const samples = (rssMb: number[], fds = 60): SoakSample[] =>
  rssMb.map((rss, i) => ({
    elapsedMs: (i + 1) * 10_000,
    rssBytes: rss * MB,
    fds: fds + i,
    threads: 20,
    heapUsedBytes: i === 0 ? null : 150 * MB,
    activeHandles: i === 0 ? null : 40 + i,
    served: { actions: i * 3 },
  }));

describe("the soak's verdict", () => {
  it("measures growth from the trough of the first third after warm-up to the trough of the last third", () => {
    // Warm-up: 100 and 400 MB are ignored; of the seven left, the first two's lowest is 300, the last two's 340.
    const verdict = soakVerdict(samples([100, 400, 300, 320, 290, 310, 330, 360, 340]), { before: 50, after: 58 }, bounds);
    expect(verdict).toEqual({
      rssBaselineBytes: 300 * MB,
      rssEndBytes: 340 * MB,
      rssGrowthBytes: 40 * MB,
      heapBaselineBytes: 150 * MB,
      heapEndBytes: 150 * MB,
      heapGrowthBytes: 0,
      fdsBaseline: 50,
      fdsAfter: 58,
      fdsPeak: 68,
      passed: true,
      reasons: [],
    });
    // Garbage collection swings resident memory by a hundred megabytes; with the troughs level that is no growth.
    const swinging = soakVerdict(samples([500, 500, 375, 480, 450, 483, 470, 332, 440]), { before: 50, after: 50 }, bounds);
    expect(swinging).toMatchObject({ rssBaselineBytes: 375 * MB, rssEndBytes: 332 * MB, rssGrowthBytes: -43 * MB, passed: true });
    // Troughs that rise are growth, whatever the peaks do.
    expect(soakVerdict(samples([0, 0, 300, 310, 400, 390, 380]), { before: 50, after: 50 }, bounds).rssGrowthBytes).toBe(80 * MB);
  });

  it("fails past either bound, naming each", () => {
    const grown = soakVerdict(samples([300, 300, 300, 310, 300, 370, 380, 370]), { before: 50, after: 67 }, bounds);
    expect(grown.passed).toBe(false);
    expect(grown.rssGrowthBytes).toBe(70 * MB);
    expect(grown.reasons).toEqual([
      "resident memory's trough grew 70.0 MB after warm-up, more than the bound of 64.0 MB",
      "67 file descriptors stayed open once the load stopped, more than 16 above the fewest seen before (50)",
    ]);
    expect(describeVerdict(grown, bounds).split("\n")).toEqual([
      "heap's trough after warm-up 150.0 MB, at the end 150.0 MB: growth 0.0 MB (bound 32.0 MB)",
      "resident memory's trough after warm-up 300.0 MB, at the end 370.0 MB: growth 70.0 MB (bound 64.0 MB)",
      "open file descriptors: at least 50 before the load ended, 67 after it (bound +16), 67 at the peak",
      `FAIL: ${grown.reasons.join("; ")}`,
    ]);
    // Descriptors left from the start-up that close during the load lower the baseline: 60 in the first sample.
    expect(soakVerdict(samples([300, 300, 300, 300, 300]), { before: 90, after: 77 }, bounds).reasons).toEqual([
      "77 file descriptors stayed open once the load stopped, more than 16 above the fewest seen before (60)",
    ]);
    // Exactly at the bounds passes.
    expect(soakVerdict(samples([300, 300, 300, 300, 300, 364, 364, 364]), { before: 50, after: 66 }, bounds).passed).toBe(true);
  });

  it("judges the heap's troughs too, unless a sample lacks the heap", () => {
    const leaking = samples([300, 300, 300, 300, 300, 300, 300, 300]).map((s, i) => ({ ...s, heapUsedBytes: (100 + 10 * i) * MB }));
    // After warm-up the heap reads 120…170 MB: the first third's trough 120, the last third's 160.
    const verdict = soakVerdict(leaking, { before: 50, after: 50 }, bounds);
    expect(verdict).toMatchObject({ heapBaselineBytes: 120 * MB, heapEndBytes: 160 * MB, heapGrowthBytes: 40 * MB, passed: false });
    expect(verdict.reasons).toEqual(["the heap's trough grew 40.0 MB after warm-up, more than the bound of 32.0 MB"]);
    const unmeasured = leaking.map((s, i) => (i === 5 ? { ...s, heapUsedBytes: null } : s));
    expect(soakVerdict(unmeasured, { before: 50, after: 50 }, bounds)).toMatchObject({ heapGrowthBytes: null, passed: true });
    expect(describeVerdict(soakVerdict(unmeasured, { before: 50, after: 50 }, bounds), bounds).split("\n")[0]).toBe(
      "heap not measured (the liquidator's /metrics was unreachable)",
    );
  });

  it("needs three samples after warm-up", () => {
    expect(() => soakVerdict(samples([300, 300, 300, 300]), { before: 1, after: 1 }, bounds)).toThrow(
      "the soak needs at least 3 samples after its warm-up, got 2: run it longer",
    );
  });

  it("prints the samples as a table", () => {
    expect(soakTable(samples([100.5, 200]).map((s) => ({ ...s, served: { actions: 7, "ws sessions": 12 } }))).split("\n")).toEqual([
      "elapsed  RSS MB  heap MB  fds  handles  threads  actions  ws sessions",
      "   10 s   100.5        -   60        -       20        7           12",
      "   20 s   200.0    150.0   61       41       20        7           12",
    ]);
  });
});

describe("the soak's command line", () => {
  it("reads minutes with defaults from the length, or seconds with explicit settings", () => {
    const hour = parseSoakArgs(["--minutes", "60"]);
    expect(hour.options).toMatchObject({
      durationMs: 3_600_000,
      intervalMs: 60_000,
      bounds: { warmupMs: 120_000, maxHeapGrowthBytes: 32 * MB, maxRssGrowthBytes: 128 * MB, maxFdGrowth: 16 },
      users: 5,
    });
    expect(hour.reportPath).toBeNull();
    const short = parseSoakArgs([
      "--seconds",
      "40",
      "--interval-seconds",
      "4",
      "--warmup-seconds",
      "10",
      "--max-fd-growth",
      "8",
      "--report",
      "r.json",
    ]);
    expect(short.options).toMatchObject({ durationMs: 40_000, intervalMs: 4_000, bounds: { warmupMs: 10_000, maxFdGrowth: 8 } });
    expect(short.reportPath).toBe("r.json");
    expect(parseSoakArgs(["--minutes", "0.5"]).options).toMatchObject({
      durationMs: 30_000,
      intervalMs: 5_000,
      bounds: { warmupMs: 7_500 },
    });
  });

  it("refuses what it cannot run, saying why", () => {
    expect(() => parseSoakArgs([])).toThrow("give the soak's length as --minutes or --seconds");
    expect(() => parseSoakArgs(["--minutes", "1", "--seconds", "5"])).toThrow("give the soak's length as --minutes or --seconds");
    expect(() => parseSoakArgs(["--minutes", "-1"])).toThrow('--minutes must be a positive number, got "-1"');
    expect(() => parseSoakArgs(["--minutes"])).toThrow("--minutes: every option takes a value");
    expect(() => parseSoakArgs(["--hours", "1"])).toThrow("--hours: unknown option");
    expect(() => parseSoakArgs(["--minutes", "1", "--users", "6"])).toThrow("--users must be a whole number from 1 to 5");
    expect(() => parseSoakArgs(["--seconds", "10", "--interval-seconds", "5"])).toThrow(
      "the soak must take at least 3 samples after its warm-up",
    );
  });
});
