import type { Kysely, Migration } from "kysely";

export const authMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("users")
      .addColumn("wallet_address", "text", (c) => c.primaryKey())
      .addColumn("wallet_id", "text")
      .addColumn("referral_code", "text", (c) => c.notNull().unique())
      .addColumn("referred_by", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_login", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("users_referred_by").on("users").column("referred_by").execute();
    await db.schema
      .createTable("auth_nonces")
      .addColumn("nonce", "text", (c) => c.primaryKey())
      .addColumn("wallet_address", "text", (c) => c.notNull())
      .addColumn("issued_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();
    // Expired nonces and sessions are swept by expiry time.
    await db.schema.createIndex("auth_nonces_expires_at").on("auth_nonces").column("expires_at").execute();
    await db.schema
      .createTable("sessions")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("wallet_address", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();
  },
};
