// What the web app needs to know about the server it is served by: the program, which chain (the local one has the
// faucet and the price control), where its JSON-RPC is on the same origin, the markets with their names, and the token
// metadata.
import type { AppConfig } from "@ballast/sdk";
import type { RouteModule } from "../app.js";
import { ASSET_CATEGORIES } from "../config.js";

/** The path of the JSON-RPC passthrough (routes/rpc.ts) on the server's own origin. */
export const RPC_PATH = "/rpc";

export const configRoutes: RouteModule = (app, ctx) => {
  const { config } = ctx;
  const reply: AppConfig = {
    programId: config.programId,
    cluster: ctx.faucet ? "local" : "remote",
    rpcPath: RPC_PATH,
    authEnabled: config.authEnabled,
    faucet: ctx.faucet !== null,
    priceControl: ctx.priceControl !== null,
    markets: config.markets.map((market, index) => ({ group: market.group, name: market.name, main: index === 0 })),
    tokens: config.tokens.map((token) => ({
      mint: token.mint,
      symbol: token.symbol,
      name: token.name,
      category: token.category ?? "Other",
    })),
    explorer: ctx.faucet ? null : { transactionUrl: config.explorerTransactionUrl, addressUrl: config.explorerAddressUrl },
  };

  app.get(
    "/api/config",
    {
      schema: {
        summary: "The app's settings: program, cluster, JSON-RPC path, sign-in, faucet, price control, markets and token metadata",
        description:
          'cluster is "local" when the server runs the local chain\'s faucet, else "remote"; rpcPath is the JSON-RPC ' +
          "passthrough on this origin; priceControl is true when /api/sandbox/prices can set prices (the local chain with " +
          "the sandbox's price walk); markets list the main market first (main: true); a token's category is one of " +
          `${ASSET_CATEGORIES.map((c) => `"${c}"`).join(", ")} ("Other" when the token file names none); explorer is null on ` +
          "the local chain (the app's own /tx and /address pages) and elsewhere the external explorer's URL templates.",
        tags: ["config"],
      },
    },
    async (): Promise<AppConfig> => reply,
  );
};
