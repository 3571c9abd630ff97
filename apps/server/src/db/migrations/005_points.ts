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
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};
