import { QueryClient } from "@tanstack/react-query";

/**
 * One client for the app; hooks set their own stale times (spec §9), the rest retries twice. Mutations (transactions,
 * faucet, labels) run whatever the browser's online flag says, as a plain request would: a failure is reported, never
 * parked until the browser thinks it is back online.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: true }, mutations: { networkMode: "always" } },
  });
}
