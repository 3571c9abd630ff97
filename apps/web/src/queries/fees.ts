// Priority fee tiers (µlamports per CU) or bundle tip tiers (lamports), with the SDK's fallback on failure.
import { useQuery } from "@tanstack/react-query";
import { fetchFees } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

export function usePriorityFees(source: "rpc" | "bundle") {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.priorityFees(source),
    queryFn: () => fetchFees(http, source),
    staleTime: TIMING.oracle.staleTime,
  });
}
