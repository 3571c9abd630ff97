import type { Kysely, Migration } from "kysely";

/** The exchange rates of liquid staking tokens to SOL, as the snapshot job reads them: the history of lst_apy. */
export const lstRatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("lst_rates")
      .addColumn("bank", "text", (c) => c.notNull())
      .addColumn("time", "bigint", (c) => c.notNull())
      .addColumn("rate", "double precision", (c) => c.notNull())
      .addPrimaryKeyConstraint("lst_rates_pk", ["bank", "time"])
      .execute();
    // Pruning deletes by time across banks.
    await db.schema.createIndex("lst_rates_time").on("lst_rates").column("time").execute();
  },
};
