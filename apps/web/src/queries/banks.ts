// Banks and rates: the DTO list from the server, the SDK market snapshot the math runs on, history, rates, emissions.
import { loadMarket, type BankDto, type Market } from "@ballast/sdk";
import { useQuery } from "@tanstack/react-query";
import { fetchBankHistory, fetchBanks, fetchEmissions, fetchRates, type HistoricPeriod } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

/** Every bank the server lists (GET /api/banks/db or /rpc, by the bank-source setting). */
export function useBanks() {
  const http = useHttp();
  const { settings } = useSettings();
  return useQuery({
    queryKey: queryKeys.banks(settings.bankSource),
    queryFn: () => fetchBanks(http, settings.bankSource),
    staleTime: TIMING.banks.staleTime,
    retry: TIMING.banks.retry,
  });
}

/** The selected market's bank DTOs. */
export function useMarketBanks() {
  const { market } = useSelectedMarket();
  const banks = useBanks();
  const data: BankDto[] | undefined = banks.data?.filter((b) => b.group_address === market.group);
  return { ...banks, data };
}

/**
 * The selected market loaded by the SDK over the ledger's JSON-RPC: group, banks and prices at one clock, what every
 * rate, total, health and max amount is computed from.
 */
export function useMarket() {
  const { market, config, connection } = useSelectedMarket();
  return useQuery<Market>({
    queryKey: queryKeys.market(market.group),
    queryFn: () => loadMarket(connection, { programId: config.programId, group: market.group }),
    staleTime: TIMING.banks.staleTime,
    retry: TIMING.banks.retry,
    structuralSharing: false,
  });
}

export function useBankHistory(bank: string | null, period: HistoricPeriod) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.bankHistory(bank ?? "", period),
    queryFn: () => fetchBankHistory(http, bank!, period),
    enabled: bank !== null,
    staleTime: period === "1d" ? TIMING.bankHistory.staleTime1d : TIMING.bankHistory.staleTimeOther,
  });
}

export function useRates() {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.rates(),
    queryFn: () => fetchRates(http),
    staleTime: TIMING.ratesAndEmissions.staleTime,
    retry: TIMING.ratesAndEmissions.retry,
  });
}

export function useEmissions() {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.emissions(),
    queryFn: () => fetchEmissions(http),
    staleTime: TIMING.ratesAndEmissions.staleTime,
    retry: TIMING.ratesAndEmissions.retry,
  });
}
