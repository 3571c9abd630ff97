// The soak for 30 s on the real product: samples of its process every 5 s under users, readers and websocket churn,
// and a verdict that is exactly the verdict logic applied to those samples.
import { expect, it } from "vitest";
import { runSoak } from "../soak-run.js";
import { soakVerdict } from "../soak-verdict.js";

const MB = 1024 * 1024;

it("samples the product under load and judges the samples by the stated bounds", async () => {
  const bounds = { warmupMs: 10_000, maxHeapGrowthBytes: 32 * MB, maxRssGrowthBytes: 128 * MB, maxFdGrowth: 16 };
  const report = await runSoak({
    durationMs: 30_000,
    intervalMs: 5_000,
    bounds,
    users: 3,
    apiReaders: 1,
    rpcReaders: 1,
    websocketClients: 3,
    quietSettleMs: 6_000,
    quietDrainMs: 80_000,
  });
  expect(report.exitCode).toBe(0);
  expect(report.samples.map((s) => Math.round(s.elapsedMs / 5_000))).toEqual([1, 2, 3, 4, 5, 6]);
  for (const sample of report.samples) {
    expect(sample.rssBytes).toBeGreaterThan(50 * MB);
    expect(sample.heapUsedBytes).toBeGreaterThan(10 * MB);
    expect(sample.heapUsedBytes!).toBeLessThan(sample.rssBytes);
    expect(sample.fds).toBeGreaterThan(10);
    expect(sample.threads).toBeGreaterThan(1);
  }
  // Every kind of traffic was served, and the counts only grow.
  const last = report.samples.at(-1)!.served;
  expect(Object.keys(last)).toEqual(["actions", "api reads", "rpc reads", "ws sessions"]);
  for (const kind of Object.keys(last)) {
    const counts = report.samples.map((s) => s.served[kind]!);
    expect(counts[counts.length - 1], kind).toBeGreaterThan(0);
    expect(
      [...counts].sort((a, b) => a - b),
      kind,
    ).toEqual(counts);
  }
  expect(report.quiet.before).toBeGreaterThan(10);
  // The end count waits the settle, then at most the drain (and one poll) for keep-alive sockets to close.
  expect(report.quiet.afterMs).toBeGreaterThanOrEqual(6_000);
  expect(report.quiet.afterMs).toBeLessThan(6_000 + 80_000 + 3_000);

  // The report's verdict is the verdict of its samples; a bound just under the growth measured fails it, by name.
  expect(report.verdict).toEqual(soakVerdict(report.samples, report.quiet, bounds));
  const tighter = soakVerdict(report.samples, report.quiet, {
    ...bounds,
    maxHeapGrowthBytes: report.verdict.heapGrowthBytes! - 1,
    maxRssGrowthBytes: report.verdict.rssGrowthBytes - 1,
    maxFdGrowth: report.quiet.after - report.verdict.fdsBaseline - 1,
  });
  expect(tighter.passed).toBe(false);
  expect(tighter.reasons).toHaveLength(3);
  expect(tighter.reasons[0]).toMatch(/^the heap's trough grew -?\d+\.\d MB after warm-up, more than the bound of -?\d+\.\d MB$/);
  expect(tighter.reasons[1]).toMatch(/^resident memory's trough grew -?\d+\.\d MB after warm-up, more than the bound of -?\d+\.\d MB$/);
  const { fdsBaseline } = report.verdict;
  expect(fdsBaseline).toBe(Math.min(report.quiet.before, ...report.samples.map((s) => s.fds)));
  expect(tighter.reasons[2]).toBe(
    `${report.quiet.after} file descriptors stayed open once the load stopped, more than ${report.quiet.after - fdsBaseline - 1} above the fewest seen before (${fdsBaseline})`,
  );
}, 180_000);
