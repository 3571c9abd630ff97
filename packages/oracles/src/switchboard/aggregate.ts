// A pull feed's result from its submissions, as the On-Demand program recomputes it after each submission (reference
// §7.1–§7.2): the submissions still within max_staleness slots, at least min_sample_size of them, give the median
// (element len/2 of the sorted values), mean, population standard deviation, range, extremes and slot span.
import type { CurrentResult, PullFeedAccountData } from "./pull-feed.js";

/** ⌊√n⌋ for n ≥ 0 (Newton's method on integers). */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** Whether a submission landed (slot 0 is an empty slot) and is within the feed's staleness window. */
export function isFreshSubmission(feed: PullFeedAccountData, slot: bigint, clockSlot: bigint): boolean {
  if (slot === 0n) return false;
  return feed.maxStaleness === 0 || clockSlot - slot <= BigInt(feed.maxStaleness);
}

/** The result the fresh submissions give, or null when there are fewer than min_sample_size (at least one). */
export function aggregateResult(feed: PullFeedAccountData, clockSlot: bigint): CurrentResult | null {
  const samples = feed.submissions
    .map((submission, index) => ({ ...submission, index }))
    .filter((s) => isFreshSubmission(feed, s.slot, clockSlot));
  if (samples.length === 0 || samples.length < feed.minSampleSize) return null;
  samples.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : a.index - b.index));
  const median = samples[Math.floor(samples.length / 2)];
  const first = samples[0];
  const last = samples.at(-1);
  if (median === undefined || first === undefined || last === undefined) return null;
  const n = BigInt(samples.length);
  const mean = samples.reduce((sum, s) => sum + s.value, 0n) / n;
  const variance = samples.reduce((sum, s) => sum + (s.value - mean) ** 2n, 0n) / n;
  const slots = samples.map((s) => s.slot);
  return {
    value: median.value,
    stdDev: isqrt(variance),
    mean,
    range: last.value - first.value,
    minValue: first.value,
    maxValue: last.value,
    numSamples: samples.length,
    submissionIdx: median.index,
    padding1: feed.result.padding1,
    slot: median.slot,
    minSlot: slots.reduce((a, b) => (b < a ? b : a)),
    maxSlot: slots.reduce((a, b) => (b > a ? b : a)),
  };
}
