import type { Kysely, Migration } from "kysely";

export const activityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("activity")
      .addColumn("signature", "text", (c) => c.notNull())
      .addColumn("event_index", "integer", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .addColumn("block_time", "bigint", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("authority", "text", (c) => c.notNull())
      .addColumn("bank", "text")
      .addColumn("mint", "text")
      .addColumn("amount", "text")
      .addColumn("details", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("activity_pk", ["signature", "event_index"])
      .execute();
    await db.schema.createIndex("activity_authority").on("activity").columns(["authority", "slot"]).execute();
    await db.schema.createIndex("activity_mint").on("activity").columns(["mint", "slot"]).execute();
    await db.schema
      .createTable("indexed_balances")
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("bank", "text", (c) => c.notNull())
      .addColumn("authority", "text", (c) => c.notNull())
      .addColumn("asset_shares", "text", (c) => c.notNull())
      .addColumn("liability_shares", "text", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("indexed_balances_pk", ["account", "bank"])
      .execute();
    await db.schema
      .createTable("indexer_cursor")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("signature", "text", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .execute();
  },
};
