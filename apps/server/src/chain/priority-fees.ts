// Fee tiers for the client: compute-unit prices from the ledger's recent prioritization fees, and bundle tips from
// the tips recently paid to the block engine's tip accounts. The SDK turns the observations into tiers; both are
// cached, so the routes cost the ledger little however often clients ask.
import { LAMPORTS_PER_SOL, type Connection, type VersionedTransactionResponse } from "@solana/web3.js";
import {
  FALLBACK_PRIORITY_FEE_STATS,
  TIP_ACCOUNTS,
  errorMessage,
  fallbackBundleTips,
  priorityFeeTiers,
  type BundleTipsReply,
  type PriorityFeeStats,
  type PriorityFeesReply,
  type RecentFeeStats,
  type RecentTipStats,
  type TierValues,
} from "@ballast/sdk";
import { upstreamError } from "../errors.js";
import { ttlCache } from "./cache.js";
import { elementAt } from "@ballast/ledger";
import { sortedMedian } from "../lists.js";

/** No tier is priced under 50 µlamports per compute unit (the SDK's fallback minimum), however idle the ledger. */
export const PRIORITY_FEE_FLOOR = FALLBACK_PRIORITY_FEE_STATS.min;
export const RPC_FEES_CACHE_MS = 10_000;
/** Tips take a dozen ledger calls to sample, and move slowly. */
export const BUNDLE_TIPS_CACHE_MS = 30_000;
/** Recent signatures read per tip account, and the most recent tipping transactions sampled over all of them. */
export const TIP_SIGNATURES_PER_ACCOUNT = 25;
export const TIP_SAMPLE_SIZE = 50;
/** The tip tiers scale the 75th percentile of recent tips. */
export const TIP_PERCENTILE = 0.75;

/** Nearest-rank percentile of a non-empty list. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return elementAt(sorted, Math.max(Math.ceil(fraction * sorted.length) - 1, 0));
}

/** min, max, floored mean and median (the floored mean of the middle two for an even count); null for none. */
export function feeStats(prices: readonly number[]): RecentFeeStats | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const median = sortedMedian(sorted, (lower, upper) => Math.floor((lower + upper) / 2));
  const sum = sorted.reduce((total, price) => total + price, 0);
  return {
    slots: sorted.length,
    min: elementAt(sorted, 0),
    max: elementAt(sorted, sorted.length - 1),
    mean: Math.floor(sum / sorted.length),
    median,
  };
}

/** The SDK's tiers over the observed prices, each at least the floor (all at the floor when nothing was observed). */
export function priceTiers(stats: PriorityFeeStats | null): TierValues {
  const tiers = priorityFeeTiers(
    stats ?? { min: PRIORITY_FEE_FLOOR, max: PRIORITY_FEE_FLOOR, median: PRIORITY_FEE_FLOOR, mean: PRIORITY_FEE_FLOOR },
  );
  return {
    NORMAL: Math.max(tiers.NORMAL, PRIORITY_FEE_FLOOR),
    HIGH: Math.max(tiers.HIGH, PRIORITY_FEE_FLOOR),
    ULTRA: Math.max(tiers.ULTRA, PRIORITY_FEE_FLOOR),
  };
}

const TIP_ADDRESSES = new Set(TIP_ACCOUNTS.map((key) => key.toBase58()));

/** Lamports a successful transaction moved into the tip accounts (0 for a failed one). */
export function tipOf(transaction: VersionedTransactionResponse): number {
  const meta = transaction.meta;
  if (!meta || meta.err !== null) return 0;
  const keys = transaction.transaction.message.getAccountKeys({ accountKeysFromLookups: meta.loadedAddresses });
  let tip = 0;
  for (let i = 0; i < keys.length; i++) {
    if (TIP_ADDRESSES.has(keys.get(i)!.toBase58())) tip += Math.max(elementAt(meta.postBalances, i) - elementAt(meta.preBalances, i), 0);
  }
  return tip;
}

/** The tiers from the 75th percentile tip through the SDK (0.8, 1.2 and 1.5 times it, clamped); its fallback with none. */
export function tipTiers(stats: RecentTipStats | null): TierValues {
  return stats === null ? fallbackBundleTips() : fallbackBundleTips(stats.p75 / LAMPORTS_PER_SOL);
}

export interface PriorityFeeService {
  rpc(): Promise<PriorityFeesReply>;
  bundle(): Promise<BundleTipsReply>;
}

/** `now` gives unix seconds: it stamps the replies and ages the caches. */
export function priorityFeeService(connection: Connection, now: () => number): PriorityFeeService {
  const clockMs = () => now() * 1000;
  const ledgerFailure = (error: unknown) =>
    upstreamError(`Failed to read recent fees from the ledger: ${errorMessage(error) ?? "unknown error"}`);

  const rpc = ttlCache(
    RPC_FEES_CACHE_MS,
    async (): Promise<PriorityFeesReply> => {
      let recent;
      try {
        recent = await connection.getRecentPrioritizationFees();
      } catch (error) {
        throw ledgerFailure(error);
      }
      // A zero says only that nothing priced landed in the slot, not what competing payers bid.
      const stats = feeStats(recent.map((f) => f.prioritizationFee).filter((price) => price > 0));
      return { success: true, timestamp: now(), source: "rpc", fees: priceTiers(stats), stats };
    },
    clockMs,
  );

  const bundle = ttlCache(
    BUNDLE_TIPS_CACHE_MS,
    async (): Promise<BundleTipsReply> => {
      let tips: number[];
      try {
        const lists = await Promise.all(
          TIP_ACCOUNTS.map((account) => connection.getSignaturesForAddress(account, { limit: TIP_SIGNATURES_PER_ACCOUNT }, "confirmed")),
        );
        const latest = new Map(
          lists
            .flat()
            .filter((s) => s.err === null)
            .map((s) => [s.signature, s.slot] as const),
        );
        const sample = [...latest].sort((a, b) => b[1] - a[1]).slice(0, TIP_SAMPLE_SIZE);
        const transactions =
          sample.length === 0
            ? []
            : await connection.getTransactions(
                sample.map(([signature]) => signature),
                { commitment: "confirmed", maxSupportedTransactionVersion: 0 },
              );
        tips = transactions.map((tx) => (tx ? tipOf(tx) : 0)).filter((tip) => tip > 0);
      } catch (error) {
        throw ledgerFailure(error);
      }
      const stats = tips.length === 0 ? null : { tips: tips.length, p75: percentile(tips, TIP_PERCENTILE) };
      return { success: true, timestamp: now(), source: "bundle", fees: tipTiers(stats), stats };
    },
    clockMs,
  );

  return { rpc: () => rpc.get(), bundle: () => bundle.get() };
}
