// The points programme (spec §7; rules in apps/server/POINTS.md): GET /api/points and GET /api/points/{wallet}.
// Points are USD-days weighted by side; everything here is read from what the points job stored.

/** GET /api/points's query. */
export type GlobalPointsQuery = {
  /** An estimated token valuation in USD (up to 6 decimals), for pointsBoost. */
  readonly valuation?: string;
};

export interface LeaderboardEntry {
  /** 1-based; ties share a rank. */
  readonly rank: number;
  readonly wallet: string;
  readonly totalPoints: number;
  readonly lendingPoints: number;
  readonly borrowingPoints: number;
  readonly referralPoints: number;
}

/** The programme's rates. */
export interface PointsProgramme {
  readonly lendingPointsPerUsdDay: number;
  readonly borrowingPointsPerUsdDay: number;
  /** The share of referred wallets' points their referrer earns (0.1). */
  readonly referralShare: number;
}

/** Each side's boost at a token valuation: an APR (spec §9). */
export interface PointsBoost {
  /** The valuation asked for, USD. */
  readonly valuation: number;
  readonly lending: number;
  readonly borrowing: number;
}

/** GET /api/points's reply. */
export interface GlobalPoints {
  /** Points of every wallet together. */
  readonly totalPoints: number;
  /** Wallets with points. */
  readonly wallets: number;
  /** The top 100 by total, ties listed by wallet. */
  readonly leaderboard: readonly LeaderboardEntry[];
  /** Unix seconds of the last accrual; null before the first. */
  readonly updatedAt: number | null;
  readonly programme: PointsProgramme;
  /** Null without a valuation, or before one whole point exists. */
  readonly pointsBoost: PointsBoost | null;
}

/** GET /api/points/{wallet}'s query: `v`, the reply version ("f1", the only one). */
export type WalletPointsQuery = { readonly v?: "f1" };

/** GET /api/points/{wallet}'s reply; a wallet without points reads as zeros. */
export interface WalletPoints {
  readonly wallet: string;
  /** Null without points; ties share a rank. */
  readonly rank: number | null;
  readonly totalPoints: number;
  readonly lendingPoints: number;
  readonly borrowingPoints: number;
  readonly referralPoints: number;
  /** Users who signed up with the wallet's referral code. */
  readonly referralCount: number;
  /** Unix seconds of the last accrual; null before the first. */
  readonly updatedAt: number | null;
}
