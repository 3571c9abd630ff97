// POST /api/faucet: test SOL and tokens for a wallet on the local chain. Refusals are error replies: 403 off the local
// chain, 429 when the wallet had a grant within the cooldown (with Retry-After), 502 when the faucet could not pay.
import type { ErrorReply } from "./errors.js";

/** POST /api/faucet's body. */
export interface FaucetRequest {
  /** The wallet to fund (base58). */
  readonly wallet: string;
}

/** One token of a grant. */
export interface FaucetGrant {
  readonly mint: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Native units, as a decimal string. */
  readonly amount: string;
}

/** A grant that landed. */
export interface FaucetSuccess {
  readonly success: true;
  /** The transaction that paid the grant. */
  readonly signature: string;
  /** Lamports, as a decimal string. */
  readonly lamports: string;
  readonly tokens: readonly FaucetGrant[];
}

export type FaucetReply = FaucetSuccess | ErrorReply;
