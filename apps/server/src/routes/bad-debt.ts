// A bank's settled bankruptcies, newest first, from the indexer's bankruptcy records: the bad debt each wrote off,
// what the insurance fund covered, what the bank's depositors bore and, where the indexer could read it, how far
// their share value fell. Paged like the activity routes (at most 100 a reply, `before` a settlement's cursor) and
// limited per client address (config badDebtRateLimit).
import type { BadDebtSettlement, BankBadDebtReply } from "@ballast/sdk";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import type { ActivityTable } from "../db/schema/activity.js";
import { isAddress } from "../addresses.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";
import { nearestUnit } from "../indexer/events.js";
import { newestFirst, pagingQuery } from "./activity.js";

const badDebtQuery = z.object({
  bank: z.string().refine(isAddress, { message: "must be a base58 address" }).describe("The bank."),
  ...pagingQuery,
});

function settlement(row: ActivityTable): BadDebtSettlement {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  const change = details.shareValueChange;
  return {
    signature: row.signature,
    eventIndex: Number(row.event_index),
    slot: Number(row.slot),
    timestamp: row.block_time === null ? null : Number(row.block_time),
    account: row.account,
    authority: row.authority,
    // The event's amounts are fractional native units.
    badDebt: nearestUnit(details.badDebt).toString(),
    coveredByInsurance: nearestUnit(details.coveredAmount).toString(),
    socialized: nearestUnit(details.socializedAmount).toString(),
    shareValueChange: typeof change === "number" ? change : null,
  };
}

export const badDebtRoutes: RouteModule = (app, ctx) => {
  app.addHook("onRequest", async (request, reply) => {
    takeOrRefuse(ctx.limits.badDebt, request.ip, reply, RATE_LIMIT_ERRORS.badDebt);
  });

  app.get(
    "/api/bank-bad-debt",
    {
      schema: {
        summary: "A bank's settled bankruptcies, newest first",
        description:
          "Each lending_pool_handle_bankruptcy on the bank, as indexed: the bad debt written off, the part the insurance fund covered and the part socialised among the bank's depositors (native units of the bank's token), and the asset share value's change it caused (a fraction; null where the indexer could not read it). An address that is no bank has none.",
        tags: ["banks"],
        querystring: badDebtQuery,
      },
    },
    async (request): Promise<BankBadDebtReply> => {
      const { bank, before, limit } = request.query;
      const select = ctx.db.selectFrom("activity").selectAll().where("type", "=", "bankruptcy").where("bank", "=", bank);
      const rows = await newestFirst(ctx, select, before, limit);
      return { data: rows.map(settlement) };
    },
  );
};
