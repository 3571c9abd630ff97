// Banks (spec §3 Bank), their historic points, rates and emissions (spec §7), with the spec §8 error messages.
import type {
  BankDto,
  BankEmissionsDto,
  BankRatesDto,
  BankSource,
  BanksReply,
  EmissionsReply,
  HistoricBankPoint,
  HistoricPeriod,
  RatesReply,
} from "@ballast/sdk";
import { Http } from "./http.js";

export type { BankEmissionsDto, BankRatesDto, BankSource, HistoricBankPoint, HistoricPeriod } from "@ballast/sdk";

export const HISTORIC_PERIODS: readonly HistoricPeriod[] = ["1d", "7d", "30d", "all"];

/** GET /api/banks/db (stored) or /api/banks/rpc (live). */
export async function fetchBanks(http: Http, source: BankSource = "db"): Promise<BankDto[]> {
  const response = await http.get(`/api/banks/${source}`);
  if (!response.ok) throw new Error(`Failed to fetch banks: ${response.status} ${response.statusText}`);
  return (await response.json()) as BanksReply;
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
  return (await response.json()) as RatesReply;
}

/** GET /api/emissions, keyed by bank address (banks with emissions only). */
export async function fetchEmissions(http: Http): Promise<Record<string, BankEmissionsDto>> {
  const response = await http.get("/api/emissions");
  if (!response.ok) throw new Error(`Failed to fetch emissions rates: ${response.statusText}`);
  return (await response.json()) as EmissionsReply;
}
