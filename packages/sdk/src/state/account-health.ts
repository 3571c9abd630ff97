// An account's health as the app shows it (spec 000 §3, §4): first from a simulated pulse-health transaction, so
// the numbers are the program's own at the current prices; when that cannot run, computed locally from the same
// loaded banks. The status says which one the numbers are.
import type { AccountHealth } from "../math/health.js";
import { accountRisk, healthFromCache, type BalanceLike } from "../math/health.js";
import type { PricedBank } from "../math/priced-bank.js";
import { simulateAccountHealth, type HealthSimulationOptions } from "../transactions/simulate-health.js";

/** unset: not computed yet; onchain: the program's health cache from a simulation; computed: the local fallback. */
export type HealthSimulationStatus = "unset" | "onchain" | "computed";

/** The client's numeric encoding of the status: 0 on-chain, 1 unset, 2 computed locally. */
export const HEALTH_SIMULATION_STATUS_CODES: Readonly<Record<HealthSimulationStatus, number>> = { onchain: 0, unset: 1, computed: 2 };

export interface SimulatedAccountHealth {
  readonly health: AccountHealth;
  readonly status: Exclude<HealthSimulationStatus, "unset">;
  /** Why the simulation was not used, when the status is "computed". */
  readonly simulationError: unknown;
}

/** Simulates the pulse-health transaction; on any failure falls back to the local computation over `banks`. */
export async function accountHealthWithSimulation(
  simulation: HealthSimulationOptions,
  balances: readonly BalanceLike[],
  banks: ReadonlyMap<string, PricedBank>,
): Promise<SimulatedAccountHealth> {
  try {
    const { healthCache } = await simulateAccountHealth(simulation);
    return { health: healthFromCache(healthCache), status: "onchain", simulationError: null };
  } catch (simulationError) {
    return { health: accountRisk(balances, banks).health, status: "computed", simulationError };
  }
}
