// A bank's settled bankruptcies (GET /api/bank-bad-debt), newest first: what each wrote off and who bore it.

/** GET /api/bank-bad-debt's query. */
export type BankBadDebtQuery = {
  /** The bank. */
  readonly bank: string;
  /** Only settlements older than this one: `<signature>:<eventIndex>` of the last of the previous page. */
  readonly before?: string;
  /** At most this many settlements, 1–100 (default 100). */
  readonly limit?: number;
};

/** One lending_pool_handle_bankruptcy on the bank. Amounts are native units of the bank's token, to the nearest unit. */
export interface BadDebtSettlement {
  readonly signature: string;
  /** With the signature, the settlement's identity and paging cursor. */
  readonly eventIndex: number;
  readonly slot: number;
  /** Unix seconds of the block; null when the node did not know the block time. */
  readonly timestamp: number | null;
  /** The bankrupt margin account and its authority. */
  readonly account: string;
  readonly authority: string;
  /** The debt written off: coveredByInsurance + socialized. */
  readonly badDebt: string;
  /** Paid from the bank's insurance fund. */
  readonly coveredByInsurance: string;
  /** Shared by the bank's depositors, by lowering the asset share value. */
  readonly socialized: string;
  /**
   * The asset share value's change the loss caused, as a fraction (−0.06: every deposit lost 6%; −1: the loss took
   * every deposit); null when the indexer could not read the bank as the settlement left it.
   */
  readonly shareValueChange: number | null;
}

/** GET /api/bank-bad-debt's reply. */
export interface BankBadDebtReply {
  readonly data: BadDebtSettlement[];
}
