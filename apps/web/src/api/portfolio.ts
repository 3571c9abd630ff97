// An account's value over time and the wallet's accounts across every market.
import type { AccountHistoryRange, AccountHistoryReply, PortfolioReply } from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export type { AccountHistoryPoint, AccountHistoryRange, AccountHistoryReply, PortfolioAccountDto, PortfolioReply } from "@ballast/sdk";

export const ACCOUNT_HISTORY_RANGES: readonly AccountHistoryRange[] = ["1d", "7d", "30d", "all"];

/** With `bank`, the account's position in that bank alone. */
export async function fetchAccountHistory(
  http: Http,
  account: string,
  range: AccountHistoryRange,
  bank?: string,
): Promise<AccountHistoryReply> {
  const response = await http.get(`/api/accounts/${account}/history`, { range, bank });
  if (!response.ok) throw new Error(`Failed to fetch the account's history: ${await serverErrorText(response)}`);
  return (await response.json()) as AccountHistoryReply;
}

/** `minContextSlot`: a slot the page has seen one of the accounts change at; no account view read before it is used. */
export async function fetchPortfolio(http: Http, authority: string, minContextSlot?: number): Promise<PortfolioReply> {
  const response = await http.get("/api/portfolio", { authority, minContextSlot });
  if (!response.ok) throw new Error(`Failed to fetch the portfolio: ${await serverErrorText(response)}`);
  return (await response.json()) as PortfolioReply;
}
