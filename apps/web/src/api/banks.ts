// Banks (spec §3 Bank), their historic points, rates and emissions (spec §7), with the spec §8 error messages.
import type { BankDto } from "@ballast/sdk";
import { Http } from "./http.js";

export type BankSource = "db" | "rpc";
export type HistoricPeriod = "1d" | "7d" | "30d" | "all";
export const HISTORIC_PERIODS: readonly HistoricPeriod[] = ["1d", "7d", "30d", "all"];

/** One stored point of a bank (spec §3 Historic bank point); rates and utilization are fractions. */
export interface HistoricBankPoint {
  readonly start_time: number;
  readonly total_deposits: number;
  readonly total_borrows: number;
  readonly deposit_rate: number;
  readonly borrow_rate: number;
  readonly utilization: number;
  readonly usd_price: number | null;
  readonly optimal_utilization_rate: number;
  readonly plateau_interest_rate: number;
  readonly max_interest_rate: number;
  readonly insurance_fee_fixed_apr: number;
  readonly insurance_ir_fee: number;
  readonly protocol_fixed_fee_apr: number;
  readonly protocol_ir_fee: number;
  readonly protocol_origination_fee: number;
  readonly program_fee_rate: number;
  readonly kamino_supply_apy: number | null;
}

/** Rates of one bank as fractions (spec §3 Rates per bank). */
export interface BankRatesDto {
  readonly bankAddress: string;
  readonly mint: string;
  readonly totalLendingRate: number;
  readonly totalBorrowingRate: number;
  readonly lendingRate: number;
  readonly borrowingRate: number;
  readonly lstRate: number;
  readonly emissionsLendingRate: number;
  readonly emissionsBorrowRate: number;
  readonly campaigns: readonly { readonly type: "lending" | "pair"; readonly rate: number; readonly bankAddresses: readonly string[] }[];
  readonly pointsBoost: number | null;
}

export interface BankEmissionsDto {
  readonly bankAddress: string;
  readonly bankMint: string;
  readonly emissionsMint: string;
  /** Reward native units per UI bank token per year. */
  readonly emissionsRate: string;
  readonly emissionsRemaining: string;
  readonly lending: boolean;
  readonly borrowing: boolean;
  readonly apr: number | null;
}

/** GET /api/banks/db (stored) or /api/banks/rpc (live). */
export async function fetchBanks(http: Http, source: BankSource = "db"): Promise<BankDto[]> {
  const response = await http.get(`/api/banks/${source}`);
  if (!response.ok) throw new Error(`Failed to fetch banks: ${response.status} ${response.statusText}`);
  return (await response.json()) as BankDto[];
}

export async function fetchBankHistory(http: Http, bank: string, period: HistoricPeriod): Promise<HistoricBankPoint[]> {
  const response = await http.get(`/api/banks/db/${encodeURIComponent(bank)}/historic/${period}`);
  if (!response.ok) throw new Error("Failed to fetch historic bank data");
  return (await response.json()) as HistoricBankPoint[];
}

/** GET /api/rates, keyed by bank address. */
export async function fetchRates(http: Http): Promise<Record<string, BankRatesDto>> {
  const response = await http.get("/api/rates");
  if (!response.ok) throw new Error(`Failed to fetch venue rates: ${response.statusText}`);
  return (await response.json()) as Record<string, BankRatesDto>;
}

/** GET /api/emissions, keyed by bank address (banks with emissions only). */
export async function fetchEmissions(http: Http): Promise<Record<string, BankEmissionsDto>> {
  const response = await http.get("/api/emissions");
  if (!response.ok) throw new Error(`Failed to fetch emissions rates: ${response.statusText}`);
  return (await response.json()) as Record<string, BankEmissionsDto>;
}
