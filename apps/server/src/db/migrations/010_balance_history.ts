import type { Kysely, Migration } from "kysely";

/**
 * An account's history: each indexed change of a margin account's balance in a bank (shares after the change, zero
 * once the balance closed), and on each historic bank point what turns shares into USD (share values, decimals) and
 * when the point was read. Points stored before this migration keep those columns null and are not used for it.
 */
export const balanceHistoryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("balance_history")
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("bank", "text", (c) => c.notNull())
      .addColumn("slot", "bigint", (c) => c.notNull())
      .addColumn("block_time", "bigint", (c) => c.notNull())
      .addColumn("asset_shares", "text", (c) => c.notNull())
      .addColumn("liability_shares", "text", (c) => c.notNull())
      // The key also serves the history query: one account's changes in a time range are read per bank.
      .addPrimaryKeyConstraint("balance_history_pk", ["account", "bank", "slot"])
      .execute();
    await db.schema.createIndex("balance_history_account_time").on("balance_history").columns(["account", "block_time"]).execute();
    await db.schema.alterTable("bank_history").addColumn("asset_share_value", "text").execute();
    await db.schema.alterTable("bank_history").addColumn("liability_share_value", "text").execute();
    await db.schema.alterTable("bank_history").addColumn("mint_decimals", "integer").execute();
    await db.schema.alterTable("bank_history").addColumn("taken_at", "bigint").execute();
    // The account history picks its points by read time.
    await db.schema.createIndex("bank_history_bank_taken_at").on("bank_history").columns(["bank", "taken_at"]).execute();
  },
};
