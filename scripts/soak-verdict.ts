// The soak's judgement on its samples of the product process. Memory swings by a hundred megabytes with garbage
// collection, so what is compared is troughs (what stays after collection): the lowest sample of the first third after
// warm-up against the lowest of the last third, for the V8 heap in use (a leak raises it) and for resident memory
// (which also climbs to a plateau as V8 and malloc keep the pages of the heap's peaks). Each growth must stay within
// its bound. Handles: the open file descriptors counted once the load has stopped (its sockets closed, and the idle
// keep-alive sockets between the product's own parts given up to their longest timeout to close) must come back within
// a slack of the fewest seen before or during the load (sockets left from the start-up close on their own too).

export interface SoakSample {
  /** Milliseconds since the load started. */
  readonly elapsedMs: number;
  readonly rssBytes: number;
  /** Open file descriptors of the process (sockets, files, pipes). */
  readonly fds: number;
  readonly threads: number;
  /** The V8 heap in use and Node's active handles, from the in-process liquidator's /metrics; null without it. */
  readonly heapUsedBytes: number | null;
  readonly activeHandles: number | null;
  /** Requests the product answered so far, by kind. */
  readonly served: Readonly<Record<string, number>>;
}

export interface SoakBounds {
  /** Samples before this are warm-up: caches filling, the heap growing to its working size. */
  readonly warmupMs: number;
  readonly maxRssGrowthBytes: number;
  readonly maxHeapGrowthBytes: number;
  /** Descriptors the quiet end may hold beyond the fewest seen before or during the load. */
  readonly maxFdGrowth: number;
}

export interface SoakVerdict {
  readonly rssBaselineBytes: number;
  readonly rssEndBytes: number;
  readonly rssGrowthBytes: number;
  /** Null when a measured sample lacks the heap (the liquidator's /metrics unreachable): then it is not judged. */
  readonly heapBaselineBytes: number | null;
  readonly heapEndBytes: number | null;
  readonly heapGrowthBytes: number | null;
  /** The fewest open descriptors seen with the load stopped before it or in any sample under it. */
  readonly fdsBaseline: number;
  /** Open descriptors once the load stopped. */
  readonly fdsAfter: number;
  readonly fdsPeak: number;
  readonly passed: boolean;
  /** Why it failed; empty when it passed. */
  readonly reasons: string[];
}

/** Samples after warm-up the verdict needs: each end's trough is the lowest of a third of them. */
export const MIN_MEASURED_SAMPLES = 3;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** The fewest open descriptors seen with the load stopped before it or in any sample under it. */
export function fdsBaseline(samples: readonly SoakSample[], quietBefore: number): number {
  return Math.min(quietBefore, ...samples.map((s) => s.fds));
}

/** Whether the descriptors open once the load stopped are back within the bound's slack of the baseline. */
export function fdsCameBack(after: number, baseline: number, bounds: SoakBounds): boolean {
  return after - baseline <= bounds.maxFdGrowth;
}

/**
 * Judges the samples taken under load (oldest first) and the descriptor counts of the quiet product before and after.
 * Needs at least MIN_MEASURED_SAMPLES samples after the warm-up.
 */
export function soakVerdict(samples: readonly SoakSample[], quiet: { before: number; after: number }, bounds: SoakBounds): SoakVerdict {
  const measured = samples.filter((s) => s.elapsedMs >= bounds.warmupMs);
  if (measured.length < MIN_MEASURED_SAMPLES)
    throw new Error(`the soak needs at least ${MIN_MEASURED_SAMPLES} samples after its warm-up, got ${measured.length}: run it longer`);
  const third = Math.floor(measured.length / 3);
  const first = measured.slice(0, third);
  const last = measured.slice(-third);
  const trough = (window: readonly SoakSample[], of: (s: SoakSample) => number) => Math.min(...window.map(of));
  const rssBaselineBytes = trough(first, (s) => s.rssBytes);
  const rssEndBytes = trough(last, (s) => s.rssBytes);
  const rssGrowthBytes = rssEndBytes - rssBaselineBytes;
  const heapKnown = measured.every((s) => s.heapUsedBytes !== null);
  const heapBaselineBytes = heapKnown ? trough(first, (s) => s.heapUsedBytes!) : null;
  const heapEndBytes = heapKnown ? trough(last, (s) => s.heapUsedBytes!) : null;
  const heapGrowthBytes = heapBaselineBytes === null || heapEndBytes === null ? null : heapEndBytes - heapBaselineBytes;
  const reasons: string[] = [];
  if (heapGrowthBytes !== null && heapGrowthBytes > bounds.maxHeapGrowthBytes)
    reasons.push(`the heap's trough grew ${mb(heapGrowthBytes)} after warm-up, more than the bound of ${mb(bounds.maxHeapGrowthBytes)}`);
  if (rssGrowthBytes > bounds.maxRssGrowthBytes)
    reasons.push(
      `resident memory's trough grew ${mb(rssGrowthBytes)} after warm-up, more than the bound of ${mb(bounds.maxRssGrowthBytes)}`,
    );
  const baseline = fdsBaseline(samples, quiet.before);
  if (!fdsCameBack(quiet.after, baseline, bounds))
    reasons.push(
      `${quiet.after} file descriptors stayed open once the load stopped, more than ${bounds.maxFdGrowth} above the fewest seen before (${baseline})`,
    );
  return {
    rssBaselineBytes,
    rssEndBytes,
    rssGrowthBytes,
    heapBaselineBytes,
    heapEndBytes,
    heapGrowthBytes,
    fdsBaseline: baseline,
    fdsAfter: quiet.after,
    fdsPeak: Math.max(quiet.before, quiet.after, ...samples.map((s) => s.fds)),
    passed: reasons.length === 0,
    reasons,
  };
}

/** The samples as a fixed-width table: elapsed time, memory, descriptors, handles, threads and the requests served by kind. */
export function soakTable(samples: readonly SoakSample[]): string {
  const kinds = [...new Set(samples.flatMap((s) => Object.keys(s.served)))];
  const header = ["elapsed", "RSS MB", "heap MB", "fds", "handles", "threads", ...kinds];
  const rows = samples.map((s) => [
    `${Math.round(s.elapsedMs / 1000)} s`,
    (s.rssBytes / MB).toFixed(1),
    s.heapUsedBytes === null ? "-" : (s.heapUsedBytes / MB).toFixed(1),
    String(s.fds),
    s.activeHandles === null ? "-" : String(s.activeHandles),
    String(s.threads),
    ...kinds.map((k) => String(s.served[k] ?? 0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((row) => row.map((cell, i) => cell.padStart(widths[i]!)).join("  ")).join("\n");
}

/** The verdict in words: the figures, then PASS or FAIL with the reasons. */
export function describeVerdict(verdict: SoakVerdict, bounds: SoakBounds): string {
  const heap =
    verdict.heapGrowthBytes === null
      ? "heap not measured (the liquidator's /metrics was unreachable)"
      : `heap's trough after warm-up ${mb(verdict.heapBaselineBytes!)}, at the end ${mb(verdict.heapEndBytes!)}: ` +
        `growth ${mb(verdict.heapGrowthBytes)} (bound ${mb(bounds.maxHeapGrowthBytes)})`;
  return [
    heap,
    `resident memory's trough after warm-up ${mb(verdict.rssBaselineBytes)}, at the end ${mb(verdict.rssEndBytes)}: ` +
      `growth ${mb(verdict.rssGrowthBytes)} (bound ${mb(bounds.maxRssGrowthBytes)})`,
    `open file descriptors: at least ${verdict.fdsBaseline} before the load ended, ${verdict.fdsAfter} after it ` +
      `(bound +${bounds.maxFdGrowth}), ${verdict.fdsPeak} at the peak`,
    verdict.passed ? "PASS" : `FAIL: ${verdict.reasons.join("; ")}`,
  ].join("\n");
}
