// What the web app needs to know about the server it is served by: the program, which chain (the local one has the
// faucet and the price control), where its JSON-RPC is on the same origin, the markets with their names, and the token
// metadata.
import type { AppConfig, TokenInfo } from "@ballast/sdk";
import type { RouteModule } from "../app.js";
import { ASSET_CATEGORIES, type TokenListEntry, type TokenMetadata } from "../config.js";

/** The path of the JSON-RPC passthrough (routes/rpc.ts) on the server's own origin. */
export const RPC_PATH = "/rpc";

/** The token metadata with the token list's logos; the list's other tokens follow, under "Other". */
function appTokens(tokens: readonly TokenMetadata[], tokenList: readonly TokenListEntry[]): TokenInfo[] {
  const logos = new Map(tokenList.flatMap((entry) => (entry.logoURI ? [[entry.address, entry.logoURI] as const] : [])));
  const known = new Set(tokens.map((token) => token.mint));
  const withLogo = (mint: string) => (logos.has(mint) ? { logoURI: logos.get(mint)! } : {});
  return [
    ...tokens.map((token) => ({
      mint: token.mint,
      symbol: token.symbol,
      name: token.name,
      category: token.category ?? "Other",
      ...withLogo(token.mint),
    })),
    ...tokenList
      .filter((entry) => !known.has(entry.address))
      .map((entry) => ({
        mint: entry.address,
        symbol: entry.symbol,
        name: entry.name,
        category: "Other" as const,
        ...withLogo(entry.address),
      })),
  ];
}

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
    tokens: appTokens(config.tokens, config.tokenList),
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
          `${ASSET_CATEGORIES.map((c) => `"${c}"`).join(", ")} ("Other" when the token file names none); logoURI is the ` +
          "token list's logo of the token (TOKEN_LIST_FILE), absent without one; explorer is null on the local chain (the " +
          "app's own /tx and /address pages) and elsewhere the external explorer's URL templates.",
        tags: ["config"],
      },
    },
    async (): Promise<AppConfig> => reply,
  );
};
