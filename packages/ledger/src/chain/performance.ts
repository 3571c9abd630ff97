// getRecentPerformanceSamples: one sample per minute of slots, the newest first, kept for 12 hours.
import type { PerformanceSample } from "../service.js";
import type { SlotRecord } from "../storage/store.js";

const PERFORMANCE_SAMPLE_MS = 60_000;
const PERFORMANCE_SAMPLES_KEPT = 720;

export class PerformanceSampler {
  private readonly samples: PerformanceSample[] = [];
  private start: { slot: bigint; at: number; count: bigint };

  constructor(slot: bigint, at: number, transactionCount: bigint) {
    this.start = { slot, at, count: transactionCount };
  }

  /** Called at each new slot: closes a sample once a minute has passed since the last one. */
  slotStarted(record: SlotRecord, transactionCount: bigint): void {
    if (record.startedAt - this.start.at < PERFORMANCE_SAMPLE_MS) return;
    this.samples.unshift({
      slot: record.slot,
      numTransactions: transactionCount - this.start.count,
      numNonVoteTransactions: transactionCount - this.start.count,
      numSlots: record.slot - this.start.slot,
      samplePeriodSecs: Math.round((record.startedAt - this.start.at) / 1000),
    });
    if (this.samples.length > PERFORMANCE_SAMPLES_KEPT) this.samples.pop();
    this.start = { slot: record.slot, at: record.startedAt, count: transactionCount };
  }

  recent(limit: number): PerformanceSample[] {
    return this.samples.slice(0, limit);
  }
}
