// The local chain's explorer: a landed transaction and an account, read from the ledger and decoded here by the SDK's
// explorer (every program's own instruction tables and layouts), so the web app's pages only render. Limited per
// client address (config explorerRateLimit); a chain that cannot be reached answers 503.
import {
  accountDataDecoder,
  explorerAccount,
  explorerPrograms,
  explorerTransaction,
  type ExplorerAccount,
  type ExplorerTransaction,
} from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import { isAddress } from "../addresses.js";
import { HttpError, notFound } from "../errors.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";

/** Signatures an account page lists, newest first. */
export const RECENT_TRANSACTIONS = 25;

function isSignature(text: string): boolean {
  try {
    return bs58.decode(text).length === 64;
  } catch {
    return false;
  }
}

const transactionParams = z.object({
  signature: z.string().refine(isSignature, { message: "must be a base58 transaction signature (64 bytes)" }).describe("The signature."),
});

const addressParams = z.object({
  address: z.string().refine(isAddress, { message: "must be a base58 address" }).describe("The account's address."),
});

/** A chain read; a failure to reach the chain answers 503. */
async function fromChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new HttpError(503, `The chain could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const explorerRoutes: RouteModule = (app, ctx) => {
  const { config, connection } = ctx;
  const programs = explorerPrograms(config.programId);
  const decodeData = accountDataDecoder(config.programId);
  const symbols = new Map(config.tokens.map((token) => [token.mint, token.symbol]));

  app.addHook("onRequest", async (request, reply) => {
    takeOrRefuse(ctx.limits.explorer, request.ip, reply, RATE_LIMIT_ERRORS.explorer);
  });

  app.get(
    "/api/explorer/tx/:signature",
    {
      schema: {
        summary: "A landed transaction, decoded",
        description:
          "Status (and the program's error message), fee in lamports, compute units, slot, block time (ISO 8601), every " +
          "account key with its flags and SOL balances, every instruction with its program, name, named accounts and " +
          "arguments and its inner instructions, the token balance changes in UI units with symbols, and the logs. An " +
          "instruction of a program the chain does not run carries its data in hex. 404 when the ledger has no such " +
          "transaction, 503 when the chain cannot be reached.",
        tags: ["explorer"],
        params: transactionParams,
      },
    },
    async (request): Promise<ExplorerTransaction> => {
      const { signature } = request.params;
      const response = await fromChain(() =>
        connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }),
      );
      if (!response) throw notFound(`No transaction ${signature} on the chain`);
      return explorerTransaction(signature, response, { programs, lendingProgramId: config.programId, symbols });
    },
  );

  app.get(
    "/api/explorer/address/:address",
    {
      schema: {
        summary: "An account, decoded, with its recent transactions",
        description:
          "Owner (and the owner program's name), lamports and SOL, executable, data size, the data decoded by its " +
          `owner's layout (or its first bytes in hex when no layout reads it), and up to ${RECENT_TRANSACTIONS} recent ` +
          "transactions, newest first. 404 when the address holds no account and has no transactions, 503 when the chain " +
          "cannot be reached.",
        tags: ["explorer"],
        params: addressParams,
      },
    },
    async (request): Promise<ExplorerAccount> => {
      const { address } = request.params;
      const key = new PublicKey(address);
      const [info, signatures] = await fromChain(() =>
        Promise.all([
          connection.getAccountInfo(key, "confirmed"),
          connection.getSignaturesForAddress(key, { limit: RECENT_TRANSACTIONS }, "confirmed"),
        ]),
      );
      if (!info && signatures.length === 0) throw notFound(`No account or transaction at ${address}`);
      return explorerAccount(address, info, signatures, { programs, decodeData });
    },
  );
};
