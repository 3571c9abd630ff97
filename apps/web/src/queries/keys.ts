// Query keys of every server resource, in one place so invalidation after an action names the same keys.
import type { ActivitySubject, BankSource, HistoricPeriod } from "../api/index.js";

export const queryKeys = {
  config: () => ["config"] as const,
  banks: (source: BankSource) => ["banks", source] as const,
  market: (group: string) => ["market", group] as const,
  lookupTables: (group: string) => ["lookup-tables", group] as const,
  bankHistory: (bank: string, period: HistoricPeriod) => ["bank-history", bank, period] as const,
  accountAddresses: (authority: string | null, group: string) => ["account-addresses", authority, group] as const,
  account: (accountKey: string | null, authority: string | null) => ["account", accountKey, authority] as const,
  userBalances: (address: string | null, mints: readonly string[]) => ["user-balances", address, mints] as const,
  activity: (subject: ActivitySubject, address: string | null) => ["activity", subject, address] as const,
  walletPoints: (wallet: string | null) => ["wallet-points", wallet] as const,
  globalPoints: (valuation: string | null) => ["global-points", valuation] as const,
  accountLabels: (wallet: string | null) => ["account-labels", wallet] as const,
  priorityFees: (source: "rpc" | "bundle") => ["priority-fees", source] as const,
  currentUser: () => ["current-user"] as const,
};
