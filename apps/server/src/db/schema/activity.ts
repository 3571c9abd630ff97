// What the indexer saw on chain: one row per lending-program event of interest, the margin accounts' balances as of
// the latest indexed change, and where it stopped.
export interface ActivityTable {
  signature: string;
  /** The row's position among the transaction's activity rows; (signature, event_index) is unique. */
  event_index: number;
  slot: number;
  /** The transaction's position among the program's transactions of its slot, oldest first: orders rows within a slot. */
  tx_index: number;
  /** Unix seconds; null when the node does not know the block's time. */
  block_time: number | null;
  /** See ACTIVITY_TYPES in indexer/events.ts. */
  type: string;
  account: string;
  authority: string;
  bank: string | null;
  mint: string | null;
  /** Native units as a decimal string. */
  amount: string | null;
  /**
   * The other side of a two-sided event, so that both parties and both mints find it: for a liquidation the
   * liquidator's account and authority and the liability bank and mint; for a transfer the old account and
   * authority; for a receivership liquidation the receiver.
   */
  related_account: string | null;
  related_authority: string | null;
  related_bank: string | null;
  related_mint: string | null;
  /** The event's remaining fields as JSON. */
  details: string;
}

/** Balances of margin accounts as of the latest indexed change, for the points job: one row per active balance. */
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
  /** The signature's position among the program's transactions of its slot (see ActivityTable.tx_index). */
  tx_index: number;
}

/** Every indexed change of a margin account's balance in a bank: the shares after it (zero once closed). */
export interface BalanceHistoryTable {
  account: string;
  bank: string;
  /** The slot of the account's latest transaction in the indexed batch the change was read after. */
  slot: number;
  /** That transaction's block time (unix seconds). */
  block_time: number;
  /** I80F48 raw values as decimal strings. */
  asset_shares: string;
  liability_shares: string;
}
