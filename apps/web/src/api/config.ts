// GET /api/config: what the app needs to know about its server — program, chain, markets and token metadata.
import { Http } from "./http.js";

/** The asset-group headings of the markets screen, in display order (spec §2). */
export const ASSET_CATEGORIES = ["Stablecoins", "SOL / LST", "Bitcoin", "Governance", "Blue Chip", "Memes", "Other"] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

export interface MarketInfo {
  /** The lending group's address: the market's key. */
  readonly group: string;
  /** The presentation name. */
  readonly name: string;
  /** The market the server's bank, rate and account routes serve by default. */
  readonly main: boolean;
}

export interface TokenInfo {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  readonly category: AssetCategory;
}

export interface AppConfig {
  readonly programId: string;
  /** "local": the bundled ledger (the faucet may be on); "remote": another chain. */
  readonly cluster: "local" | "remote";
  /** The ledger's JSON-RPC path on the app's own origin. */
  readonly rpcPath: string;
  readonly authEnabled: boolean;
  readonly faucet: boolean;
  readonly markets: readonly MarketInfo[];
  readonly tokens: readonly TokenInfo[];
}

export async function fetchConfig(http: Http): Promise<AppConfig> {
  const response = await http.get("/api/config");
  if (!response.ok) throw new Error(`Failed to fetch config: ${response.status} ${response.statusText}`);
  return (await response.json()) as AppConfig;
}
