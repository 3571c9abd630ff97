// Banks: the DTO list from the server, the SDK market snapshot the math runs on, and the banks' history. Rates,
// emissions, oracle prices and Kamino reserve states are read from the chain by the SDK as part of the market, so the
// server's copies of them (spec §7) have no hook.
import { fetchKaminoFarmRewards, loadMarket, type BankDto, type FarmRewardApr, type Market } from "@ballast/sdk";
import { lastOf } from "@ballast/ledger";
import { skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  BadDebtFetchError,
  badDebtCursor,
  fetchBankBadDebt,
  fetchBankHistory,
  fetchBanks,
  type BadDebtSettlement,
  type HistoricPeriod,
} from "../api/index.js";
import { useHttp } from "../api/context.js";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

/** Every bank the server lists (GET /api/banks/db or /rpc, by the bank-source setting). */
function useBanks() {
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
 * The market (group) of a bank of any market the server lists: undefined while the list loads, null when it does not
 * hold the bank or cannot be loaded.
 */
export function useBankGroup(address: string, enabled: boolean): string | null | undefined {
  const banks = useBanks();
  if (!enabled) return null;
  if (banks.isPending) return undefined;
  return banks.data?.find((b) => b.bank_address === address)?.group_address ?? null;
}

/**
 * The selected market loaded by the SDK over the ledger's JSON-RPC: group, banks and prices at one clock, what every
 * price, rate, total, health and max amount is computed from. It carries the oracle prices, so it keeps the spec's
 * oracle timing (stale after 30 s, refetched every 30 s) rather than the bank list's 120 s; live updates refetch it
 * within a second of a bank or feed changing.
 */
export function useMarket() {
  const { market, config, connection } = useSelectedMarket();
  return useQuery<Market>({
    queryKey: queryKeys.market(market.group),
    queryFn: () => loadMarket(connection, { programId: config.programId, group: market.group }),
    staleTime: TIMING.oracle.staleTime,
    refetchInterval: TIMING.oracle.refetchInterval,
    retry: TIMING.oracle.retry,
    structuralSharing: false,
  });
}

/**
 * The reward APRs of the collateral farm of a Kamino bank's reserve, read by the SDK beside the market it prices them
 * with; empty for other banks and reserves without a farm.
 */
export function useKaminoFarmRewards(bank: string, isKamino: boolean) {
  const { market: selected, connection } = useSelectedMarket();
  const market = useMarket();
  const snapshot = market.data;
  return useQuery<FarmRewardApr[]>({
    queryKey: queryKeys.kaminoFarmRewards(selected.group, bank),
    queryFn: snapshot && isKamino ? () => fetchKaminoFarmRewards(connection, snapshot, bank) : skipToken,
    staleTime: TIMING.oracle.staleTime,
    retry: TIMING.oracle.retry,
  });
}

export function useBankHistory(bank: string | null, period: HistoricPeriod) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.bankHistory(bank, period),
    queryFn: bank === null ? skipToken : () => fetchBankHistory(http, bank, period),
    staleTime: period === "1d" ? TIMING.bankHistory.staleTime1d : TIMING.bankHistory.staleTimeOther,
  });
}

const BAD_DEBT_PAGE_SIZE = 100;

/** The bank's settled bankruptcies, newest first, page by page (100 each). */
export function useBankBadDebt(bank: string) {
  const http = useHttp();
  return useInfiniteQuery({
    queryKey: queryKeys.bankBadDebt(bank),
    queryFn: ({ pageParam }) => fetchBankBadDebt(http, bank, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: BadDebtSettlement[]) => (last.length === BAD_DEBT_PAGE_SIZE ? badDebtCursor(lastOf(last)) : undefined),
    staleTime: TIMING.bankBadDebt.staleTime,
    // A refusal (a bad address, the rate limit) would only be refused again.
    retry: (failures, error) => failures < TIMING.bankBadDebt.retry && !(error instanceof BadDebtFetchError && error.status < 500),
  });
}
