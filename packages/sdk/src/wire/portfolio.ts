// An account's history (GET /api/accounts/:address/history) and a wallet's accounts across every market
// (GET /api/portfolio).

export type AccountHistoryRange = "1d" | "7d" | "30d" | "all";

/** The account at one historic bank snapshot, in USD (display numbers of the SDK's I80F48 values). */
export interface AccountHistoryPoint {
  /** Unix seconds the snapshot was read. */
  readonly time: number;
  /** Deposits minus debt. */
  readonly value: number;
  readonly deposits: number;
  readonly debt: number;
}

export interface AccountHistoryReply {
  readonly account: string;
  readonly range: AccountHistoryRange;
  /** Oldest first, at most 200 evenly spread over the range. */
  readonly points: AccountHistoryPoint[];
  /** USD earned (negative: paid) from the first point to the last, net of deposits, withdrawals, borrows and repays; null with fewer than two points. */
  readonly interestEarned: number | null;
}

/** One margin account in the cross-market summary; USD and the health factor as exact decimal strings. */
export interface PortfolioAccountDto {
  readonly address: string;
  readonly deposits: string;
  readonly debt: string;
  readonly value: string;
  /** Maintenance health factor (1 without debt). */
  readonly healthFactor: string;
  readonly liquidationRisk: boolean;
}

export interface PortfolioMarketDto {
  readonly group: string;
  readonly name: string;
  /** In opening order. */
  readonly accounts: PortfolioAccountDto[];
  /** Sum of the accounts' values. */
  readonly value: string;
}

export interface PortfolioReply {
  readonly authority: string;
  /** Every market the server serves, in its order, the wallet's accounts in each (none: an empty list). */
  readonly markets: PortfolioMarketDto[];
  readonly totalValue: string;
  /** The account with the lowest health factor, null without accounts. */
  readonly worstHealth: { readonly account: string; readonly group: string; readonly healthFactor: string } | null;
}
