// One point per bank per snapshot interval (spec 000 §3, "Historic bank point").
export interface BankHistoryTable {
  bank: string;
  start_time: number;
  total_deposits: number;
  total_borrows: number;
  deposit_rate: number;
  borrow_rate: number;
  utilization: number;
  usd_price: number;
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
}
