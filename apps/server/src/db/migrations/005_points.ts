import type { Kysely, Migration } from "kysely";

export const pointsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("points")
      .addColumn("wallet", "text", (c) => c.primaryKey())
      .addColumn("lending_points", "double precision", (c) => c.notNull())
      .addColumn("borrowing_points", "double precision", (c) => c.notNull())
      .addColumn("referral_points", "double precision", (c) => c.notNull())
      .addColumn("total_points", "double precision", (c) => c.notNull())
      .addColumn("lent_usd", "text", (c) => c.notNull())
      .addColumn("borrowed_usd", "text", (c) => c.notNull())
      .execute();
    // The leaderboard and every rank read the wallets in order of total.
    await db.schema.createIndex("points_total").on("points").columns(["total_points", "wallet"]).execute();
    await db.schema
      .createTable("points_state")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("last_accrual_at", "bigint", (c) => c.notNull())
      .execute();
  },
};
