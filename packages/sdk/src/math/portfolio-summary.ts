// A wallet's accounts across markets summed up: each account's deposits, debt and value from its positions' USD
// values, each market's value, the total, and the account with the lowest health factor.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";

/** What the summary reads of an account view (POST /api/account-info's shape). */
export interface SummarizedAccount {
  readonly address: string;
  readonly positions: readonly { readonly usdValue: string | null; readonly isLending: boolean }[];
  readonly health: { readonly factor: string; readonly liquidationRisk: boolean };
}

export interface AccountSummary {
  readonly address: string;
  readonly deposits: I80F48;
  readonly debt: I80F48;
  readonly value: I80F48;
  readonly healthFactor: I80F48;
  readonly liquidationRisk: boolean;
}

export interface MarketSummary<M> {
  readonly market: M;
  readonly accounts: readonly AccountSummary[];
  readonly value: I80F48;
}

export interface PortfolioSummary<M> {
  readonly markets: readonly MarketSummary<M>[];
  readonly totalValue: I80F48;
  readonly worstHealth: { readonly market: M; readonly account: AccountSummary } | null;
}

/** Positions without a price count for nothing (their value is unknown, as in the positions table). */
export function accountSummary(account: SummarizedAccount): AccountSummary {
  let deposits = fx.ZERO;
  let debt = fx.ZERO;
  for (const position of account.positions) {
    if (position.usdValue === null) continue;
    const usd = fx.fromDecimal(position.usdValue);
    if (position.isLending) deposits = fx.add(deposits, usd);
    else debt = fx.add(debt, usd);
  }
  return {
    address: account.address,
    deposits,
    debt,
    value: fx.sub(deposits, debt),
    healthFactor: fx.fromDecimal(account.health.factor),
    liquidationRisk: account.health.liquidationRisk,
  };
}

export function portfolioSummary<M>(
  markets: readonly { readonly market: M; readonly accounts: readonly SummarizedAccount[] }[],
): PortfolioSummary<M> {
  let totalValue = fx.ZERO;
  let worstHealth: PortfolioSummary<M>["worstHealth"] = null;
  const summaries = markets.map(({ market, accounts }) => {
    const summarized = accounts.map(accountSummary);
    let value = fx.ZERO;
    for (const account of summarized) {
      value = fx.add(value, account.value);
      if (worstHealth === null || fx.cmp(account.healthFactor, worstHealth.account.healthFactor) < 0) worstHealth = { market, account };
    }
    totalValue = fx.add(totalValue, value);
    return { market, accounts: summarized, value };
  });
  return { markets: summaries, totalValue, worstHealth };
}
