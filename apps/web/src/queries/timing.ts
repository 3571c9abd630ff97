// Cache and retry times of spec §9, in milliseconds.
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const TIMING = {
  banks: { staleTime: 120 * SECOND, retry: 2 },
  /** Oracle data: the market snapshot (its prices) and the account's health valued at them. */
  oracle: { staleTime: 30 * SECOND, refetchInterval: 30 * SECOND, retry: 2 },
  accountAddresses: { staleTime: 600 * SECOND, retry: 1 },
  account: { staleTime: 120 * SECOND, retry: 2 },
  userBalances: { staleTime: 2 * MINUTE, retry: 2 },
  activity: { staleTime: 5 * MINUTE, maxRetries: 2 },
  /** An account's liquidation record changes only with a liquidation, which lands in activity as well. */
  liquidationRecord: { staleTime: 5 * MINUTE, retry: 2 },
  walletPoints: { staleTime: 10 * MINUTE, retry: 2 },
  globalPoints: { staleTime: 24 * HOUR, retry: 2 },
  /** A market's address lookup tables (the reference's lutData): they change only when the server is set up again. */
  lookupTables: { staleTime: 24 * HOUR, retry: 2 },
  /** A swap flow's plan: its quote moves with the pools, so it is asked again while the user looks at it. */
  swapFlowPlan: { staleTime: 15 * SECOND, refetchInterval: 15 * SECOND },
  bankHistory: { staleTime1d: 900 * SECOND, staleTimeOther: 3_600 * SECOND },
  /** A bank's settled bankruptcies: rare, and each is final once indexed. */
  bankBadDebt: { staleTime: 5 * MINUTE, retry: 2 },
  /**
   * How old an account view the server may still answer with: up to twice its 1 s cache while it revalidates. A read
   * that must see the chain as it is now is made again after this.
   */
  serverViewLagMs: 2_500,
  /** After a position-changing transaction: poll every 2 s, at most 10 times or 20 s. */
  postAction: { intervalMs: 2 * SECOND, attempts: 10, timeoutMs: 20 * SECOND },
} as const;
