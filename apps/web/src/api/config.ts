// GET /api/config: what the app needs to know about its server — program, chain, markets and token metadata.
import type { AppConfig, AssetCategory } from "@ballast/sdk";
import { Http } from "./http.js";

export type { AppConfig, AssetCategory, MarketInfo, TokenInfo } from "@ballast/sdk";

/** The asset-group headings of the markets screen, in display order (spec §2). */
export const ASSET_CATEGORIES = [
  "Stablecoins",
  "SOL / LST",
  "Bitcoin",
  "Governance",
  "Blue Chip",
  "Memes",
  "Other",
] as const satisfies readonly AssetCategory[];

export async function fetchConfig(http: Http): Promise<AppConfig> {
  const response = await http.get("/api/config");
  if (!response.ok) throw new Error(`Failed to fetch config: ${response.status} ${response.statusText}`);
  return (await response.json()) as AppConfig;
}
