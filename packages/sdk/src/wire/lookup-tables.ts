// GET /api/lookup-tables: the market's address lookup tables, which the app's transactions load the market's keys from.

/** GET /api/lookup-tables's reply. */
export interface LookupTablesReply {
  /** The tables' addresses (base58); empty when the server configures none for the market. */
  readonly addresses: readonly string[];
}
