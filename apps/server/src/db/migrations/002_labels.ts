import type { Kysely, Migration } from "kysely";

export const labelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("account_labels")
      .addColumn("account", "text", (c) => c.primaryKey())
      .addColumn("authority", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("account_labels_authority").on("account_labels").column("authority").execute();
  },
};
