// Prices and chain timing: oracle feeds (refetched every 30 s), token prices, slot duration, Kamino states.
import { useQuery } from "@tanstack/react-query";
import { fetchKaminoStates, fetchOracleData, fetchSlotDuration, fetchTokenPrices, type KaminoBankKeys } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

export function useOracleData(pythKeys: readonly string[], switchboardKeys: readonly string[]) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.oracleData(pythKeys, switchboardKeys),
    queryFn: () => fetchOracleData(http, pythKeys, switchboardKeys),
    enabled: pythKeys.length + switchboardKeys.length > 0,
    staleTime: TIMING.oracle.staleTime,
    refetchInterval: TIMING.oracle.refetchInterval,
    retry: TIMING.oracle.retry,
  });
}

export function useTokenPrices(mints: readonly string[]) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.tokenPrices(mints),
    queryFn: () => fetchTokenPrices(http, mints),
    enabled: mints.length > 0,
    staleTime: TIMING.oracle.staleTime,
    refetchInterval: TIMING.oracle.refetchInterval,
  });
}

/** The median slot duration in ms; 450 ms stands in until the first answer. */
export function useSlotDuration() {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.slotDuration(),
    queryFn: () => fetchSlotDuration(http),
    staleTime: TIMING.slotDuration.staleTime,
    gcTime: TIMING.slotDuration.gcTime,
    placeholderData: TIMING.slotDuration.placeholderMs,
    retry: TIMING.slotDuration.retry,
  });
}

export function useKaminoStates(banks: readonly KaminoBankKeys[]) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.kaminoStates(banks.map((b) => b.bank)),
    queryFn: () => fetchKaminoStates(http, banks),
    enabled: banks.length > 0,
    staleTime: TIMING.kamino.staleTime,
    retry: TIMING.kamino.retry,
  });
}
