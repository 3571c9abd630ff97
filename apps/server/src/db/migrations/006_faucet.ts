import type { Kysely, Migration } from "kysely";

export const faucetMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("faucet_grants")
      .addColumn("wallet", "text", (c) => c.primaryKey())
      .addColumn("claimed_at", "bigint", (c) => c.notNull())
      .addColumn("pending", "integer", (c) => c.notNull())
      .execute();
  },
};
