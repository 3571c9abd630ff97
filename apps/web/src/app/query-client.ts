import { QueryClient } from "@tanstack/react-query";

/** One client for the app; hooks set their own stale times (spec §9), the rest retries twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true } } });
}
