// Recent transaction statuses, kept in memory by slot long enough to refuse a replay of any still-valid blockhash
// and to answer getSignatureStatuses without the store.
import type { TransactionRecord } from "../service.js";

/** Statuses stay this many slots: twice a blockhash's 150-slot lifetime. */
export const STATUS_CACHE_SLOTS = 300n;

export interface RecentStatus {
  readonly slot: bigint;
  /** The transaction's commit sequence number; durable once the store has flushed past it. */
  readonly seq: number;
  readonly err: TransactionRecord["meta"]["err"];
}

export class StatusCache {
  private readonly bySignature = new Map<string, RecentStatus>();
  /** Signatures per slot, oldest slot first. */
  private readonly bySlot: { slot: bigint; signatures: string[] }[] = [];

  get(signature: string): RecentStatus | undefined {
    return this.bySignature.get(signature);
  }

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  /** Records a landed transaction; slots only move forward, so the newest slot is always last. */
  record(signature: string, status: RecentStatus): void {
    this.bySignature.set(signature, status);
    const last = this.bySlot[this.bySlot.length - 1];
    if (last && last.slot === status.slot) last.signatures.push(signature);
    else this.bySlot.push({ slot: status.slot, signatures: [signature] });
  }

  /** Forgets the slots that fell out of the window at `currentSlot`. */
  prune(currentSlot: bigint): void {
    let oldest = this.bySlot[0];
    while (oldest !== undefined && oldest.slot + STATUS_CACHE_SLOTS < currentSlot) {
      for (const signature of oldest.signatures) this.bySignature.delete(signature);
      this.bySlot.shift();
      oldest = this.bySlot[0];
    }
  }
}
