// Activity by wallet or by token, page by page (100 records each, newest first).
import { skipToken, useInfiniteQuery } from "@tanstack/react-query";
import { ActivityFetchError, activityCursor, fetchActivity, type ActivityRecord, type ActivitySubject } from "../api/index.js";
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
