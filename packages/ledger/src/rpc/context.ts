import type { Account, Address } from "../account.js";
import type { LedgerService } from "../service.js";
import type { AccountLookup, ParseAccount } from "./accounts.js";
import type { ScanBudget } from "./limits.js";

/** The version this node reports: web3.js and kit read `apiVersion` from it. */
export const SOLANA_CORE_VERSION = "2.1.0";
export const FEATURE_SET = 1_725_507_508;

/** What every method handler gets. */
export interface RpcContext {
  ledger: LedgerService;
  parseAccount?: ParseAccount;
  /** What the scans of the message being answered may still collect; unbounded when absent. */
  scan?: ScanBudget;
}

/** A JSON-RPC method: takes the raw `params`, returns the result or throws an RpcError (or a ledger error). */
export type Handler = (params: unknown, ctx: RpcContext) => unknown;

export type MethodTable = Record<string, Handler>;

/** Solana's `{ context: { apiVersion, slot }, value }` wrapper. */
export function withContext<T>(ledger: LedgerService, value: T): { context: { apiVersion: string; slot: bigint }; value: T } {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot() }, value };
}

export function lookupOf(ledger: LedgerService): AccountLookup {
  return (address: Address): Account | undefined => ledger.getAccount(address) ?? undefined;
}
