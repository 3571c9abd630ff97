// The selected lending market (one of the server's configured groups), the app config it comes from, and the
// connection to the ledger's JSON-RPC on the app's origin.
import type { Connection } from "@solana/web3.js";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { AppConfig, MarketInfo } from "../api/index.js";
import { createConnection } from "../chain/connection.js";
import { readStored, writeStored } from "../storage.js";

const MARKET_KEY = "ballast:market";

interface MarketContextValue {
  readonly config: AppConfig;
  readonly markets: readonly MarketInfo[];
  readonly market: MarketInfo;
  readonly setMarket: (group: string) => void;
  readonly connection: Connection;
  /** The app server's origin, for the SDK's server calls (priority fees, transaction routes). */
  readonly serverUrl: string;
}

const MarketContext = createContext<MarketContextValue | null>(null);

/** The market shown when none is remembered: the server's main market, else the first. */
function defaultMarket(markets: readonly MarketInfo[]): MarketInfo {
  const market = markets.find((m) => m.main) ?? markets[0];
  if (!market) throw new Error("The server configures no market");
  return market;
}

export function MarketProvider({
  config,
  origin,
  children,
}: {
  readonly config: AppConfig;
  readonly origin: string;
  readonly children: ReactNode;
}) {
  const [group, setGroup] = useState<string | null>(() => readStored(MARKET_KEY));
  const market = config.markets.find((m) => m.group === group) ?? defaultMarket(config.markets);
  const connection = useMemo(() => createConnection(origin, config.rpcPath), [origin, config.rpcPath]);
  const setMarket = useCallback((next: string) => {
    writeStored(MARKET_KEY, next);
    setGroup(next);
  }, []);
  const value = useMemo(
    () => ({ config, markets: config.markets, market, setMarket, connection, serverUrl: origin }),
    [config, market, setMarket, connection, origin],
  );
  return <MarketContext.Provider value={value}>{children}</MarketContext.Provider>;
}

export function useSelectedMarket(): MarketContextValue {
  const value = useContext(MarketContext);
  if (!value) throw new Error("useSelectedMarket must be under MarketProvider");
  return value;
}

/** App config (from the server, loaded before the app renders). */
export function useAppConfig(): AppConfig {
  return useSelectedMarket().config;
}
