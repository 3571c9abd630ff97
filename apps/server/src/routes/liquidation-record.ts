// A margin account's liquidation record, read from the chain: the program's last four receivership liquidations and
// deleverages of the account, newest first, for the web app to show under the account's liquidation in its activity.
// Limited per client address (config liquidationRecordRateLimit); each account's reply is shared for marketCacheMs.
import { errorMessage, fetchLiquidationRecordEntries, type LiquidationRecordReply } from "@ballast/sdk";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import { refreshingCache } from "../chain/accounts.js";
import { upstreamError } from "../errors.js";
import { isAddress } from "../addresses.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";

/** Accounts whose replies are kept at once, like the account views. */
const RECORD_KEYS = 1_000;

const recordQuery = z.object({
  account: z.string().refine(isAddress, { message: "must be a base58 address" }).describe("The margin account."),
});

export const liquidationRecordRoutes: RouteModule = (app, ctx) => {
  const recordOf = refreshingCache(
    ctx.config.marketCacheMs,
    async (account): Promise<LiquidationRecordReply> => {
      const entries = await fetchLiquidationRecordEntries(ctx.connection, account, ctx.config.programId);
      return {
        entries: entries.map((entry) => ({
          assetSeizedUsd: entry.assetSeizedUsd,
          liabilityRepaidUsd: entry.liabilityRepaidUsd,
          timestamp: new Date(entry.timestamp * 1000).toISOString(),
        })),
      };
    },
    RECORD_KEYS,
  );

  app.addHook("onRequest", async (request, reply) => {
    takeOrRefuse(ctx.limits.liquidationRecords, request.ip, reply, RATE_LIMIT_ERRORS.liquidationRecords);
  });

  app.get(
    "/api/liquidation-record",
    {
      schema: {
        summary: "A margin account's recent liquidations, as its on-chain liquidation record keeps them",
        description:
          "The account's LiquidationRecord (PDA [\"liq_record\", account]), written by receivership liquidations and deleverages: up to four entries, newest first, each with the USD value of the collateral seized (equity terms), of the debt repaid, and the chain's time (ISO 8601). Slots never used are left out; an account without a record, or no account at all, has no entries.",
        tags: ["accounts"],
        querystring: recordQuery,
      },
    },
    async (request): Promise<LiquidationRecordReply> => {
      try {
        return await recordOf(request.query.account);
      } catch (error) {
        throw upstreamError(`Failed to read the liquidation record from the ledger: ${errorMessage(error) ?? "unknown error"}`);
      }
    },
  );
};
