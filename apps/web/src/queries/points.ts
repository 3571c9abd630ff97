// Points: one wallet's (refetched on mount and focus) and the global standings.
import { skipToken, useQuery } from "@tanstack/react-query";
import { fetchGlobalPoints, fetchWalletPoints } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

export function useWalletPoints(wallet: string | null) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.walletPoints(wallet),
    queryFn: wallet === null ? skipToken : () => fetchWalletPoints(http, wallet),
    staleTime: TIMING.walletPoints.staleTime,
    refetchOnMount: "always",
    refetchOnWindowFocus: "always",
    retry: TIMING.walletPoints.retry,
  });
}

/** `valuation`: the user's estimated token valuation (USD) for the boost, or null. */
export function useGlobalPoints(valuation: string | null = null) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.globalPoints(valuation),
    queryFn: () => fetchGlobalPoints(http, valuation ?? undefined),
    staleTime: TIMING.globalPoints.staleTime,
    retry: TIMING.globalPoints.retry,
  });
}
