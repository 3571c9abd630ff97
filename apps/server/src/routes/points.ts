// The points programme's views (spec 000 §7; rules in apps/server/POINTS.md): the global leaderboard and one wallet's
// record, read from what the points job stored, never computed on request.
import {
  BORROWING_POINTS_PER_USD_DAY,
  LENDING_POINTS_PER_USD_DAY,
  REFERRAL_POINTS_DIVISOR,
  pointsBoostAt,
  toNumber,
  type GlobalPoints,
  type PointsBoost,
  type PointsProgramme,
  type WalletPoints,
} from "@ballast/sdk";
import { z } from "zod";
import type { RouteContext, RouteModule } from "../app.js";
import { isPublicKeyAddress } from "../auth/signatures.js";
import type { Db } from "../db/database.js";
import { lastAccrual } from "../points/store.js";

export const LEADERBOARD_SIZE = 100;

const wallet = z.string().refine(isPublicKeyAddress, "must be a base58-encoded 32-byte public key");
/** A US dollar amount with at most 6 decimals, up to a quadrillion: the boost then stays far inside I80F48. */
const valuation = z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, "must be a US dollar amount such as 1000000000 or 2.5");

/** Reads the records and the clock of one moment: on PostgreSQL an accrual committing meanwhile stays invisible. */
function snapshotRead<T>(ctx: RouteContext, read: (db: Db) => Promise<T>): Promise<T> {
  const transaction = ctx.db.transaction();
  return (ctx.dialect === "postgres" ? transaction.setIsolationLevel("repeatable read") : transaction).execute(read);
}

/** The boost at `valuationUsd` over the programme's total points, with the valuation asked for. */
function boostAt(valuationUsd: string, totalPoints: number): PointsBoost | null {
  const boost = pointsBoostAt(valuationUsd, totalPoints);
  return boost === null ? null : { valuation: Number(valuationUsd), ...boost };
}

const PROGRAMME: PointsProgramme = {
  lendingPointsPerUsdDay: toNumber(LENDING_POINTS_PER_USD_DAY),
  borrowingPointsPerUsdDay: toNumber(BORROWING_POINTS_PER_USD_DAY),
  referralShare: 1 / toNumber(REFERRAL_POINTS_DIVISOR),
};

export const pointsRoutes: RouteModule = (app, ctx) => {
  app.get(
    "/api/points",
    {
      schema: {
        summary: "Global points",
        description:
          "Points of every wallet together, the wallets with points, the top 100 by total (ties share a rank and are " +
          "listed by wallet) and when the points were last accrued (null before the first accrual). `programme` gives " +
          "the rates; with `valuation` (an estimated token valuation in USD), `pointsBoost` gives each side's boost " +
          "(spec §9: 0.2 × valuation × (points per USD-day − 1) / total points × 365, an APR), else null.",
        tags: ["points"],
        querystring: z.object({ valuation: valuation.optional() }),
      },
    },
    async (request): Promise<GlobalPoints> => {
      const { totals, leaders, updatedAt } = await snapshotRead(ctx, async (db) => ({
        totals: await db
          .selectFrom("points")
          .select((eb) => [eb.fn.sum<number | null>("total_points").as("points"), eb.fn.countAll<number>().as("wallets")])
          .where("total_points", ">", 0)
          .executeTakeFirstOrThrow(),
        leaders: await db
          .selectFrom("points")
          .select(["wallet", "total_points", "lending_points", "borrowing_points", "referral_points"])
          .where("total_points", ">", 0)
          .orderBy("total_points", "desc")
          .orderBy("wallet")
          .limit(LEADERBOARD_SIZE)
          .execute(),
        updatedAt: await lastAccrual(db),
      }));
      const totalPoints = Number(totals.points ?? 0);
      let rank = 0;
      const leaderboard = leaders.map((row, i) => {
        if (row.total_points !== leaders[i - 1]?.total_points) rank = i + 1;
        return {
          rank,
          wallet: row.wallet,
          totalPoints: row.total_points,
          lendingPoints: row.lending_points,
          borrowingPoints: row.borrowing_points,
          referralPoints: row.referral_points,
        };
      });
      return {
        totalPoints,
        wallets: Number(totals.wallets),
        leaderboard,
        updatedAt,
        programme: PROGRAMME,
        pointsBoost: request.query.valuation === undefined ? null : boostAt(request.query.valuation, totalPoints),
      };
    },
  );

  app.get(
    "/api/points/:wallet",
    {
      schema: {
        summary: "A wallet's points",
        description:
          "The wallet's points by source, its rank by total (null without points; ties share a rank), how many " +
          "users signed up with its referral code, and when the points were last accrued. A wallet without points " +
          'reads as zeros. `v` is the reply version; only "f1" exists.',
        tags: ["points"],
        params: z.object({ wallet }),
        querystring: z.object({ v: z.literal("f1").optional() }),
      },
    },
    async (request): Promise<WalletPoints> => {
      const address = request.params.wallet;
      return snapshotRead(ctx, async (db) => {
        const record = await db
          .selectFrom("points")
          .select(["total_points", "lending_points", "borrowing_points", "referral_points"])
          .where("wallet", "=", address)
          .executeTakeFirst();
        const totalPoints = record?.total_points ?? 0;
        const ahead =
          totalPoints > 0
            ? await db
                .selectFrom("points")
                .select((eb) => eb.fn.countAll<number>().as("wallets"))
                .where("total_points", ">", totalPoints)
                .executeTakeFirstOrThrow()
            : null;
        const referred = await db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("users"))
          .where("referred_by", "=", address)
          .where("wallet_address", "!=", address)
          .executeTakeFirstOrThrow();
        return {
          wallet: address,
          rank: ahead === null ? null : Number(ahead.wallets) + 1,
          totalPoints,
          lendingPoints: record?.lending_points ?? 0,
          borrowingPoints: record?.borrowing_points ?? 0,
          referralPoints: record?.referral_points ?? 0,
          referralCount: Number(referred.users),
          updatedAt: await lastAccrual(db),
        };
      });
    },
  );
};
