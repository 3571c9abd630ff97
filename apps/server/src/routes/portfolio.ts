// A margin account's value over time (balance history valued with historic bank points) and a wallet's accounts
// across every market the server serves. Both are limited per client address (config portfolioRateLimit).
import { errorMessage, fetchAuthorityMarginAccounts, portfolioSummary, type AccountHistoryReply, type PortfolioReply } from "@ballast/sdk";
import { i80f48 as fx } from "@ballast/protocol";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import { compareAddresses } from "../chain/market.js";
import { HttpError, upstreamError } from "../errors.js";
import { inOpeningOrder } from "../indexer/account-order.js";
import { ACCOUNT_HISTORY_RANGES, MAX_HISTORY_POINTS, accountHistory } from "../portfolio/account-history.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";
import { addressSchema } from "./accounts.js";

/** Accounts one portfolio reply values at most. */
export const MAX_PORTFOLIO_ACCOUNTS = 64;

const RANGES = Object.keys(ACCOUNT_HISTORY_RANGES) as [keyof typeof ACCOUNT_HISTORY_RANGES, ...(keyof typeof ACCOUNT_HISTORY_RANGES)[]];

export const portfolioRoutes: RouteModule = (app, ctx) => {
  app.addHook("onRequest", async (request, reply) => {
    takeOrRefuse(ctx.limits.portfolio, request.ip, reply, RATE_LIMIT_ERRORS.portfolio);
  });

  app.get(
    "/api/accounts/:address/history",
    {
      schema: {
        summary: "A margin account's value, deposits and debt in USD over a range, and the interest it earned",
        description:
          `Points at the historic bank snapshots of the range (at most ${MAX_HISTORY_POINTS}, spread evenly, from the account's first indexed change on): ` +
          "the account's balances as the indexer recorded them by then, valued with each bank's share values and price of that snapshot. " +
          "interestEarned is, per bank, the change of the deposit less deposits plus withdrawals, minus the change of the debt less borrows " +
          "plus repays, from the first point to the last, in tokens valued at the last point's price (liquidations count as a loss); " +
          "null with fewer than two points. With bank, only the account's balance in that bank is counted.",
        tags: ["accounts"],
        params: z.object({ address: addressSchema }),
        querystring: z.object({
          range: z.enum(RANGES, { error: `must be one of ${RANGES.join(", ")}` }).default("7d"),
          bank: addressSchema.optional().describe("Only the account's balance in this bank."),
        }),
      },
    },
    async (request): Promise<AccountHistoryReply> =>
      accountHistory(ctx.db, request.params.address, request.query.range, ctx.now(), request.query.bank),
  );

  app.get(
    "/api/portfolio",
    {
      schema: {
        summary:
          "The wallet's margin accounts in every market: each one's deposits, debt, value and health, the total and the worst health",
        description: `Markets in the server's order, accounts in opening order; USD at the unbiased real-time prices of POST /api/account-info's positions (a position without a price counts for nothing). At most ${MAX_PORTFOLIO_ACCOUNTS} accounts; more answers 422.`,
        tags: ["accounts"],
        querystring: z.object({
          authority: addressSchema,
          minContextSlot: z.coerce
            .number()
            .int()
            .nonnegative()
            .optional()
            .describe("A slot the reader has seen one of the accounts change at: no cached account view read before it is used."),
        }),
      },
    },
    async (request): Promise<PortfolioReply> => {
      const { authority, minContextSlot } = request.query;
      let owned;
      try {
        owned = await fetchAuthorityMarginAccounts(ctx.connection, ctx.config.programId, authority);
      } catch (error) {
        throw upstreamError(`Failed to read margin accounts from the ledger: ${errorMessage(error) ?? "unknown error"}`);
      }
      const served = owned.filter((a) => ctx.markets.serves(a.account.group));
      if (served.length > MAX_PORTFOLIO_ACCOUNTS) {
        throw new HttpError(422, `The wallet has ${served.length} accounts; the portfolio values at most ${MAX_PORTFOLIO_ACCOUNTS}`);
      }
      const markets = await Promise.all(
        ctx.config.markets.map(async (market) => {
          const addresses = served
            .filter((a) => a.account.group === market.group)
            .map((a) => a.address)
            .sort(compareAddresses);
          const accounts = await Promise.all(
            (await inOpeningOrder(ctx.db, addresses)).map((address) => ctx.accountViews(address, minContextSlot)),
          );
          return { market, accounts };
        }),
      );
      const summary = portfolioSummary(markets);
      const text = fx.toDecimal;
      return {
        authority,
        markets: summary.markets.map(({ market, accounts, value }) => ({
          group: market.group,
          name: market.name,
          value: text(value),
          accounts: accounts.map((a) => ({
            address: a.address,
            deposits: text(a.deposits),
            debt: text(a.debt),
            value: text(a.value),
            healthFactor: text(a.healthFactor),
            liquidationRisk: a.liquidationRisk,
          })),
        })),
        totalValue: text(summary.totalValue),
        worstHealth:
          summary.worstHealth === null
            ? null
            : {
                account: summary.worstHealth.account.address,
                group: summary.worstHealth.market.group,
                healthFactor: text(summary.worstHealth.account.healthFactor),
              },
      };
    },
  );
};
