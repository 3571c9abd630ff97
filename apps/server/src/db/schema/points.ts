// The points programme's totals per wallet, and when they were last accrued.
export interface PointsTable {
  wallet: string;
  lending_points: number;
  borrowing_points: number;
  referral_points: number;
  total_points: number;
  updated_at: number;
}
