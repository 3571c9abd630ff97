// The swap API the swap flows quote through: our server's Jupiter-compatible quote API, beside the selected market's
// other routes, and the slippage the user chose in the settings.
import { SwapClient, swapApiUrl } from "@ballast/sdk";
import { useMemo } from "react";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { swapSlippageBps } from "../../settings/settings.js";
import { useSettings } from "../../settings/SettingsProvider.js";

/** One client per server: it holds no state beyond its base URL, so it is shared by every screen. */
export function useSwapClient(): SwapClient {
  const { serverUrl } = useSelectedMarket();
  return useMemo(() => new SwapClient(swapApiUrl(serverUrl)), [serverUrl]);
}

/** The user's swap tolerance in basis points (automatic or custom). */
export function useSwapSlippageBps(): number {
  return swapSlippageBps(useSettings().settings);
}
