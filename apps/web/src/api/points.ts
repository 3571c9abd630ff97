// The points programme: global standings and one wallet's points (spec §7).
import { Http, serverErrorText } from "./http.js";

export interface LeaderboardEntry {
  readonly rank: number;
  readonly wallet: string;
  readonly totalPoints: number;
  readonly lendingPoints: number;
  readonly borrowingPoints: number;
  readonly referralPoints: number;
}

export interface GlobalPoints {
  readonly totalPoints: number;
  readonly wallets: number;
  readonly leaderboard: readonly LeaderboardEntry[];
  /** Unix seconds of the last accrual; null before the first. */
  readonly updatedAt: number | null;
  readonly programme: {
    readonly lendingPointsPerUsdDay: number;
    readonly borrowingPointsPerUsdDay: number;
    readonly referralShare: number;
  };
  /** Each side's boost (an APR) at the given valuation; null without one. */
  readonly pointsBoost: { readonly valuation: number; readonly lending: number; readonly borrowing: number } | null;
}

export interface WalletPoints {
  readonly wallet: string;
  readonly rank: number | null;
  readonly totalPoints: number;
  readonly lendingPoints: number;
  readonly borrowingPoints: number;
  readonly referralPoints: number;
  readonly referralCount: number;
  readonly updatedAt?: number | null;
  readonly referralCode?: string | null;
}

/** `valuation`: the user's estimated token valuation in USD, for the points boost. */
export async function fetchGlobalPoints(http: Http, valuation?: string): Promise<GlobalPoints> {
  const response = await http.get("/api/points", { valuation });
  if (!response.ok) throw new Error(`Failed to fetch points: ${await serverErrorText(response)}`);
  return (await response.json()) as GlobalPoints;
}

export async function fetchWalletPoints(http: Http, wallet: string): Promise<WalletPoints> {
  const response = await http.get(`/api/points/${encodeURIComponent(wallet)}`, { v: "f1" });
  if (!response.ok) throw new Error(`Failed to fetch wallet points: ${await serverErrorText(response)}`);
  return (await response.json()) as WalletPoints;
}
