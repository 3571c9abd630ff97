// The checks every position operation starts with: a non-zero amount, and the reserve and obligation refreshed in this
// slot with the price checks the operation needs (the same-slot rule of last-update.ts).
import { PriceStatus } from "../constants.js";
import { fail } from "../errors.js";
import type { LastUpdate } from "../state/common.js";
import { type MarketClock, isStale } from "./last-update.js";

export type Log = (message: string) => void;

/** InvalidAmount for 0, logging what the amount was of. */
export function requireAmount(amount: bigint, kind: "Liquidity" | "Collateral", log: Log): void {
  if (amount !== 0n) return;
  log(`${kind} amount provided cannot be zero`);
  fail("InvalidAmount");
}

/** The price-status bits as the logs show them. */
export function priceStatusBits(status: number): string {
  return status.toString(2).padStart(8, "0");
}

/** `error`, logging `message`, unless the account was refreshed this slot with every `required` price check. */
export function requireFresh(
  lastUpdate: LastUpdate,
  clock: MarketClock,
  required: number,
  error: "ReserveStale" | "ObligationStale",
  message: string,
  log: Log,
): void {
  if (!isStale(lastUpdate, clock.slot, required)) return;
  log(message);
  fail(error);
}

/**
 * The reserve acted on and the obligation both refreshed this slot, prices unchecked: deposits and repayments value
 * nothing. `role` names the reserve in the log ("Deposit", "Repay").
 */
export function requireRefreshedThisSlot(
  reserve: LastUpdate,
  obligation: LastUpdate,
  clock: MarketClock,
  role: "Deposit" | "Repay",
  log: Log,
): void {
  const stale = "is stale and must be refreshed in the current slot";
  requireFresh(reserve, clock, PriceStatus.NONE, "ReserveStale", `${role} reserve ${stale}`, log);
  requireFresh(obligation, clock, PriceStatus.NONE, "ObligationStale", `Obligation ${stale}`, log);
}
