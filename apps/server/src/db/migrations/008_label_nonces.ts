import type { Kysely, Migration } from "kysely";

export const labelNoncesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("label_nonces")
      .addColumn("nonce", "text", (c) => c.primaryKey())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("issued_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();
    await db.schema.createIndex("label_nonces_expires_at").on("label_nonces").column("expires_at").execute();
  },
};
