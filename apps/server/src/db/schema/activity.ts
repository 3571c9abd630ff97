// What the indexer saw on chain: one row per lending-program event of interest, and where it stopped.
export interface ActivityTable {
  signature: string;
  /** The event's position among the transaction's events; (signature, event_index) is unique. */
  event_index: number;
  slot: number;
  block_time: number;
  /** deposit, withdraw, borrow, repay, liquidate, claim_emissions, create_account, transfer_account. */
  type: string;
  account: string;
  authority: string;
  bank: string | null;
  mint: string | null;
  /** Native units as a decimal string. */
  amount: string | null;
  /** The event's remaining fields as JSON. */
  details: string;
}

/** Balances of margin accounts as of the latest indexed change, for the points job. */
export interface IndexedBalancesTable {
  account: string;
  bank: string;
  authority: string;
  /** I80F48 raw values as decimal strings. */
  asset_shares: string;
  liability_shares: string;
  slot: number;
}

/** How far the indexer has followed the chain: the newest signature it stored, per followed address. */
export interface IndexerCursorTable {
  name: string;
  signature: string;
  slot: number;
}
