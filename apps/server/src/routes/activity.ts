// What the indexer recorded, for a wallet or a token, newest first. Paging: each reply holds at most `limit` records
// (default and maximum 100); to read further back pass `before=<signature>:<eventIndex>` of the last record received,
// which returns the records strictly older than it. Records are ordered by slot, then by the transaction's place in
// its slot, then by the event's place in its transaction.
import { nativeToUi, type ActivityRecord, type ActivityReply } from "@ballast/sdk";
import type { SelectQueryBuilder } from "kysely";
import { z } from "zod";
import type { RouteContext, RouteModule } from "../app.js";
import type { ActivityTable } from "../db/schema/activity.js";
import type { Database } from "../db/schema/index.js";
import { badRequest } from "../errors.js";
import { isAddress } from "../addresses.js";
import { nearestUnit } from "../indexer/events.js";

export const ACTIVITY_PAGE_SIZE = 100;

const CURSOR = /^([1-9A-HJ-NP-Za-km-z]{32,90}):(\d{1,9})$/;

/** The paging half of a query over activity records: `before` a record's cursor, at most `limit` records. */
export const pagingQuery = {
  before: z
    .string()
    .regex(CURSOR, { message: "must be <signature>:<eventIndex> of a record" })
    .optional()
    .describe("Only records older than this one: `<signature>:<eventIndex>` of the last record of the previous page."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ACTIVITY_PAGE_SIZE)
    .default(ACTIVITY_PAGE_SIZE)
    .describe("At most this many records (max 100)."),
};

const activityQuery = (subject: string) =>
  z.object({
    address: z.string().refine(isAddress, { message: "must be a base58 address" }).describe(subject),
    ...pagingQuery,
  });

type ActivityQuery = z.infer<ReturnType<typeof activityQuery>>;

/** Decimals of every market's banks; without the market snapshots amounts are still served, without uiAmount. */
export async function bankDecimals(ctx: RouteContext): Promise<Map<string, number>> {
  try {
    const banks = await ctx.markets.banks();
    return new Map([...banks.values()].map((priced) => [priced.address, priced.decimals] as const));
  } catch (error) {
    ctx.log.warn({ err: error }, "activity served without token decimals");
    return new Map();
  }
}

/** Native units as an exact decimal of whole tokens, without trailing zeros ("950000", 6 → "0.95"). */
export function tokenAmount(native: bigint, decimals: number): string {
  const sign = native < 0n ? "-" : "";
  const digits = (native < 0n ? -native : native).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

const usd = (value: unknown): string => (typeof value === "number" ? `$${value.toFixed(2)}` : "an unknown value");

/** `<amount> <symbol>` of a bank's mint; native units when the bank's decimals are unknown. */
export function tokens(ctx: RouteContext, decimals: ReadonlyMap<string, number>, amount: unknown, bank: unknown, mint: unknown): string {
  if (typeof amount !== "string" || typeof mint !== "string") return "an unknown amount";
  const places = typeof bank === "string" ? decimals.get(bank) : undefined;
  const symbol = ctx.markets.metadata(mint).symbol;
  return places === undefined ? `${amount} native units of ${symbol}` : `${tokenAmount(BigInt(amount), places)} ${symbol}`;
}

const shortAddress = (address: string): string => `${address.slice(0, 4)}…${address.slice(-4)}`;

/**
 * The record in words, for liquidations and bankruptcies. `viewer` is the wallet whose activity is read, if any: the liquidator of a
 * classic liquidation reads whose account it liquidated, everyone else reads the liquidatee's line.
 */
function describe(
  row: ActivityTable,
  details: Record<string, unknown>,
  ctx: RouteContext,
  decimals: ReadonlyMap<string, number>,
  viewer: string | null,
): string | null {
  if (row.type === "liquidation") {
    const seized = tokens(ctx, decimals, row.amount, row.bank, row.mint);
    const repaid = tokens(ctx, decimals, details.repaidAmount, details.liabilityBank, details.liabilityMint);
    const asLiquidator = viewer !== null && viewer !== row.authority && viewer === row.related_authority;
    return `${asLiquidator ? `Liquidated ${shortAddress(row.account)}` : "Liquidated"}: ${seized} seized, ${repaid} repaid`;
  }
  if (row.type === "receivership_liquidation") {
    // Rows indexed before the amounts were recorded have only the event's USD values.
    const listed = (moves: unknown, value: unknown): string =>
      Array.isArray(moves) && moves.length > 0
        ? (moves as Record<string, unknown>[]).map((m) => tokens(ctx, decimals, m.amount, m.bank, m.mint)).join(" and ")
        : usd(value);
    const asReceiver = viewer !== null && viewer !== row.authority && viewer === row.related_authority;
    const what = asReceiver ? `Liquidated ${shortAddress(row.account)} by receivership` : "Liquidated by receivership";
    return `${what}: ${listed(details.seized, details.assetsSeizedValue)} seized, ${listed(details.repaid, details.liabilityRepaidValue)} repaid`;
  }
  if (row.type === "bankruptcy") {
    // The event's amounts are fractional native units.
    const settled = (value: unknown) => tokens(ctx, decimals, nearestUnit(value).toString(), row.bank, row.mint);
    return `Bad debt settled: ${settled(details.badDebt)}, ${settled(details.coveredAmount)} covered by insurance, ${settled(details.socializedAmount)} shared by depositors`;
  }
  return null;
}

function toRecord(row: ActivityTable, ctx: RouteContext, decimals: ReadonlyMap<string, number>, viewer: string | null): ActivityRecord {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  // Emissions are paid in the emissions mint, whose decimals the payout recorded; other amounts are in the bank's mint.
  const places = row.type === "withdraw_emissions" ? (details.decimals as number) : row.bank === null ? undefined : decimals.get(row.bank);
  return {
    signature: row.signature,
    eventIndex: Number(row.event_index),
    slot: Number(row.slot),
    timestamp: row.block_time === null ? null : Number(row.block_time),
    type: row.type,
    account: row.account,
    authority: row.authority,
    bank: row.bank,
    mint: row.mint,
    symbol: row.mint === null ? null : ctx.markets.metadata(row.mint).symbol,
    amount: row.amount,
    uiAmount: row.amount === null || places === undefined ? null : nativeToUi(BigInt(row.amount), places),
    description: describe(row, details, ctx, decimals, viewer),
    details,
  };
}

type ActivitySelect = SelectQueryBuilder<Database, "activity", ActivityTable>;

/**
 * The rows `select` picks, newest first: at most `limit`, strictly older than the record `before` names (a 400 when
 * there is no such record).
 */
export async function newestFirst(
  ctx: RouteContext,
  select: ActivitySelect,
  before: string | undefined,
  limit: number,
): Promise<ActivityTable[]> {
  let page = select;
  if (before !== undefined) {
    // The query schema admitted only cursors of this form.
    const [, signature = "", index = ""] = CURSOR.exec(before)!;
    const anchor = await ctx.db
      .selectFrom("activity")
      .select(["slot", "tx_index"])
      .where("signature", "=", signature)
      .where("event_index", "=", Number(index))
      .executeTakeFirst();
    if (!anchor) throw badRequest(`Invalid query.before: no activity record ${before}`, { field: "query.before" });
    page = page.where((eb) =>
      eb(
        eb.refTuple("slot", "tx_index", "signature", "event_index"),
        "<",
        eb.tuple(Number(anchor.slot), Number(anchor.tx_index), signature, Number(index)),
      ),
    );
  }
  return page
    .orderBy("slot", "desc")
    .orderBy("tx_index", "desc")
    .orderBy("signature", "desc")
    .orderBy("event_index", "desc")
    .limit(limit)
    .execute();
}

async function activityFor(
  ctx: RouteContext,
  columns: readonly ["authority", "related_authority"] | readonly ["mint", "related_mint"],
  query: ActivityQuery,
): Promise<ActivityReply> {
  const select = ctx.db
    .selectFrom("activity")
    .selectAll()
    .where((eb) => eb.or(columns.map((column) => eb(column, "=", query.address))));
  const [rows, decimals] = await Promise.all([newestFirst(ctx, select, query.before, query.limit), bankDecimals(ctx)]);
  const viewer = columns[0] === "authority" ? query.address : null;
  return { data: rows.map((row) => toRecord(row, ctx, decimals, viewer)) };
}

export const activityRoutes: RouteModule = (app, ctx) => {
  app.get(
    "/api/activity/authority",
    {
      schema: {
        summary: "A wallet's lending activity, newest first",
        description:
          "Deposits, withdrawals, borrows, repayments, liquidations (as liquidatee or liquidator), account creations and transfers, emissions payouts and admin actions on the wallet's margin accounts, as indexed from the chain. A liquidation's `description` says what was seized and repaid (\"Liquidated: 0.1 SOL seized, 0.95 USDC repaid\"; the liquidator's names the liquidated account); a bankruptcy's, the bad debt settled and who bore it (\"Bad debt settled: 12.5 USDC, 2.1 USDC covered by insurance, 10.4 USDC shared by depositors\").",
        tags: ["activity"],
        querystring: activityQuery("The wallet (margin account authority)."),
      },
    },
    async (request) => activityFor(ctx, ["authority", "related_authority"], request.query),
  );

  app.get(
    "/api/activity/mint",
    {
      schema: {
        summary: "Lending activity in a token, newest first",
        description:
          "Every indexed action moving or owing the token; a liquidation appears under both its collateral and its debt mint, a bankruptcy under the mint of the bank whose bad debt it settled.",
        tags: ["activity"],
        querystring: activityQuery("The token's mint."),
      },
    },
    async (request) => activityFor(ctx, ["mint", "related_mint"], request.query),
  );
};
