import type { Address } from "../account.js";
import type { PrioritizationFee } from "../service.js";

/** Solana keeps prioritization fees for the last 150 slots. */
const SLOTS_KEPT = 150;

interface SlotFees {
  slot: bigint;
  /** Lowest compute-unit price that landed in the slot. */
  blockMin: bigint;
  /** Lowest price that landed while write-locking each account. */
  accounts: Map<Address, bigint>;
}

/** What getRecentPrioritizationFees reports: recent landed prices, per slot and per write-locked account. */
export class PrioritizationFeeCache {
  private readonly slots: SlotFees[] = [];

  record(slot: bigint, unitPrice: bigint, writableAccounts: readonly Address[]): void {
    let entry = this.slots[this.slots.length - 1];
    if (!entry || entry.slot !== slot) {
      entry = { slot, blockMin: unitPrice, accounts: new Map() };
      this.slots.push(entry);
      if (this.slots.length > SLOTS_KEPT) this.slots.shift();
    }
    if (unitPrice < entry.blockMin) entry.blockMin = unitPrice;
    for (const address of writableAccounts) {
      const current = entry.accounts.get(address);
      if (current === undefined || unitPrice < current) entry.accounts.set(address, unitPrice);
    }
  }

  /** Per recent slot up to `currentSlot`, the lowest price that would have landed write-locking all `addresses`. */
  recent(currentSlot: bigint, addresses: readonly Address[]): PrioritizationFee[] {
    const bySlot = new Map(this.slots.map((f) => [f.slot, f]));
    const first = currentSlot - BigInt(SLOTS_KEPT) + 1n;
    const out: PrioritizationFee[] = [];
    for (let slot = first < 0n ? 0n : first; slot <= currentSlot; slot++) {
      const entry = bySlot.get(slot);
      let fee = entry?.blockMin ?? 0n;
      for (const address of addresses) {
        const accountFee = entry?.accounts.get(address);
        if (accountFee !== undefined && accountFee > fee) fee = accountFee;
      }
      out.push({ slot, prioritizationFee: fee });
    }
    return out;
  }
}
