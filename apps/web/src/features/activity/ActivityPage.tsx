// Activity: the connected wallet's lending history, or a token's, with amounts in the token's decimals and valued at
// its current price from the market snapshot.
import { isKaminoBank, midPrice, toNumber } from "@ballast/sdk";
import { useMemo } from "react";
import { useAppConfig } from "../../market/MarketProvider.js";
import { useMarket } from "../../queries/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { PROVIDER_KAMINO } from "../markets/bank-rows.js";
import { ActivityView, type MarketToken } from "./ActivityView.js";

export default function ActivityPage() {
  const { address } = useWallet();
  const market = useMarket();
  const config = useAppConfig();
  const tokens = useMemo<MarketToken[]>(() => {
    const byMint = new Map<string, MarketToken>();
    for (const priced of market.data?.banks.values() ?? []) {
      const mint = priced.bank.mint;
      if (byMint.has(mint)) continue;
      const price = midPrice(priced.price);
      const symbol = config.tokens.find((t) => t.mint === mint)?.symbol ?? `${mint.slice(0, 4)}…`;
      byMint.set(mint, { mint, symbol, decimals: priced.decimals, price: price === null ? null : toNumber(price) });
    }
    return [...byMint.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
  }, [market.data, config.tokens]);
  const providers = useMemo(
    () =>
      new Map(
        [...(market.data?.banks.values() ?? [])]
          .filter((priced) => isKaminoBank(priced.bank))
          .map((priced) => [priced.address, PROVIDER_KAMINO]),
      ),
    [market.data],
  );

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Activity</h1>
      <ActivityView key={address ?? "none"} wallet={address} tokens={tokens} providers={providers} />
    </div>
  );
}
