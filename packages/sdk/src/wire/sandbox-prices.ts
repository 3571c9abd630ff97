// GET and POST /api/sandbox/prices: the local chain's price control. GET lists every token's oracle price and hold;
// POST sets one now and holds it before the random walk resumes. Refusals are error replies: 400 bad input, 403 off
// the local chain, 429 past the rate limit, 502 when the update did not land.
import type { ErrorReply } from "./errors.js";

export type SandboxFeedKind = "pyth" | "switchboard";

/** A token's oracle price now, its feed(s), and when its hold ends. */
export interface SandboxPrice {
  readonly symbol: string;
  /** USD as a decimal string; null before its feed's first update. */
  readonly usd: string | null;
  /** The tokens that move together (SOL and its liquid staking tokens), named by the first of them. */
  readonly family: string;
  readonly oracles: readonly { readonly address: string; readonly kind: SandboxFeedKind }[];
  /** ISO time the random walk resumes at; null while it moves the token. */
  readonly heldUntil: string | null;
}

/** GET /api/sandbox/prices's reply. */
export interface SandboxPricesReply {
  readonly prices: readonly SandboxPrice[];
}

/** POST /api/sandbox/prices's body. */
export interface SandboxPriceRequest {
  /** The token ("SOL"; any case). */
  readonly symbol: string;
  readonly usd: number;
  /** 1 to 3600 seconds; 300 when absent. */
  readonly holdSeconds?: number;
}

/** One feed a price set moved, and its price now (USD as a decimal string; null while the feed has none). */
export interface SandboxPriceFeed {
  readonly symbol: string;
  readonly address: string;
  readonly kind: SandboxFeedKind;
  readonly usd: string | null;
}

/** What setting a price did: the feeds it moved (a family's first token moves the family) and the hold's end. */
export interface SandboxPriceSet {
  readonly symbol: string;
  readonly usd: string;
  /** ISO time the random walk resumes at. */
  readonly heldUntil: string;
  readonly feeds: readonly SandboxPriceFeed[];
}

/** A price set that landed. */
export interface SandboxPriceSuccess extends SandboxPriceSet {
  readonly success: true;
}

export type SandboxPriceReply = SandboxPriceSuccess | ErrorReply;
