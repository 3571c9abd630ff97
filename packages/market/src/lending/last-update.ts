// The same-slot refresh rule (reference §1.3): a reserve or obligation is usable only in the slot it was refreshed
// in, before anything marked it stale, and only if that refresh passed the price checks the operation needs.
import { fail } from "../errors.js";
import type { LastUpdate } from "../state/common.js";

/** The chain's time as operations see it. */
export interface MarketClock {
  slot: bigint;
  unixTimestamp: bigint;
}

export function slotsElapsed(lastUpdate: LastUpdate, slot: bigint): bigint {
  if (slot < lastUpdate.slot) fail("MathOverflow");
  return slot - lastUpdate.slot;
}

export function isStale(lastUpdate: LastUpdate, slot: bigint, requiredPriceStatus: number): boolean {
  return (
    lastUpdate.stale !== 0 || slotsElapsed(lastUpdate, slot) >= 1n || (lastUpdate.priceStatus & requiredPriceStatus) !== requiredPriceStatus
  );
}

export function markStale(lastUpdate: LastUpdate): void {
  lastUpdate.stale = 1;
}

/** A refresh: fresh as of `slot`, with new price-status bits or (null) the previous ones kept. */
export function updateSlot(lastUpdate: LastUpdate, slot: bigint, priceStatus: number | null): void {
  lastUpdate.slot = slot;
  lastUpdate.stale = 0;
  if (priceStatus !== null) lastUpdate.priceStatus = priceStatus;
}
