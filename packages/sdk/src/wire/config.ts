// GET /api/config: what the web app needs to know about its server — program, chain, markets and token metadata.

/** The asset-group headings of the markets screen (spec §2); "Other" when the token file names none. */
export type AssetCategory = "Stablecoins" | "SOL / LST" | "Bitcoin" | "Governance" | "Blue Chip" | "Memes" | "Other";

export interface MarketInfo {
  /** The lending group's address: the market's key. */
  readonly group: string;
  /** The presentation name. */
  readonly name: string;
  /** The market the server's bank, rate and account routes serve by default (the first, and only one). */
  readonly main: boolean;
}

export interface TokenInfo {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  readonly category: AssetCategory;
  /** The configured token list's logo (an http(s) URL or a path on the server); absent: the app draws its own mark. */
  readonly logoURI?: string;
}

/** GET /api/config's reply. */
export interface AppConfig {
  /** The lending program's id (base58). */
  readonly programId: string;
  /** "local": the bundled ledger, whose faucet the server may hold; "remote": another chain. */
  readonly cluster: "local" | "remote";
  /** The ledger's JSON-RPC path on the app's own origin ("/rpc"). */
  readonly rpcPath: string;
  readonly authEnabled: boolean;
  /** Whether POST /api/faucet can grant funds. */
  readonly faucet: boolean;
  /** Whether /api/sandbox/prices can set oracle prices: the local chain, with the sandbox's price walk. */
  readonly priceControl: boolean;
  /** In configuration order: the main market first. */
  readonly markets: readonly MarketInfo[];
  readonly tokens: readonly TokenInfo[];
  /**
   * Off the local chain, the external explorer signatures and addresses link to: URL templates with {signature} and
   * {address}. Null on the local chain, whose explorer is the app's own /tx and /address pages.
   */
  readonly explorer: { readonly transactionUrl: string; readonly addressUrl: string } | null;
}
