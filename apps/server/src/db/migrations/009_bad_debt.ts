import type { Kysely, Migration } from "kysely";

/** A bank's bankruptcies, newest first (GET /api/bank-bad-debt), without scanning the bank's other activity. */
export const badDebtMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("activity_type_bank").on("activity").columns(["type", "bank", "slot", "tx_index", "event_index"]).execute();
  },
};
