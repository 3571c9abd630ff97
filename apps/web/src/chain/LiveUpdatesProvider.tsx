// Keeps the cached chain data live: one websocket to the ledger on the app's own origin (the server joins upgrades at
// the JSON-RPC path to the ledger's websocket), subscribed to what the screens show (queries/live.ts). While the socket
// is down the app keeps the spec's polling; when it comes back, everything it covers is refetched once.
import type { Market } from "@ballast/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSelectedAccount } from "../account/SelectedAccountProvider.js";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { CacheRefresher, LIVE_QUERY_KEYS, MARKET_COALESCE_MS, liveSubscriptions, marketFeedKeys } from "../queries/live.js";
import { useCachedData } from "../queries/cached.js";
import { queryKeys } from "../queries/keys.js";
import { useWallet } from "../wallet/WalletProvider.js";
import { LiveSocket, type LiveSocketOptions } from "./live-socket.js";

/** The websocket URL of the JSON-RPC path on the app's origin. */
export function rpcWebsocketUrl(origin: string, rpcPath: string): string {
  const url = new URL(rpcPath, origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}

export interface LiveUpdates {
  /** Whether notifications are arriving for everything subscribed (else the spec's polling applies). */
  isLive(): boolean;
}

const NOT_LIVE: LiveUpdates = { isLive: () => false };
const LiveContext = createContext<LiveUpdates>(NOT_LIVE);

/** Outside the provider (component tests) nothing is live. */
export function useLiveUpdates(): LiveUpdates {
  return useContext(LiveContext);
}

export function LiveUpdatesProvider({
  children,
  socketOptions,
}: {
  readonly children: ReactNode;
  /** For tests: how the socket is made. */
  readonly socketOptions?: LiveSocketOptions;
}) {
  const client = useQueryClient();
  const { config, market, serverUrl } = useSelectedMarket();
  const { address } = useWallet();
  const { selectedAccount } = useSelectedAccount();
  // The snapshot as the screens loaded it, watched without fetching it: a screen without the market does not load it.
  const snapshot = useCachedData<Market>(queryKeys.market(market.group)) ?? null;
  const [socket, setSocket] = useState<LiveSocket | null>(null);

  const url = rpcWebsocketUrl(serverUrl, config.rpcPath);
  useEffect(() => {
    const live = new LiveSocket(url, socketOptions);
    setSocket(live);
    return () => live.close();
  }, [url, socketOptions]);

  // The wallet's own changes refetch within 50 ms; market changes are gathered over 300 ms.
  const refresher = useMemo(() => new CacheRefresher(client), [client]);
  const marketRefresher = useMemo(() => new CacheRefresher(client, MARKET_COALESCE_MS), [client]);
  useEffect(
    () => () => {
      refresher.dispose();
      marketRefresher.dispose();
    },
    [refresher, marketRefresher],
  );

  useEffect(() => {
    if (!socket) return;
    let missed = false;
    return socket.onStatus((status) => {
      if (status === "down") missed = true;
      else if (status === "live" && missed) {
        missed = false;
        refresher.refresh(LIVE_QUERY_KEYS);
      }
    });
  }, [socket, refresher]);

  // Resubscribe only when what is followed changes, not on every new snapshot of the same banks.
  const feeds = snapshot ? marketFeedKeys(snapshot).join(",") : "";
  const subscriptions = useMemo(
    () =>
      liveSubscriptions({
        programId: config.programId,
        group: market.group,
        feedKeys: feeds === "" ? [] : feeds.split(","),
        wallet: address,
        selectedAccount,
      }),
    [config.programId, market.group, feeds, address, selectedAccount],
  );
  useEffect(() => {
    if (!socket) return;
    const stops = subscriptions.map(({ request, stale, restart, apply, staleWhenGone }) =>
      socket.subscribe(request, (result) => {
        const gone = apply?.(result, client) === "gone";
        (restart ? refresher : marketRefresher).refresh(gone ? (staleWhenGone ?? []) : stale, restart);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [socket, subscriptions, refresher, marketRefresher, client]);

  const value = useMemo<LiveUpdates>(() => ({ isLive: () => socket?.status === "live" }), [socket]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}
