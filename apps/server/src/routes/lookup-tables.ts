// The market's address lookup tables (the reference app's /api/bankData/lutData): the web app loads its actions' keys
// from them, so an account holding many banks still fits its health check in one transaction. Configured per market
// (the sandbox makes one per market at each start); a market without any answers an empty list.
import { z } from "zod";
import type { LookupTablesReply } from "@ballast/sdk";
import type { RouteModule } from "../app.js";

export const lookupTableRoutes: RouteModule = (app, ctx) => {
  const tables = new Map(ctx.config.markets.map((market) => [market.group, market.lookupTables ?? []]));
  const servedGroup = z
    .string()
    .refine((group) => tables.has(group), { message: `must be one of the server's markets: ${[...tables.keys()].join(", ")}` })
    .optional()
    .describe("The market's group; the main market when not given.");

  app.get(
    "/api/lookup-tables",
    {
      schema: {
        summary: "The market's address lookup tables",
        description:
          "Addresses of the lookup tables holding the market's keys (its group, banks, mints, vaults and oracles), which " +
          "the app's transactions load keys from; an empty list when the server configures none for the market.",
        tags: ["config"],
        querystring: z.object({ group: servedGroup }),
      },
    },
    async (request): Promise<LookupTablesReply> => ({ addresses: [...tables.get(request.query.group ?? ctx.config.group)!] }),
  );
};
