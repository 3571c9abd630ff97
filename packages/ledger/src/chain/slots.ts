import { createHash } from "node:crypto";
import type { Clock } from "../runtime/program.js";
import { SLOTS_PER_EPOCH } from "../runtime/sysvars.js";
import type { SlotRecord } from "../storage/store.js";
import { base58ToBytes, encodeBase58 } from "../tx/base58.js";

/** A blockhash may be used for this many blocks after the block that produced it. */
export const MAX_PROCESSING_AGE = 150;

/**
 * The chain's notion of time: one block per slot (no skipped slots on a single node), so block height equals
 * slot. Each slot's blockhash chains the previous one, so hashes never repeat across restarts.
 */
export class SlotClock {
  private readonly hashes = new Map<string, bigint>();
  private readonly order: SlotRecord[] = [];

  constructor(history: SlotRecord[]) {
    for (const record of [...history].reverse()) this.remember(record);
  }

  get current(): SlotRecord {
    const current = this.order.at(-1);
    if (current === undefined) throw new Error("the slot clock has no slot yet: it starts from genesis");
    return current;
  }

  get slot(): bigint {
    return this.current.slot;
  }

  /**
   * Starts the next slot (or jumps `count` slots ahead, as a warp does) and returns the new record. `atTime`
   * pins the new slot's unix time exactly (it must not go back); otherwise the clock runs `extraSeconds` ahead.
   */
  advance(now: number, count = 1, extraSeconds = 0, atTime?: bigint): SlotRecord {
    const previous = this.current;
    let hash = previous.blockhash;
    const slot = previous.slot + BigInt(count);
    const seed = Buffer.alloc(8);
    seed.writeBigUInt64LE(slot);
    hash = encodeBase58(createHash("sha256").update(base58ToBytes(hash)).update(seed).digest());
    const startedAt = Math.max(now, previous.startedAt);
    let clockOffset = previous.clockOffset + extraSeconds;
    if (atTime !== undefined) {
      if (atTime < this.unixTimestamp()) throw new RangeError(`cannot move the clock back to ${atTime}`);
      clockOffset = Number(atTime) - Math.floor(startedAt / 1000);
    }
    const record: SlotRecord = { slot, blockhash: hash, startedAt, clockOffset };
    this.remember(record);
    return record;
  }

  /** The record of `slot` if it is among the recent slots the clock keeps. */
  recentRecord(slot: bigint): SlotRecord | undefined {
    for (let i = this.order.length - 1; i >= 0; i--) if (this.order[i]?.slot === slot) return this.order[i];
    return undefined;
  }

  private remember(record: SlotRecord): void {
    this.order.push(record);
    this.hashes.set(record.blockhash, record.slot);
    while (this.order.length > MAX_PROCESSING_AGE + 1) {
      const old = this.order.shift()!;
      this.hashes.delete(old.blockhash);
    }
  }

  /** Height of the block that produced `blockhash`, if it is still young enough to use. */
  blockhashHeight(blockhash: string): bigint | null {
    const height = this.hashes.get(blockhash);
    if (height === undefined || height + BigInt(MAX_PROCESSING_AGE) < this.slot) return null;
    return height;
  }

  /** Unix time the chain reports for the current slot: wall time at slot start plus any warped seconds. */
  unixTimestamp(): bigint {
    return BigInt(Math.floor(this.current.startedAt / 1000) + this.current.clockOffset);
  }

  clock(): Clock {
    const epoch = this.slot / SLOTS_PER_EPOCH;
    return {
      slot: this.slot,
      epochStartTimestamp: this.unixTimestamp(),
      epoch,
      leaderScheduleEpoch: epoch + 1n,
      unixTimestamp: this.unixTimestamp(),
    };
  }

  /** Recent (slot, blockhash) pairs, newest first, for the SlotHashes sysvar. */
  recent(): SlotRecord[] {
    return [...this.order].reverse();
  }
}

export function genesisSlot(genesisHash: string, now: number): SlotRecord {
  return { slot: 0n, blockhash: genesisHash, startedAt: now, clockOffset: 0 };
}
