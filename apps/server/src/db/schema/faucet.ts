// Faucet grants, one row per wallet: when its latest grant was claimed (unix seconds) and whether that grant is still
// being paid (1) or was paid (0). A claim that failed is deleted, so it does not count.
export interface FaucetGrantsTable {
  wallet: string;
  claimed_at: number;
  pending: number;
}
