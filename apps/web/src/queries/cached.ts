// Watching a query's cached data without observing the query. An observer, even a disabled one (skipToken), hands its
// options to the query, and a refetch started by an invalidation would then run without the screen's loader
// ("Missing queryFn"). A cache subscription reads the data and leaves the query to the screens that load it.
import { hashKey, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";

export function useCachedData<T>(queryKey: QueryKey): T | undefined {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [client, hash],
  );
  const read = useCallback(() => client.getQueryCache().get<T>(hash)?.state.data, [client, hash]);
  return useSyncExternalStore(subscribe, read);
}
