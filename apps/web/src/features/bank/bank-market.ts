// A bank link opens the bank's own market: `?market=<group>` names it; an older link without it (or naming a market the
// server does not serve) finds the bank's market in the server's bank list.
import { useEffect, useRef } from "react";
import { MARKET_PARAM } from "../../app/routes.js";
import type { MarketInfo } from "../../api/index.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { useBankGroup } from "../../queries/index.js";

/** The served market a bank link's query names, or null. */
export function marketFromSearch(search: string, markets: readonly MarketInfo[]): string | null {
  const group = new URLSearchParams(search).get(MARKET_PARAM);
  return markets.some((m) => m.group === group) ? group : null;
}

/**
 * Selects the market of the bank at `address` once per link; true while that market is still to be selected (the
 * page waits rather than saying the bank is not in the selected market). Choosing another market afterwards is kept.
 */
export function useBankMarket(address: string, search: string): boolean {
  const { markets, market, setMarket } = useSelectedMarket();
  const named = marketFromSearch(search, markets);
  const looked = useBankGroup(address, named === null);
  const target = named ?? looked;
  const link = `${address}?${search}`;
  const applied = useRef<string | null>(null);
  const due = applied.current !== link;
  useEffect(() => {
    if (!due || target === undefined) return;
    applied.current = link;
    if (target !== null && target !== market.group) setMarket(target);
  }, [due, target, link, market.group, setMarket]);
  return due && (target === undefined || (target !== null && target !== market.group));
}
