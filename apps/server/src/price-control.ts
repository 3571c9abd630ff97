// The price control the server exposes at /api/sandbox/prices: on the local chain the launcher injects the sandbox's
// price walk (it holds the feeds' authority); elsewhere there is none and the routes refuse, as the faucet does.

export type PriceFeedKind = "pyth" | "switchboard";

/** One feed and its price now (USD as a decimal string; null while the feed has none). */
export interface ControlledFeed {
  readonly symbol: string;
  readonly address: string;
  readonly kind: PriceFeedKind;
  readonly usd: string | null;
}

/** A token's price now, its feed(s), and when its hold ends (ISO time; null when the walk moves it). */
export interface ControlledPrice {
  readonly symbol: string;
  readonly usd: string | null;
  /** The tokens that move together (SOL and its liquid staking tokens), named by the first of them. */
  readonly family: string;
  readonly oracles: readonly { readonly address: string; readonly kind: PriceFeedKind }[];
  readonly heldUntil: string | null;
}

/** What setting a price did: the feeds it moved (a family's first token moves the family) and the hold's end. */
export interface ControlledPriceSet {
  readonly symbol: string;
  readonly usd: string;
  readonly heldUntil: string;
  readonly feeds: readonly ControlledFeed[];
}

export interface PriceControl {
  /** Every token's price, feed(s) and hold. */
  prices(): Promise<readonly ControlledPrice[]>;
  /**
   * Sets a token's price now and holds it for `holdSeconds` (the control's default when absent) before the walk
   * resumes. Resolves once the update landed, or with the reason bad input was refused (nothing changed); rejects when
   * the update could not land.
   */
  setPrice(symbol: string, usd: number, holdSeconds?: number): Promise<{ readonly set: ControlledPriceSet } | { readonly refused: string }>;
}
