// A wallet's margin accounts, one account's state and health, and a wallet's token balances.
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { z } from "zod";
import {
  errorMessage,
  fetchMarginAccounts,
  fetchWalletBalances,
  type AccountAddressesReply,
  type AccountDto,
  type UserBalanceReply,
} from "@ballast/sdk";
import type { RouteModule } from "../app.js";
import { compareAddresses } from "../chain/market.js";
import { forbidden, upstreamError } from "../errors.js";
import { isAddress } from "../addresses.js";
import { inOpeningOrder } from "../indexer/account-order.js";

/** A base58 public key. */
export const addressSchema = z.string().refine(isAddress, { message: "not a valid base58 address" });

/** A wallet asks for at most this many token balances at once. */
export const MAX_BALANCE_TOKENS = 100;

const ledgerFailure = (what: string, error: unknown) =>
  upstreamError(`Failed to read ${what} from the ledger: ${errorMessage(error) ?? "unknown error"}`);

export const accountRoutes: RouteModule = (app, ctx) => {
  const servedGroup = z
    .string()
    .refine((group) => ctx.markets.serves(group), { message: `must be one of the server's markets: ${ctx.markets.groups.join(", ")}` })
    .optional()
    .describe("The market's group; the main market when not given.");

  app.get(
    "/api/account-addresses",
    {
      schema: {
        summary: "The wallet's margin accounts in a market",
        description:
          "Addresses of the margin accounts in the market's group whose authority is the wallet, in the order they were opened (by the first activity indexed for each; accounts not indexed yet last, in byte order); an account transferred to another wallet (migrated_to set) is not listed.",
        tags: ["accounts"],
        querystring: z.object({ authority: addressSchema, group: servedGroup }),
      },
    },
    async (request): Promise<AccountAddressesReply> => {
      let accounts;
      try {
        const group = request.query.group ?? ctx.config.group;
        accounts = await fetchMarginAccounts(ctx.connection, ctx.config.programId, group, request.query.authority);
      } catch (error) {
        throw ledgerFailure("margin accounts", error);
      }
      return { ballastAccounts: await inOpeningOrder(ctx.db, accounts.map((a) => a.address).sort(compareAddresses)) };
    },
  );

  app.post(
    "/api/account-info",
    {
      schema: {
        summary: "A margin account of any of the server's markets: balances, flags, health cache and positions",
        description:
          "Banks and prices come from the server's snapshot of the account's market. The health cache is the program's own from a simulated " +
          "pulse-health transaction (simulationStatus 0), or the SDK's local computation when the simulation cannot run " +
          "(simulationStatus 2, with simulationError). Views are cached for about a second; slot is the ledger slot the account was read " +
          "at, and a view read before minContextSlot is never served. bankMap and bankMetadataMap are accepted for compatibility and ignored.",
        tags: ["accounts"],
        body: z.object({
          accountKey: addressSchema,
          authorityKey: addressSchema,
          minContextSlot: z
            .number()
            .int()
            .nonnegative()
            .optional()
            .describe("A slot the reader has seen the account at: a cached view read before it is not served."),
          bankMap: z.record(z.string(), z.unknown()).optional(),
          bankMetadataMap: z.record(z.string(), z.unknown()).optional(),
        }),
      },
    },
    async (request): Promise<AccountDto> => {
      const { accountKey, authorityKey, minContextSlot } = request.body;
      const view = await ctx.accountViews(accountKey, minContextSlot);
      if (view.authority !== authorityKey) throw forbidden(`Account ${accountKey} does not belong to authority ${authorityKey}`);
      return view;
    },
  );

  app.post(
    "/api/user-balance",
    {
      schema: {
        summary: "A wallet's native SOL and associated token account balances",
        tags: ["accounts"],
        body: z.object({
          address: addressSchema,
          tokens: z
            .array(
              z.object({
                tokenProgram: z.enum([TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]),
                mint: addressSchema,
                decimal: z.number().int().min(0).max(255),
              }),
            )
            .max(MAX_BALANCE_TOKENS),
        }),
      },
    },
    async (request): Promise<UserBalanceReply> => {
      const { address, tokens } = request.body;
      try {
        return await fetchWalletBalances(
          ctx.connection,
          address,
          tokens.map((t) => ({ mint: t.mint, decimals: t.decimal, tokenProgram: t.tokenProgram })),
        );
      } catch (error) {
        throw ledgerFailure("wallet balances", error);
      }
    },
  );
};
