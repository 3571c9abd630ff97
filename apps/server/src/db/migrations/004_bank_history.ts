import type { Kysely, Migration } from "kysely";

// Spelled out here rather than imported from the route: a migration must not change when later code does.
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
  "kamino_supply_apy",
] as const;

/** Metrics that may be unknown at a snapshot: no oracle price, no third-party reserve. */
const NULLABLE = new Set<string>(["usd_price", "kamino_supply_apy"]);

export const bankHistoryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    let history = db.schema
      .createTable("bank_history")
      .addColumn("bank", "text", (c) => c.notNull())
      .addColumn("start_time", "bigint", (c) => c.notNull());
    for (const metric of METRICS) {
      history = history.addColumn(metric, "double precision", (c) => (NULLABLE.has(metric) ? c : c.notNull()));
    }
    // The primary key also serves every history query: one bank, a time range.
    await history.addPrimaryKeyConstraint("bank_history_pk", ["bank", "start_time"]).execute();
    await db.schema
      .createTable("bank_states")
      .addColumn("bank", "text", (c) => c.primaryKey())
      .addColumn("dto", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};
