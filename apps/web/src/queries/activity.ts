// Activity by wallet or by token, page by page (100 records each, newest first), and a liquidated account's record.
import { skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  ActivityFetchError,
  LiquidationRecordFetchError,
  activityCursor,
  fetchActivity,
  fetchLiquidationRecord,
  type ActivityRecord,
  type ActivitySubject,
} from "../api/index.js";
import { useHttp } from "../api/context.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";
import { lastOf } from "@ballast/ledger";

const PAGE_SIZE = 100;

/** Retried up to twice, except on the database's statement timeout (spec §9). */
export function retryActivity(failureCount: number, error: Error): boolean {
  if (error instanceof ActivityFetchError && error.statementTimeout) return false;
  return failureCount < TIMING.activity.maxRetries;
}

export function useActivity(subject: ActivitySubject, address: string | null) {
  const http = useHttp();
  return useInfiniteQuery({
    queryKey: queryKeys.activity(subject, address),
    queryFn: address === null ? skipToken : ({ pageParam }) => fetchActivity(http, subject, address, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ActivityRecord[]) => (last.length === PAGE_SIZE ? activityCursor(lastOf(last)) : undefined),
    staleTime: TIMING.activity.staleTime,
    retry: retryActivity,
  });
}

/** The account's recorded liquidations, newest first (at most four). */
export function useLiquidationRecord(account: string) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.liquidationRecord(account),
    queryFn: () => fetchLiquidationRecord(http, account),
    staleTime: TIMING.liquidationRecord.staleTime,
    // A refusal (a bad address, the rate limit) would only be refused again.
    retry: (failures, error) =>
      failures < TIMING.liquidationRecord.retry && !(error instanceof LiquidationRecordFetchError && error.status < 500),
  });
}
