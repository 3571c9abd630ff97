// The local chain's price control: anyone may set a token's oracle price and hold it for a while (to crash SOL and
// watch liquidations), or list every token's price and hold. Off the local chain there is no control and both routes
// refuse, as the faucet does; both are rate-limited per client address (config priceControlRateLimit).
import type { SandboxPriceRequest, SandboxPricesReply, SandboxPriceSuccess } from "@ballast/sdk";
import { z } from "zod";
import type { RouteContext, RouteModule } from "../app.js";
import { badRequest, forbidden, upstreamError } from "../errors.js";
import type { PriceControl } from "../price-control.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";

export const PRICE_CONTROL_PATH = "/api/sandbox/prices";

export const PRICE_CONTROL_ROUTE_ERRORS = {
  unavailable: "The price control is only available on the local chain",
  usd: "must be a number of USD above 0",
  holdSeconds: "must be a whole number of seconds",
} as const;

function controlOf(ctx: RouteContext): PriceControl {
  if (!ctx.priceControl) throw forbidden(PRICE_CONTROL_ROUTE_ERRORS.unavailable);
  return ctx.priceControl;
}

export const sandboxPriceRoutes: RouteModule = (app, ctx) => {
  app.addHook("onRequest", async (request, reply) => {
    controlOf(ctx);
    takeOrRefuse(ctx.limits.prices, request.ip, reply, RATE_LIMIT_ERRORS.prices);
  });

  app.get(
    PRICE_CONTROL_PATH,
    {
      schema: {
        summary: "Every token's oracle price, feed(s) and hold (local chain only)",
        description:
          "Answers { prices: [{ symbol, usd, family, oracles: [{ address, kind }], heldUntil }] }: usd is the feed's price now " +
          '(a decimal string, null before its first update), kind "pyth" or "switchboard", heldUntil the ISO time the ' +
          "random walk resumes (null when it moves the token). 403 off the local chain; 429 past PRICE_CONTROL_RATE_LIMIT.",
        tags: ["sandbox"],
      },
    },
    async (): Promise<SandboxPricesReply> => {
      try {
        return { prices: await controlOf(ctx).prices() };
      } catch (error) {
        throw upstreamError(`Reading the feeds failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  );

  app.post(
    PRICE_CONTROL_PATH,
    {
      schema: {
        summary: "Set a token's oracle price now and hold it (local chain only)",
        description:
          "Sets the token's feed (Pyth or Switchboard) to usd at once and holds it for holdSeconds (1 to 3600, default 300) " +
          "before the random walk resumes from it. A family's first token moves the rest with it (SOL moves its liquid " +
          "staking tokens at their exchange rates); another token moves alone. Answers { success: true, symbol, usd, " +
          "heldUntil, feeds: [{ symbol, address, kind, usd }] } once the update landed. 400 for an unknown symbol, a price " +
          "not above 0, above 1e9 or finer than the feed shows, or a bad hold; 403 off the local chain; 429 past " +
          "PRICE_CONTROL_RATE_LIMIT; 502 when the update did not land.",
        tags: ["sandbox"],
        body: z.object({
          symbol: z.string().trim().min(1).max(32).describe('The token ("SOL"; any case)'),
          usd: z.number({ error: PRICE_CONTROL_ROUTE_ERRORS.usd }).describe("The price in USD"),
          holdSeconds: z
            .number({ error: PRICE_CONTROL_ROUTE_ERRORS.holdSeconds })
            .optional()
            .describe("How long the price holds before the walk resumes: 1 to 3600 seconds, 300 by default"),
        }),
      },
    },
    async (request): Promise<SandboxPriceSuccess> => {
      const { symbol, usd, holdSeconds }: SandboxPriceRequest = request.body;
      let result;
      try {
        result = await controlOf(ctx).setPrice(symbol, usd, holdSeconds);
      } catch (error) {
        throw upstreamError(error instanceof Error && error.message ? error.message : `Setting the price failed: ${String(error)}`);
      }
      if ("refused" in result) throw badRequest(result.refused);
      return { success: true as const, ...result.set };
    },
  );
};
