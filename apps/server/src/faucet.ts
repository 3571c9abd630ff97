// The faucet the server hands out test funds with: on the local chain the launcher injects one (it holds the mint
// authorities); elsewhere there is none and POST /api/faucet refuses. The route rate-limits it (faucet-claims.ts).

/** What one grant sent the wallet. Amounts are native units as decimal strings. */
export interface FaucetGrant {
  /** The transaction that paid the grant. */
  readonly signature: string;
  readonly lamports: string;
  readonly tokens: readonly { mint: string; symbol: string; decimals: number; amount: string }[];
}

export interface Faucet {
  /** Sends the wallet its grant and resolves once it landed; rejects (with a message for the user) otherwise. */
  fund(wallet: string): Promise<FaucetGrant>;
}
