// Priority fee and bundle tip tiers (spec §7): GET /api/priority-fees/rpc and /api/priority-fees/bundle.
import type { TierValues } from "../transactions/priority-fee.js";

/** Recent prioritization fees the rpc tiers were computed from, µlamports per compute unit. */
export interface RecentFeeStats {
  /** How many recent slots landed a priced transaction. */
  readonly slots: number;
  readonly min: number;
  readonly max: number;
  /** Floored. */
  readonly mean: number;
  readonly median: number;
}

/** Recent tips the bundle tiers were computed from. */
export interface RecentTipStats {
  /** How many recent transactions paid a tip. */
  readonly tips: number;
  /** The 75th percentile tip, lamports. */
  readonly p75: number;
}

export interface FeeTiersReply<Stats> {
  readonly success: true;
  /** Unix seconds when the tiers were computed. */
  readonly timestamp: number;
  readonly source: "rpc" | "bundle";
  /** rpc: µlamports per compute unit; bundle: tip in lamports. */
  readonly fees: TierValues;
  /** What the tiers were computed from; null when nothing was observed and the floor or fallback applies. */
  readonly stats: Stats | null;
}

/** GET /api/priority-fees/rpc's reply. */
export type PriorityFeesReply = FeeTiersReply<RecentFeeStats>;

/** GET /api/priority-fees/bundle's reply. */
export type BundleTipsReply = FeeTiersReply<RecentTipStats>;
