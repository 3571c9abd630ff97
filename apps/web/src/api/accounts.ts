// A wallet's margin accounts, one account's state and health, and a wallet's token balances (spec §7).
import type { WalletBalances } from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export interface BalanceDto {
  readonly bankPk: string;
  readonly active: boolean;
  /** I80F48 values as exact decimal strings. */
  readonly assetShares: string;
  readonly liabilityShares: string;
  readonly emissionsOutstanding: string;
  readonly lastUpdate: number;
}

export interface HealthCacheDto {
  readonly assetValue: string;
  readonly liabilityValue: string;
  readonly assetValueMaint: string;
  readonly liabilityValueMaint: string;
  readonly assetValueEquity: string;
  readonly liabilityValueEquity: string;
  readonly timestamp: number;
  readonly flags: number;
  readonly prices: readonly number[];
  readonly mrgnErr: number;
  readonly internalErr: number;
  readonly internalLiqErr: number;
  readonly internalBankruptcyErr: number;
  /** 0 on-chain (simulated pulse), 2 computed locally as a fallback (spec §4). */
  readonly simulationStatus: number;
  readonly simulationError: { readonly message: string; readonly mrgnErr: number | null; readonly internalErr: number | null } | null;
}

export interface PositionDto {
  readonly bank: string;
  /** Tokens (UI units), exact decimal. */
  readonly amount: string;
  readonly usdValue: string | null;
  readonly isLending: boolean;
  readonly isDust: boolean;
  readonly liquidationPrice: string | null;
}

/** POST /api/account-info's reply. */
export interface AccountDto {
  readonly address: string;
  readonly group: string;
  readonly authority: string;
  readonly balances: readonly BalanceDto[];
  readonly accountFlags: string;
  readonly disabled: boolean;
  readonly inFlashloan: boolean;
  readonly transferAuthorityAllowed: boolean;
  readonly emissionsDestinationAccount: string;
  readonly lastUpdate: number;
  readonly healthCache: HealthCacheDto;
  /** Maintenance health factor, its bar (0–100), free collateral (USD), as decimal strings. */
  readonly health: { readonly factor: string; readonly bar: string; readonly freeCollateral: string; readonly liquidationRisk: boolean };
  readonly positions: readonly PositionDto[];
}

export interface BalanceToken {
  readonly mint: string;
  readonly tokenProgram: string;
  readonly decimal: number;
}

/** The wallet's margin accounts in the market's group (the server's main market when `group` is not given). */
export async function fetchAccountAddresses(http: Http, authority: string, group?: string): Promise<string[]> {
  const response = await http.get("/api/account-addresses", { authority, group });
  if (!response.ok) throw new Error(`Failed to fetch account addresses: ${await serverErrorText(response)}`);
  return ((await response.json()) as { ballastAccounts: string[] }).ballastAccounts;
}

export async function fetchAccount(http: Http, accountKey: string, authorityKey: string): Promise<AccountDto> {
  const response = await http.post("/api/account-info", { accountKey, authorityKey });
  if (response.status === 404) throw new Error("Account not found");
  if (!response.ok) throw new Error(`Failed to fetch account: ${await serverErrorText(response)}`);
  return (await response.json()) as AccountDto;
}

/** Native SOL (in SOL) and the associated token accounts of `tokens`. */
export async function fetchUserBalances(http: Http, address: string, tokens: readonly BalanceToken[]): Promise<WalletBalances> {
  const response = await http.post("/api/user-balance", { address, tokens });
  if (!response.ok) throw new Error(`Failed to fetch user balances: ${await serverErrorText(response)}`);
  return (await response.json()) as WalletBalances;
}
