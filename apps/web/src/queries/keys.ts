// Query keys of every cached resource, in one place so invalidation after an action names the same keys. Each resource
// has one root; the `all…` keys are prefixes matching every query of that resource (invalidation, live refresh).
import type { AccountHistoryRange, ActivitySubject, BankSource, HistoricPeriod } from "../api/index.js";

const BANKS = "banks";
const MARKET = "market";
const ACCOUNT_ADDRESSES = "account-addresses";
const ACCOUNT = "account";
const USER_BALANCES = "user-balances";
const ACTIVITY = "activity";
const WALLET_POINTS = "wallet-points";
const ACCOUNT_LABELS = "account-labels";
const SWAP_FLOW_PLAN = "swap-flow-plan";

export const queryKeys = {
  config: () => ["config"] as const,
  explorerTransaction: (signature: string) => ["explorer", "tx", signature] as const,
  explorerAccount: (address: string) => ["explorer", "address", address] as const,
  allBanks: () => [BANKS] as const,
  banks: (source: BankSource) => [BANKS, source] as const,
  allMarkets: () => [MARKET] as const,
  market: (group: string) => [MARKET, group] as const,
  lookupTables: (group: string) => ["lookup-tables", group] as const,
  bankHistory: (bank: string | null, period: HistoricPeriod) => ["bank-history", bank, period] as const,
  bankBadDebt: (bank: string) => ["bank-bad-debt", bank] as const,
  /** Under the market's root: whatever refreshes the market refreshes the farm's APRs. */
  kaminoFarmRewards: (group: string, bank: string) => [MARKET, group, "kamino-farm", bank] as const,
  allAccountAddresses: () => [ACCOUNT_ADDRESSES] as const,
  accountAddresses: (authority: string | null, group: string) => [ACCOUNT_ADDRESSES, authority, group] as const,
  allAccounts: () => [ACCOUNT] as const,
  /** Every query of one margin account, whichever wallet reads it: its server view and its chain copy. */
  accountScope: (accountKey: string) => [ACCOUNT, accountKey] as const,
  account: (accountKey: string | null, authority: string | null) => [ACCOUNT, accountKey, authority] as const,
  /** The account as the program stores it, under the account's own key: whatever refreshes the account refreshes it. */
  chainAccount: (accountKey: string | null, authority: string | null) => [ACCOUNT, accountKey, authority, "chain"] as const,
  /** Under the account's own key: whatever refreshes the account refreshes its history. */
  accountHistory: (accountKey: string | null, range: AccountHistoryRange, bank: string | null) =>
    [ACCOUNT, accountKey, "history", range, bank] as const,
  /** Under the accounts' root: an action on any account refreshes the wallet's summary across markets. */
  portfolio: (wallet: string | null) => [ACCOUNT, "portfolio", wallet] as const,
  allUserBalances: () => [USER_BALANCES] as const,
  /** One wallet's balances, whatever mints they cover. */
  walletBalances: (address: string) => [USER_BALANCES, address] as const,
  userBalances: (address: string | null, mints: readonly string[]) => [USER_BALANCES, address, mints] as const,
  allActivity: () => [ACTIVITY] as const,
  activity: (subject: ActivitySubject, address: string | null) => [ACTIVITY, subject, address] as const,
  /** Under activity's root: whatever refreshes activity (a new liquidation) refreshes the record too. */
  liquidationRecord: (account: string) => [ACTIVITY, "liquidation-record", account] as const,
  allWalletPoints: () => [WALLET_POINTS] as const,
  walletPoints: (wallet: string | null) => [WALLET_POINTS, wallet] as const,
  globalPoints: (valuation: string | null) => ["global-points", valuation] as const,
  allAccountLabels: () => [ACCOUNT_LABELS] as const,
  accountLabels: (wallet: string | null) => [ACCOUNT_LABELS, wallet] as const,
  currentUser: () => ["current-user"] as const,
  allSwapFlowPlans: () => [SWAP_FLOW_PLAN] as const,
  /** A swap flow's plan: every input it is built from (`inputs` serialized), the wallet, market and slippage. */
  swapFlowPlan: (kind: string, group: string, wallet: string | null, slippageBps: number, inputs: string) =>
    [SWAP_FLOW_PLAN, kind, group, wallet, slippageBps, inputs] as const,
  /** The emission mints' decimals and token programs, read from the chain. */
  rewardMints: (group: string, mints: readonly string[]) => ["reward-mints", group, mints] as const,
};
