// A wallet's margin accounts, one account's state and health, and a wallet's token balances (spec §7).
import type {
  AccountAddressesQuery,
  AccountAddressesReply,
  AccountDto,
  AccountInfoRequest,
  BalanceToken,
  UserBalanceReply,
  UserBalanceRequest,
} from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export type { AccountDto, BalanceDto, BalanceToken, HealthCacheDto, PositionDto } from "@ballast/sdk";

/** The wallet's margin accounts in the market's group (the server's main market when `group` is not given). */
export async function fetchAccountAddresses(http: Http, authority: string, group?: string): Promise<string[]> {
  const response = await http.get("/api/account-addresses", { authority, group } satisfies AccountAddressesQuery);
  if (!response.ok) throw new Error(`Failed to fetch account addresses: ${await serverErrorText(response)}`);
  return ((await response.json()) as AccountAddressesReply).ballastAccounts;
}

/** `minContextSlot`: a slot the page has seen the account at; the server answers with no view read before it. */
export async function fetchAccount(http: Http, accountKey: string, authorityKey: string, minContextSlot?: number): Promise<AccountDto> {
  const response = await http.post("/api/account-info", { accountKey, authorityKey, minContextSlot } satisfies AccountInfoRequest);
  if (response.status === 404) throw new Error("Account not found");
  if (!response.ok) throw new Error(`Failed to fetch account: ${await serverErrorText(response)}`);
  return (await response.json()) as AccountDto;
}

/** Native SOL (in SOL) and the associated token accounts of `tokens`. */
export async function fetchUserBalances(http: Http, address: string, tokens: readonly BalanceToken[]): Promise<UserBalanceReply> {
  const response = await http.post("/api/user-balance", { address, tokens } satisfies UserBalanceRequest);
  if (!response.ok) throw new Error(`Failed to fetch user balances: ${await serverErrorText(response)}`);
  return (await response.json()) as UserBalanceReply;
}
