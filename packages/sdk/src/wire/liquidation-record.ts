// A margin account's liquidation record (GET /api/liquidation-record): its last receivership liquidations as the
// program keeps them.

/** GET /api/liquidation-record's query. */
export type LiquidationRecordQuery = {
  /** The margin account. */
  readonly account: string;
};

/** One recorded liquidation. */
export interface LiquidationRecordEntryDto {
  /** USD value of the collateral seized, in equity terms. */
  readonly assetSeizedUsd: number;
  /** USD value of the debt repaid. */
  readonly liabilityRepaidUsd: number;
  /** ISO 8601, from the chain's clock when the liquidation landed. */
  readonly timestamp: string;
}

/** GET /api/liquidation-record's reply: up to four entries, newest first; none when the account has no record. */
export interface LiquidationRecordReply {
  readonly entries: LiquidationRecordEntryDto[];
}
