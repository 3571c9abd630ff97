// The programme's tables: the records per wallet, the clock, and an accrual saved as one claim of the interval.
import { i80f48 as fx } from "@ballast/protocol";
import type { Db } from "../db/database.js";
import { type WalletPoints } from "./accrual.js";

const JOB = "points";
/** Rows per upsert statement: well under both databases' limits on bound parameters. */
const UPSERT_CHUNK = 500;

/** When the programme last accrued (unix seconds), or null before its first run. */
export async function lastAccrual(db: Db): Promise<number | null> {
  const row = await db.selectFrom("points_state").select("last_accrual_at").where("name", "=", JOB).executeTakeFirst();
  return row?.last_accrual_at ?? null;
}

export async function pointsRecords(db: Db): Promise<Map<string, WalletPoints>> {
  const rows = await db.selectFrom("points").selectAll().execute();
  return new Map(
    rows.map((row) => [
      row.wallet,
      {
        wallet: row.wallet,
        lending: row.lending_points,
        borrowing: row.borrowing_points,
        referral: row.referral_points,
        total: row.total_points,
        holdings: { lent: fx.fromBits(BigInt(row.lent_usd)), borrowed: fx.fromBits(BigInt(row.borrowed_usd)) },
      },
    ]),
  );
}

/** Referee wallet → referrer wallet, for every user who signed up with a referral code. */
export async function referrers(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom("users").select(["wallet_address", "referred_by"]).where("referred_by", "is not", null).execute();
  return new Map(rows.map((row) => [row.wallet_address, row.referred_by!]));
}

class IntervalTaken extends Error {}

/**
 * Moves the clock from `from` (null: the first run) to `to` and writes the changed records, in one transaction. The
 * clock only moves if it still reads `from`: of two runs that read the same clock (two processes on one database),
 * one saves and the other returns false, so no interval is ever counted twice.
 */
export async function saveAccrual(db: Db, from: number | null, to: number, changed: readonly WalletPoints[]): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const claim =
        from === null
          ? await trx
              .insertInto("points_state")
              .values({ name: JOB, last_accrual_at: to })
              .onConflict((oc) => oc.column("name").doNothing())
              .executeTakeFirst()
              .then((r) => r.numInsertedOrUpdatedRows ?? 0n)
          : await trx
              .updateTable("points_state")
              .set({ last_accrual_at: to })
              .where("name", "=", JOB)
              .where("last_accrual_at", "=", from)
              .executeTakeFirst()
              .then((r) => r.numUpdatedRows);
      if (claim !== 1n) throw new IntervalTaken();
      for (let i = 0; i < changed.length; i += UPSERT_CHUNK) {
        const rows = changed.slice(i, i + UPSERT_CHUNK).map((record) => ({
          wallet: record.wallet,
          lending_points: record.lending,
          borrowing_points: record.borrowing,
          referral_points: record.referral,
          total_points: record.total,
          lent_usd: record.holdings.lent.toString(),
          borrowed_usd: record.holdings.borrowed.toString(),
        }));
        await trx
          .insertInto("points")
          .values(rows)
          .onConflict((oc) =>
            oc.column("wallet").doUpdateSet((eb) => ({
              lending_points: eb.ref("excluded.lending_points"),
              borrowing_points: eb.ref("excluded.borrowing_points"),
              referral_points: eb.ref("excluded.referral_points"),
              total_points: eb.ref("excluded.total_points"),
              lent_usd: eb.ref("excluded.lent_usd"),
              borrowed_usd: eb.ref("excluded.borrowed_usd"),
            })),
          )
          .execute();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof IntervalTaken) return false;
    throw error;
  }
}
