// The points programme (see apps/server/POINTS.md): each wallet's points, what it held at the last accrual (the
// start of the next interval), and the programme's clock.
export interface PointsTable {
  wallet: string;
  lending_points: number;
  borrowing_points: number;
  referral_points: number;
  /** lending + borrowing + referral, kept for ranking. */
  total_points: number;
  /** USD lent and borrowed at the last accrual, as I80F48 raw bits in decimal strings. */
  lent_usd: string;
  borrowed_usd: string;
}

/** One row per job: when it last accrued (unix seconds). */
export interface PointsStateTable {
  name: string;
  last_accrual_at: number;
}
