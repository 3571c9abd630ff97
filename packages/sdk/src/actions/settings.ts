// Broadcast settings as the user picks them (method, priority tier, manual cap, bundle tip) turned into the send
// flow's: a tier's price or tip comes from the app server when one is configured, else from the built-in fallbacks.
import {
  DEFAULT_EXECUTION_STRATEGY,
  fallbackBundleTips,
  fetchPriorityFees,
  priorityFeeTiers,
  resolveBroadcastRoute,
  type BroadcastRoute,
  type BroadcastType,
  type ExecutionStrategy,
  type FeeSource,
  type PriorityTier,
  type TierValues,
  type TransactionSettings,
} from "../transactions/index.js";

export interface BroadcastSettings {
  /** Default "RPC". */
  method?: BroadcastType;
  /** Default "NORMAL". */
  priorityTier?: PriorityTier;
  /** The user's manual cap on each transaction's priority fee, in SOL; 0 or none leaves only the 0.1 SOL cap. */
  maxCapSol?: number;
  /** µlamports per compute unit, instead of the tier's price. */
  priorityFeeMicroLamports?: number;
  /** Lamports, instead of the tier's tip. */
  bundleTipLamports?: number;
}

/** The routes `method` can take under the strategy, whatever the number of transactions. */
export function possibleRoutes(method: BroadcastType, strategy: ExecutionStrategy = DEFAULT_EXECUTION_STRATEGY): Set<BroadcastRoute> {
  return new Set([resolveBroadcastRoute(method, 1, strategy), resolveBroadcastRoute(method, 2, strategy)]);
}

async function tierValues(source: FeeSource, serverUrl: string | undefined): Promise<TierValues> {
  if (serverUrl) return (await fetchPriorityFees(serverUrl, source)).fees;
  return source === "rpc" ? priorityFeeTiers() : fallbackBundleTips();
}

/** Looks up only what a route the method can take uses: the price for RPC, the tip for a bundle. */
export async function transactionSettings(
  settings: BroadcastSettings = {},
  serverUrl?: string,
  strategy?: ExecutionStrategy,
): Promise<Partial<TransactionSettings>> {
  const method = settings.method ?? "RPC";
  const tier = settings.priorityTier ?? "NORMAL";
  const routes = possibleRoutes(method, strategy);
  const resolved: Partial<TransactionSettings> = { broadcastType: method, maxCapSol: settings.maxCapSol ?? 0 };
  if (routes.has("RPC"))
    resolved.priorityFeeMicroLamports = settings.priorityFeeMicroLamports ?? (await tierValues("rpc", serverUrl))[tier];
  if (routes.has("BUNDLE")) resolved.bundleTipLamports = settings.bundleTipLamports ?? (await tierValues("bundle", serverUrl))[tier];
  return resolved;
}
