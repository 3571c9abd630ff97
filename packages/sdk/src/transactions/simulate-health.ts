// The account's health as the program computes it: a pulse-health transaction (after the refreshes of any Kamino
// reserves it prices) simulated at the end of a bundle (after, say, oracle cranks), its health cache read from the
// account data the simulation returns.
import {
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type Connection,
  type PublicKey,
  type TransactionInstruction,
} from "@solana/web3.js";
import { ERRORS, decodeMarginfiAccount, type HealthCache, type MarginfiAccount } from "@ballast/protocol";
import { COMPUTE_UNITS, computeBudgetInstructions, DEFAULT_COMPUTE_UNIT_PRICE } from "./compute-budget.js";
import { HealthCacheSimulationError, MESSAGES, buildingError } from "./errors.js";
import { simulateBundle } from "./simulate.js";

/** A bundle holds at most five transactions, the pulse-health one included. */
export const MAX_HEALTH_SIMULATION_TRANSACTIONS = 5;

export type HealthValues = Pick<
  HealthCache,
  "assetValue" | "liabilityValue" | "assetValueMaint" | "liabilityValueMaint" | "assetValueEquity" | "liabilityValueEquity"
>;

export function healthValues(cache: HealthCache): HealthValues {
  return {
    assetValue: cache.assetValue,
    liabilityValue: cache.liabilityValue,
    assetValueMaint: cache.assetValueMaint,
    liabilityValueMaint: cache.liabilityValueMaint,
    assetValueEquity: cache.assetValueEquity,
    liabilityValueEquity: cache.liabilityValueEquity,
  };
}

/**
 * Accepts a cache without errors, and one whose only complaint is the Initial check's 6009 when all six values
 * are non-zero (the values are still meaningful then); anything else throws.
 */
export function checkHealthCache(cache: HealthCache, logs: string[] = []): void {
  if (cache.mrgnErr === 0 && cache.internalErr === 0) return;
  const complete = Object.values(healthValues(cache)).every((value) => value !== 0n);
  if (cache.mrgnErr === ERRORS.RiskEngineInitRejected.code && complete) return;
  throw new HealthCacheSimulationError(cache.mrgnErr, cache.internalErr, logs);
}

export interface HealthSimulationOptions {
  connection: Connection;
  /**
   * lending_account_pulse_health for the account with its risk accounts (e.g. from pulseAccountHealthInstruction);
   * its first account is the margin account whose data the simulation returns.
   */
  pulseHealthInstruction: TransactionInstruction;
  /**
   * Run just before the pulse in its transaction: the market refreshes of the reserves behind the account's Kamino
   * positions (accountHealthRefreshes), without which the program refuses to price them (6206).
   */
  refreshes?: TransactionInstruction[];
  /** Pays for the simulated pulse-health transaction; it need not sign. */
  payer: PublicKey;
  /** Run first, e.g. oracle cranks; at most four. */
  precedingTransactions?: VersionedTransaction[];
  lookupTables?: AddressLookupTableAccount[];
  /** Default: the connection's endpoint. */
  bundleSimulationUrl?: string;
}

export interface HealthSimulation {
  account: MarginfiAccount;
  healthCache: HealthCache;
  unitsConsumed?: number;
  logs: string[];
}

export async function simulateAccountHealth(options: HealthSimulationOptions): Promise<HealthSimulation> {
  const preceding = options.precedingTransactions ?? [];
  if (preceding.length + 1 > MAX_HEALTH_SIMULATION_TRANSACTIONS) throw buildingError(MESSAGES.tooManyTransactions);
  const { blockhash } = await options.connection.getLatestBlockhash();
  const [marginfiAccountMeta] = options.pulseHealthInstruction.keys;
  if (marginfiAccountMeta === undefined) throw buildingError(MESSAGES.pulseHealthWithoutAccount);
  const marginfiAccount = marginfiAccountMeta.pubkey;
  const instructions = [
    ...computeBudgetInstructions(COMPUTE_UNITS.HEALTH_SIMULATION, DEFAULT_COMPUTE_UNIT_PRICE),
    ...(options.refreshes ?? []),
    options.pulseHealthInstruction,
  ];
  const message = new TransactionMessage({ payerKey: options.payer, recentBlockhash: blockhash, instructions });
  const pulse = new VersionedTransaction(message.compileToV0Message(options.lookupTables));
  const bundle = [...preceding, pulse];
  const simulation = await simulateBundle(options.bundleSimulationUrl ?? options.connection.rpcEndpoint, bundle, {
    postExecutionAccounts: bundle.map((_, i) => (i === bundle.length - 1 ? [marginfiAccount] : null)),
  });
  const result = simulation.transactionResults[bundle.length - 1];
  const failed = simulation.transactionResults.find((r) => r.err !== null);
  const data = result?.postExecutionAccounts?.[0]?.data;
  if (simulation.summary !== "succeeded" || failed || !data) {
    throw new HealthCacheSimulationError(null, null, (failed ?? result)?.logs ?? []);
  }
  const account = decodeMarginfiAccount(data);
  checkHealthCache(account.healthCache, result.logs);
  return { account, healthCache: account.healthCache, unitsConsumed: result.unitsConsumed, logs: result.logs };
}
