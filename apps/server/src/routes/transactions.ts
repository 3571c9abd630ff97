// Simulating, sending and bundling signed transactions, and the priority fee and bundle tip tiers. Replies share
// the SDK client's shape { success, data, error, errorType, details }; a transaction that fails is answered 200
// with success false, since that is the ledger's answer and not a server failure.
import { decodeBank } from "@ballast/protocol";
import {
  toBankDto,
  type BankDto,
  type BundleTipsReply,
  type PriorityFeesReply,
  type SendBundleReply,
  type SendReply,
  type SimulateReply,
  type SimulationData,
} from "@ballast/sdk";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import {
  MAX_ENCODED_TRANSACTION_LENGTH,
  MAX_TRANSACTIONS,
  MAX_TRANSACTION_BYTES,
  decodeWireTransaction,
  sendBundle,
  sendTransactions,
  simulateTransactions,
} from "../chain/transactions.js";
import { badRequest } from "../errors.js";
import { addressSchema } from "./accounts.js";

const transactionSchema = z
  .string()
  .max(MAX_ENCODED_TRANSACTION_LENGTH, `larger than ${MAX_TRANSACTION_BYTES} bytes`)
  .transform((text, ctx) => {
    const decoded = decodeWireTransaction(text);
    if (typeof decoded === "string") {
      ctx.addIssue({ code: "custom", message: decoded });
      return z.NEVER;
    }
    return decoded;
  });

const transactionsSchema = z
  .array(transactionSchema)
  .min(1, "at least one transaction is required")
  .max(MAX_TRANSACTIONS, `at most ${MAX_TRANSACTIONS} transactions`)
  .describe("Serialized signed transactions, base64, in execution order");

const simulateConfigSchema = z
  .object({
    skipSigVerify: z.boolean().default(false),
    replaceRecentBlockhash: z.boolean().default(false),
    simulationBank: addressSchema.optional().describe("A bank of one of the markets whose state after the transactions to return"),
  })
  // A replaced blockhash changes the signed message: the signatures could not verify.
  .refine((config) => config.skipSigVerify || !config.replaceRecentBlockhash, {
    message: "requires skipSigVerify: signatures cannot be verified over a replaced blockhash",
    path: ["replaceRecentBlockhash"],
  });

const sendConfigSchema = z.object({
  skipSigVerify: z.boolean().default(false).describe("Send without the ledger's preflight simulation"),
  confirmCommitment: z.literal("confirmed").optional(),
});

/**
 * The bank as the simulation left it, with the listed bank's off-chain facts; null when the transactions left it in
 * a state the app does not decode (a bank killed by bankruptcy).
 */
function simulatedBankDto(listed: BankDto, data: Buffer): BankDto | null {
  try {
    return toBankDto(listed.bank_address, decodeBank(data), {
      symbol: listed.symbol,
      name: listed.name,
      tokenProgram: listed.token_program_address,
      usdPrice: listed.usd_price,
      lstApy: listed.lst_apy,
      // The simulation returns the bank's account only: the insurance fund is the listed one.
      insuranceVaultBalance: listed.insurance_vault_balance === null ? null : BigInt(listed.insurance_vault_balance),
    });
  } catch {
    return null;
  }
}

export const transactionRoutes: RouteModule = (app, ctx) => {
  const resolution = { lendingProgramId: ctx.config.programId };
  const { fees } = ctx;

  /** The bank's pre-simulation DTO: it must be one of the markets' listed banks. */
  async function listedBank(address: string): Promise<BankDto> {
    const dto = (await ctx.markets.bankDtos()).find((b) => b.bank_address === address);
    if (!dto) throw badRequest(`Bank ${address} not found`, { field: "body.config.simulationBank" });
    return dto;
  }

  app.post(
    "/api/transaction/simulate",
    {
      schema: {
        summary: "Simulate transactions: one alone, several as a bundle",
        description:
          "data: unitsConsumed (all transactions), logs, per-transaction results and, with config.simulationBank, that " +
          "bank as the last transaction leaves it (null if it no longer exists). A failing transaction answers success " +
          "false, errorType 'simulation', the program error's description and details { failedIndex, err, logs, ... }.",
        tags: ["transactions"],
        body: z.object({ transactions: transactionsSchema, config: simulateConfigSchema.optional() }),
      },
    },
    async (request): Promise<SimulateReply> => {
      const { transactions } = request.body;
      const config = request.body.config ?? { skipSigVerify: false, replaceRecentBlockhash: false };
      const bank = config.simulationBank ? await listedBank(config.simulationBank) : null;
      const outcome = await simulateTransactions(
        ctx.config.rpcUrl,
        transactions,
        { skipSigVerify: config.skipSigVerify, replaceRecentBlockhash: config.replaceRecentBlockhash, bank: bank?.bank_address ?? null },
        resolution,
      );
      if (!outcome.success) return outcome;
      const data: SimulationData = {
        unitsConsumed: outcome.transactions.reduce((total, t) => total + t.unitsConsumed, 0),
        logs: outcome.transactions.flatMap((t) => t.logs),
        transactions: outcome.transactions,
        ...(bank ? { simulationBank: outcome.bankData && simulatedBankDto(bank, outcome.bankData) } : {}),
      };
      return { success: true, data };
    },
  );

  app.post(
    "/api/transaction/send",
    {
      schema: {
        summary: "Send transactions in order, each confirmed before the next",
        description:
          "data: the signatures. One already processed counts as sent, so a retry resumes. On failure: success false, " +
          "errorType 'sending', details { signaturesLanded, failedIndex, logs, programId, code }.",
        tags: ["transactions"],
        body: z.object({ transactions: transactionsSchema, config: sendConfigSchema.optional() }),
      },
    },
    async (request): Promise<SendReply> => {
      const { transactions, config } = request.body;
      return sendTransactions(
        ctx.config.rpcUrl,
        ctx.connection,
        transactions,
        { skipPreflight: config?.skipSigVerify ?? false },
        resolution,
      );
    },
  );

  app.post(
    "/api/transaction/send-bundle",
    {
      schema: {
        summary: "Send transactions as one atomic bundle through the block engine",
        description:
          "data: the bundle id, once the bundle is confirmed. One of the transactions must tip a tip account; the block " +
          "engine always verifies signatures, so config.skipSigVerify does not apply. On failure: " +
          "success false, errorType 'sending', error 'API bundle failed: …', details { bundleId, logs, ... }.",
        tags: ["transactions"],
        body: z.object({ transactions: transactionsSchema, config: sendConfigSchema.optional() }),
      },
    },
    async (request): Promise<SendBundleReply> => sendBundle(ctx.config.rpcUrl, request.body.transactions, resolution),
  );

  app.get(
    "/api/priority-fees/rpc",
    {
      schema: {
        summary: "Compute-unit price tiers (µlamports per CU) from recent prioritization fees",
        description:
          "The SDK's tiers (0.7, 1.5 and 2 times the median within the observed bounds) over the recent slots that landed a " +
          "priced transaction, each at least 50 µlamports; all 50 when none did. Cached 10 s.",
        tags: ["fees"],
      },
    },
    (): Promise<PriorityFeesReply> => fees.rpc(),
  );

  app.get(
    "/api/priority-fees/bundle",
    {
      schema: {
        summary: "Bundle tip tiers (lamports) from recent tips",
        description:
          "0.8, 1.2 and 1.5 times the 75th percentile of the tips in the latest 50 tipping transactions, clamped to " +
          "10,000–1,000,000 lamports; the SDK's fallback tips when none were paid. Cached 30 s.",
        tags: ["fees"],
      },
    },
    (): Promise<BundleTipsReply> => fees.bundle(),
  );
};
