// Post-action refresh (spec §4): poll every 2 s, at most 10 times or 20 s, until the wallet's accounts, account data
// or balances differ from before the transaction (the market snapshot read alongside), then refetch everything the
// action may have changed. With live updates the notifications carry the change, so everything is refetched at once
// and the polling is the fallback for when the socket is down. A failed send refetches too: it often failed because
// what the screen showed was stale.
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLiveUpdates } from "../chain/LiveUpdatesProvider.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

const USER_KEYS: readonly QueryKey[] = [queryKeys.allAccountAddresses(), queryKeys.allAccounts(), queryKeys.allUserBalances()];
const MARKET: QueryKey = queryKeys.allMarkets();
const MARKET_KEYS: readonly QueryKey[] = [
  MARKET,
  queryKeys.allBanks(),
  queryKeys.allActivity(),
  queryKeys.allWalletPoints(),
  queryKeys.allAccountLabels(),
];

function snapshot(client: QueryClient): string {
  const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);
  return JSON.stringify(
    USER_KEYS.map((key) => client.getQueriesData({ queryKey: key })),
    replacer,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PollTiming {
  readonly intervalMs: number;
  readonly attempts: number;
  readonly timeoutMs: number;
}

/** Refetches everything an action may have changed, now. */
function refetchAll(client: QueryClient): Promise<void> {
  return Promise.all([...USER_KEYS, ...MARKET_KEYS].map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

export async function refreshAfterAction(client: QueryClient, timing: PollTiming = TIMING.postAction, live = false): Promise<void> {
  if (live) return refetchAll(client);
  const before = snapshot(client);
  const started = Date.now();
  for (let attempt = 0; attempt < timing.attempts && Date.now() - started < timing.timeoutMs; attempt++) {
    await sleep(timing.intervalMs);
    // The market (share values, the chain's clock) comes with them: new shares shown at the old share values read a
    // hair off what was deposited or repaid until the market caught up.
    await Promise.all([...USER_KEYS, MARKET].map((queryKey) => client.refetchQueries({ queryKey, type: "active" })));
    if (snapshot(client) !== before) break;
  }
  await refetchAll(client);
}

/**
 * After a failed send: what the action was built from is refetched, so the screen shows why it failed; and once more
 * past the server's revalidating cache, whose first answer may predate what made the send fail.
 */
export async function refreshAfterFailure(client: QueryClient, serverViewLagMs: number = TIMING.serverViewLagMs): Promise<void> {
  await refetchAll(client);
  await sleep(serverViewLagMs);
  await refetchAll(client);
}

/** Call after a confirmed position-changing transaction; resolves when the refreshed data is in. */
export function useRefreshAfterAction(): () => Promise<void> {
  const client = useQueryClient();
  const live = useLiveUpdates();
  return useCallback(() => refreshAfterAction(client, TIMING.postAction, live.isLive()), [client, live]);
}
