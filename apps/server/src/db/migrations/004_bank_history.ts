import type { Kysely, Migration } from "kysely";

const METRICS = [
  "total_deposits",
  "total_borrows",
  "deposit_rate",
  "borrow_rate",
  "utilization",
  "usd_price",
  "optimal_utilization_rate",
  "plateau_interest_rate",
  "max_interest_rate",
  "insurance_fee_fixed_apr",
  "insurance_ir_fee",
  "protocol_fixed_fee_apr",
  "protocol_ir_fee",
  "protocol_origination_fee",
  "program_fee_rate",
] as const;

export const bankHistoryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    let table = db.schema
      .createTable("bank_history")
      .addColumn("bank", "text", (c) => c.notNull())
      .addColumn("start_time", "bigint", (c) => c.notNull());
    for (const metric of METRICS) table = table.addColumn(metric, "double precision", (c) => c.notNull());
    await table
      .addColumn("kamino_supply_apy", "double precision")
      .addPrimaryKeyConstraint("bank_history_pk", ["bank", "start_time"])
      .execute();
  },
};
