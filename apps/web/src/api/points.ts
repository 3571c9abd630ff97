// The points programme: global standings and one wallet's points (spec §7).
import type { GlobalPoints, GlobalPointsQuery, WalletPoints, WalletPointsQuery } from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export type { GlobalPoints, LeaderboardEntry, WalletPoints } from "@ballast/sdk";

/** `valuation`: the user's estimated token valuation in USD, for the points boost. */
export async function fetchGlobalPoints(http: Http, valuation?: string): Promise<GlobalPoints> {
  const response = await http.get("/api/points", { valuation } satisfies GlobalPointsQuery);
  if (!response.ok) throw new Error(`Failed to fetch points: ${await serverErrorText(response)}`);
  return (await response.json()) as GlobalPoints;
}

export async function fetchWalletPoints(http: Http, wallet: string): Promise<WalletPoints> {
  const response = await http.get(`/api/points/${encodeURIComponent(wallet)}`, { v: "f1" } satisfies WalletPointsQuery);
  if (!response.ok) throw new Error(`Failed to fetch wallet points: ${await serverErrorText(response)}`);
  return (await response.json()) as WalletPoints;
}
