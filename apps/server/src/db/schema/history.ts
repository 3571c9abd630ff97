// Bank data the server keeps: one historic point per bank per snapshot interval (spec 000 §3, "Historic bank
// point") and the latest state of every bank in the banks API's shape.

/**
 * Totals are UI token units (whole native units / 10^decimals); rates and utilization are fractions (0.05 = 5%),
 * deposit and borrow rates APYs; usd_price is null when the oracle had no usable price.
 */
export interface BankHistoryTable {
  bank: string;
  /** Start of the snapshot interval the point belongs to (unix seconds). */
  start_time: number;
  total_deposits: number;
  total_borrows: number;
  deposit_rate: number;
  borrow_rate: number;
  utilization: number;
  usd_price: number | null;
  optimal_utilization_rate: number;
  plateau_interest_rate: number;
  max_interest_rate: number;
  insurance_fee_fixed_apr: number;
  insurance_ir_fee: number;
  protocol_fixed_fee_apr: number;
  protocol_ir_fee: number;
  protocol_origination_fee: number;
  program_fee_rate: number;
  kamino_supply_apy: number | null;
  /** I80F48 raw values as decimal strings: native tokens per share (a Kamino bank's through its reserve); null on points older than migration 010. */
  asset_share_value: string | null;
  liability_share_value: string | null;
  mint_decimals: number | null;
  /** When the point was read (unix seconds); the account history values balances as of then. */
  taken_at: number | null;
}

/** The latest BankDto of each bank of every market, as JSON text, and when it was read (unix seconds). */
export interface BankStatesTable {
  bank: string;
  dto: string;
  updated_at: number;
}

/** A liquid staking token bank's exchange rate (SOL per token) at a snapshot (unix seconds). */
export interface LstRatesTable {
  bank: string;
  time: number;
  rate: number;
}
