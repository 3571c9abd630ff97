import type { Kysely, Migration } from "kysely";

export const activityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("activity")
      .addColumn("signature", "text", (c) => c.notNull())
      .addColumn("event_index", "integer", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .addColumn("tx_index", "integer", (c) => c.notNull())
      .addColumn("block_time", "bigint")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("authority", "text", (c) => c.notNull())
      .addColumn("bank", "text")
      .addColumn("mint", "text")
      .addColumn("amount", "text")
      .addColumn("related_account", "text")
      .addColumn("related_authority", "text")
      .addColumn("related_bank", "text")
      .addColumn("related_mint", "text")
      .addColumn("details", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("activity_pk", ["signature", "event_index"])
      .execute();
    // The routes read newest first by authority or mint, on either side of an event.
    for (const column of ["authority", "related_authority", "mint", "related_mint"]) {
      await db.schema.createIndex(`activity_${column}`).on("activity").columns([column, "slot", "tx_index", "event_index"]).execute();
    }
    await db.schema.createIndex("activity_account").on("activity").column("account").execute();
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
      .addColumn("tx_index", "integer", (c) => c.notNull())
      .execute();
  },
};
