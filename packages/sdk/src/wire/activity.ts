// Lending activity by wallet or by token (spec §7): GET /api/activity/authority and /api/activity/mint, newest first.

/** Whose activity: a wallet's (`authority`) or a token's (`mint`). */
export type ActivitySubject = "authority" | "mint";

/** GET /api/activity/{subject}'s query. */
export type ActivityQuery = {
  /** The wallet or the mint. */
  readonly address: string;
  /** Only records older than this one: `<signature>:<eventIndex>` of the last record of the previous page. */
  readonly before?: string;
  /** At most this many records, 1–100 (default 100). */
  readonly limit?: number;
};

/** One indexed event. */
export interface ActivityRecord {
  readonly signature: string;
  /** The record's place among its transaction's records; with the signature, its identity and paging cursor. */
  readonly eventIndex: number;
  readonly slot: number;
  /** Unix seconds of the block; null when the node did not know the block time. */
  readonly timestamp: number | null;
  /**
   * create_account, deposit, withdraw, borrow, repay, liquidation, receivership_liquidation, deleverage, bankruptcy,
   * transfer_account, freeze_account or withdraw_emissions.
   */
  readonly type: string;
  /** The margin account. */
  readonly account: string;
  readonly authority: string;
  readonly bank: string | null;
  readonly mint: string | null;
  readonly symbol: string | null;
  /** Native units as a decimal string (of the emissions mint for withdraw_emissions; a bankruptcy's bad debt). */
  readonly amount: string | null;
  /** The amount in whole tokens, when the mint's decimals are known. */
  readonly uiAmount: number | null;
  /**
   * What happened in words, for records a type and an amount do not tell: a liquidation says what was seized and
   * repaid ("Liquidated: 0.1 SOL seized, 0.95 USDC repaid"; the liquidator reads "Liquidated <account>: …"), a
   * receivership liquidation the USD values, a bankruptcy the bad debt and who bore it ("Bad debt settled: 12.5 USDC,
   * 2.1 USDC covered by insurance, 10.4 USDC shared by depositors"). Null for other records.
   */
  readonly description: string | null;
  /** The event's remaining fields. */
  readonly details: Record<string, unknown>;
}

/** GET /api/activity/{subject}'s reply. */
export interface ActivityReply {
  readonly data: ActivityRecord[];
}
