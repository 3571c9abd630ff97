// Jupiter's Swap API v1 over the Ballast swap venue, at /api/swap/v1: quotes from the pool snapshot the swap-pools
// job keeps (no RPC per quote), and the router's instructions or a whole v0 transaction for a quote. Request and
// response JSON follow Jupiter's published API, so Jupiter's own client works against this server.
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from "@solana/web3.js";
import {
  NATIVE_MINT,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { z } from "zod";
import { TIP_ACCOUNTS, priceForLamports, priorityFeeLamports, type PriorityTier } from "@ballast/sdk";
import {
  POOL_PROGRAM_ID,
  POOL_PROGRAM_LABEL,
  U64_MAX,
  exactOutRouteInstruction,
  formatPriceImpact,
  maximumIn,
  minimumOut,
  poolAddressesOf,
  routeInstruction,
  type QuotedRoute,
  type RouteHop,
} from "@ballast/swap";
import type { RouteContext, RouteModule } from "../app.js";
import type { PriorityFeeService } from "../chain/priority-fees.js";
import { HttpError, badRequest } from "../errors.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";
import type { VenueSnapshot } from "../chain/swap-venue.js";
import { addressSchema } from "./accounts.js";

export const SWAP_API_PREFIX = "/api/swap/v1";
/** Jupiter's default compute-unit limit when the limit is not simulated. */
export const DEFAULT_COMPUTE_UNIT_LIMIT = 1_400_000;
/** A simulated limit gets this much headroom. */
const SIMULATED_LIMIT_MARGIN = 1.2;
/** What "auto" pays at most, as Jupiter caps it. */
export const AUTO_PRIORITY_FEE_MAX_LAMPORTS = 5_000_000;
/** Jupiter's priority levels on the server's fee tiers (GET /api/priority-fees). */
const PRIORITY_TIERS: Record<"medium" | "high" | "veryHigh", PriorityTier> = { medium: "NORMAL", high: "HIGH", veryHigh: "ULTRA" };
/** The largest serialized transaction the chain accepts. */
export const PACKET_DATA_SIZE = 1232;

export const SWAP_ERRORS = {
  sameMint: "inputMint and outputMint must be different mints",
  unknownMint: (side: "input" | "output", mint: string) => `Unknown ${side} mint ${mint}: no pool trades it`,
  noRoute: (input: string, output: string, amount: string) => `No route found from ${input} to ${output} for amount ${amount}`,
  unknownPool: (pool: string) => `The route names ${pool}, which is not a pool of the venue; quote again`,
  brokenRoute: "The quote's routePlan does not lead from inputMint to outputMint hop by hop",
  platformFee: "Platform fees are not supported by this server",
  tooLarge: (bytes: number) =>
    `The swap transaction is ${bytes} bytes, over the ${PACKET_DATA_SIZE}-byte limit; quote again with a smaller maxAccounts`,
} as const;

const WHOLE_NUMBER = /^\d+$/;
// zod runs every check even after the pattern failed, so the range checks leave malformed text to the pattern's message.
const u64Text = z
  .string()
  .regex(WHOLE_NUMBER, "must be a whole number of base units")
  .refine((text) => !WHOLE_NUMBER.test(text) || BigInt(text) <= U64_MAX, "must fit in a u64");
const amountText = u64Text.refine((text) => !WHOLE_NUMBER.test(text) || BigInt(text) > 0n, "must be greater than zero");
const queryFlag = (fallback: boolean) =>
  z
    .enum(["true", "false"])
    .default(fallback ? "true" : "false")
    .transform((text) => text === "true");
const swapMode = z.enum(["ExactIn", "ExactOut"]);
const slippageBps = z.coerce.number().int().min(0).max(10_000);

/** DEX labels, comma separated or as repeated keys (Jupiter's client repeats them). */
const labelList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(","))
          .map((label) => label.trim())
          .filter(Boolean),
  );

const quoteQuery = z.object({
  inputMint: addressSchema.describe("The mint sold"),
  outputMint: addressSchema.describe("The mint bought"),
  amount: z.coerce.string().pipe(amountText).describe("Base units: the input amount for ExactIn, the output amount for ExactOut"),
  slippageBps: slippageBps.default(50).describe("Tolerance in basis points (0–10 000): on the output for ExactIn, the input for ExactOut"),
  swapMode: swapMode.default("ExactIn"),
  onlyDirectRoutes: queryFlag(false).describe("One-hop routes only"),
  restrictIntermediateTokens: queryFlag(true).describe("Two-hop routes only through the server's intermediate mints (wrapped SOL, USDC)"),
  maxAccounts: z.coerce.number().int().min(1).max(256).default(64).describe("Routes needing more distinct accounts are left out"),
  dexes: labelList.describe(`Only these DEX labels (see /program-id-to-label; every pool here is "${POOL_PROGRAM_LABEL}")`),
  excludeDexes: labelList.describe("Never these DEX labels"),
  platformFeeBps: z.coerce.number().int().min(0).max(0, SWAP_ERRORS.platformFee).optional(),
});

const swapInfoSchema = z.object({
  ammKey: addressSchema,
  label: z.string().optional(),
  inputMint: addressSchema,
  outputMint: addressSchema,
  inAmount: u64Text,
  outAmount: u64Text,
  feeAmount: z.string().optional(),
  feeMint: z.string().optional(),
});

const quoteResponseSchema = z.object({
  inputMint: addressSchema,
  inAmount: amountText,
  outputMint: addressSchema,
  outAmount: amountText,
  otherAmountThreshold: u64Text,
  swapMode,
  slippageBps: z.number().int().min(0).max(10_000),
  platformFee: z.object({ amount: z.string().optional(), feeBps: z.number().max(0, SWAP_ERRORS.platformFee).optional() }).nullish(),
  priceImpactPct: z.string(),
  routePlan: z
    .array(z.object({ swapInfo: swapInfoSchema, percent: z.number().int().min(0).max(100).nullish() }))
    .min(1)
    .max(2, "routes have at most two hops"),
  contextSlot: z.number().optional(),
  timeTaken: z.number().optional(),
});

const jitoTip = z.object({ jitoTipLamports: z.number().int().min(0) });
const prioritizationFee = z.union([
  z.number().int().min(0),
  z.enum(["auto", "disabled"]),
  jitoTip,
  z.object({
    priorityLevelWithMaxLamports: z.object({ priorityLevel: z.enum(["medium", "high", "veryHigh"]), maxLamports: z.number().int().min(0) }),
  }),
]);

const swapRequestSchema = z.object({
  userPublicKey: addressSchema.describe("The wallet that signs, pays the fees and owns the token accounts"),
  quoteResponse: quoteResponseSchema.describe("The /quote response, unmodified"),
  wrapAndUnwrapSol: z.boolean().default(true).describe("Wrap SOL input and unwrap SOL output in the wallet's wSOL account"),
  useSharedAccounts: z.boolean().optional().describe("Accepted; routes always use the wallet's own intermediate accounts"),
  dynamicComputeUnitLimit: z.boolean().default(false).describe("Simulate to set the compute-unit limit"),
  prioritizationFeeLamports: prioritizationFee
    .optional()
    .describe(
      'Lamports for priority: an integer; "auto" (the default: the server\'s NORMAL fee tier, at most 5 000 000 lamports); ' +
        "{ priorityLevelWithMaxLamports: { priorityLevel: medium | high | veryHigh, maxLamports } } (NORMAL, HIGH, ULTRA tiers); " +
        '"disabled"; or a Jito tip { jitoTipLamports } paid to a tip account in otherInstructions',
    ),
  computeUnitPriceMicroLamports: z.number().int().min(0).optional(),
  destinationTokenAccount: addressSchema.optional().describe("An existing token account receiving the output"),
  asLegacyTransaction: z.boolean().default(false),
  feeAccount: addressSchema.optional().describe("Refused: platform fees are not supported"),
  trackingAccount: addressSchema.optional().describe("Accepted; not added to the transaction"),
  skipUserAccountsRpcCalls: z
    .boolean()
    .default(false)
    .describe("Create every account the route needs without asking the chain which exist"),
});

type QuoteQuery = z.infer<typeof quoteQuery>;
type QuoteResponseBody = z.infer<typeof quoteResponseSchema>;
type SwapRequest = z.infer<typeof swapRequestSchema>;

/** Jupiter's instruction JSON. */
interface InstructionJson {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

function instructionJson(ix: TransactionInstruction): InstructionJson {
  return {
    programId: ix.programId.toBase58(),
    accounts: ix.keys.map((key) => ({ pubkey: key.pubkey.toBase58(), isSigner: key.isSigner, isWritable: key.isWritable })),
    data: ix.data.toString("base64"),
  };
}

function quoteResponse(route: QuotedRoute, query: QuoteQuery, slot: number, startedMs: number) {
  const otherAmountThreshold =
    route.swapMode === "ExactIn" ? minimumOut(route.outAmount, query.slippageBps) : maximumIn(route.inAmount, query.slippageBps);
  return {
    inputMint: query.inputMint,
    inAmount: route.inAmount.toString(),
    outputMint: query.outputMint,
    outAmount: route.outAmount.toString(),
    otherAmountThreshold: otherAmountThreshold.toString(),
    swapMode: route.swapMode,
    slippageBps: query.slippageBps,
    platformFee: null,
    priceImpactPct: formatPriceImpact(route.priceImpact),
    routePlan: route.hops.map((hop) => ({
      swapInfo: {
        ammKey: hop.pool.address,
        label: POOL_PROGRAM_LABEL,
        inputMint: hop.inputMint,
        outputMint: hop.outputMint,
        inAmount: hop.inAmount.toString(),
        outAmount: hop.outAmount.toString(),
        feeAmount: hop.feeAmount.toString(),
        feeMint: hop.inputMint,
      },
      percent: 100,
    })),
    contextSlot: slot,
    timeTaken: (performance.now() - startedMs) / 1000,
  };
}

/** The quote's hops as router hops, checked against the venue's pools and chained from input to output. */
function routeHops(quote: QuoteResponseBody, snapshot: VenueSnapshot): RouteHop[] {
  if (quote.inputMint === quote.outputMint) throw badRequest(SWAP_ERRORS.sameMint);
  let mint = quote.inputMint;
  const hops = quote.routePlan.map(({ swapInfo }) => {
    const pool = snapshot.pools.get(swapInfo.ammKey);
    if (!pool) throw badRequest(SWAP_ERRORS.unknownPool(swapInfo.ammKey));
    const { mintA, mintB } = pool.pool;
    const aToB = swapInfo.inputMint === mintA && swapInfo.outputMint === mintB;
    const bToA = swapInfo.inputMint === mintB && swapInfo.outputMint === mintA;
    if (swapInfo.inputMint !== mint || !(aToB || bToA)) throw badRequest(SWAP_ERRORS.brokenRoute);
    mint = swapInfo.outputMint;
    return { pool: poolAddressesOf(pool.address, pool.pool), aToB };
  });
  if (mint !== quote.outputMint) throw badRequest(SWAP_ERRORS.brokenRoute);
  return hops;
}

interface SwapParts {
  computeBudgetInstructions: TransactionInstruction[];
  setupInstructions: TransactionInstruction[];
  swapInstruction: TransactionInstruction;
  cleanupInstruction: TransactionInstruction | null;
  otherInstructions: TransactionInstruction[];
  computeUnitLimit: number;
  prioritizationFeeLamports: number;
}

/** The compute-unit price the request asks for, in micro-lamports, at `limit` units. */
async function unitPrice(body: SwapRequest, limit: number, fees: PriorityFeeService): Promise<number> {
  if (body.computeUnitPriceMicroLamports !== undefined) return body.computeUnitPriceMicroLamports;
  const fee = body.prioritizationFeeLamports;
  if (typeof fee === "number") return priceForLamports(fee, limit);
  if (fee === "disabled" || (typeof fee === "object" && "jitoTipLamports" in fee)) return 0;
  const [tier, maxLamports] =
    fee === undefined || fee === "auto"
      ? (["NORMAL", AUTO_PRIORITY_FEE_MAX_LAMPORTS] as const)
      : ([PRIORITY_TIERS[fee.priorityLevelWithMaxLamports.priorityLevel], fee.priorityLevelWithMaxLamports.maxLamports] as const);
  const tiers = (await chainCall(() => fees.rpc())).fees;
  return Math.min(tiers[tier], priceForLamports(maxLamports, limit));
}

async function swapParts(ctx: RouteContext, fees: PriorityFeeService, body: SwapRequest, snapshot: VenueSnapshot): Promise<SwapParts> {
  const quote = body.quoteResponse;
  if (body.feeAccount) throw badRequest(SWAP_ERRORS.platformFee);
  const hops = routeHops(quote, snapshot);
  const user = new PublicKey(body.userPublicKey);
  const [inputMint, outputMint] = [new PublicKey(quote.inputMint), new PublicKey(quote.outputMint)];
  const ata = (mint: PublicKey) => getAssociatedTokenAddressSync(mint, user, true);
  const source = ata(inputMint);
  const destination = body.destinationTokenAccount ? new PublicKey(body.destinationTokenAccount) : ata(outputMint);
  const intermediates = quote.routePlan.slice(1).map(({ swapInfo }) => {
    const mint = new PublicKey(swapInfo.inputMint);
    return { mint, address: ata(mint) };
  });
  const wrapsInput = body.wrapAndUnwrapSol && inputMint.equals(NATIVE_MINT);

  // Accounts the route writes to that may not exist yet: one RPC for all of them.
  const created = [
    ...intermediates,
    ...(body.destinationTokenAccount ? [] : [{ mint: outputMint, address: destination }]),
    ...(wrapsInput ? [{ mint: inputMint, address: source }] : []),
  ];
  const existing = body.skipUserAccountsRpcCalls
    ? created.map(() => null)
    : await chainCall(() => ctx.connection.getMultipleAccountsInfo(created.map(({ address }) => address)));
  const setupInstructions = created
    .filter((_, i) => !existing[i])
    .map(({ mint, address }) => createAssociatedTokenAccountIdempotentInstruction(user, address, user, mint));

  const exactIn = quote.swapMode === "ExactIn";
  if (wrapsInput) {
    // ExactOut may take up to the slippage-adjusted maximum; what is not spent comes back when the account closes.
    const lamports = exactIn ? BigInt(quote.inAmount) : BigInt(quote.otherAmountThreshold);
    setupInstructions.push(SystemProgram.transfer({ fromPubkey: user, toPubkey: source, lamports }), createSyncNativeInstruction(source));
  }
  const unwrapped = inputMint.equals(NATIVE_MINT)
    ? source
    : outputMint.equals(NATIVE_MINT) && !body.destinationTokenAccount
      ? destination
      : null;
  const cleanupInstruction = body.wrapAndUnwrapSol && unwrapped ? createCloseAccountInstruction(unwrapped, user, user) : null;

  const route = {
    hops,
    userTransferAuthority: user,
    userSourceTokenAccount: source,
    userDestinationTokenAccount: destination,
    intermediateTokenAccounts: intermediates.map(({ address }) => address),
    slippageBps: quote.slippageBps,
  };
  const swapInstruction = exactIn
    ? routeInstruction({ ...route, inAmount: BigInt(quote.inAmount), quotedOutAmount: BigInt(quote.outAmount) })
    : exactOutRouteInstruction({ ...route, outAmount: BigInt(quote.outAmount), quotedInAmount: BigInt(quote.inAmount) });

  const fee = body.prioritizationFeeLamports;
  const otherInstructions =
    typeof fee === "object" && "jitoTipLamports" in fee && fee.jitoTipLamports > 0
      ? [SystemProgram.transfer({ fromPubkey: user, toPubkey: tipAccount(), lamports: fee.jitoTipLamports })]
      : [];
  const computeUnitLimit = body.dynamicComputeUnitLimit
    ? await simulatedLimit(
        ctx,
        user,
        [...setupInstructions, swapInstruction, ...(cleanupInstruction ? [cleanupInstruction] : [])],
        snapshot,
      )
    : DEFAULT_COMPUTE_UNIT_LIMIT;
  const microLamports = await unitPrice(body, computeUnitLimit, fees);
  const computeBudgetInstructions = [ComputeBudgetProgram.setComputeUnitLimit({ units: computeUnitLimit })];
  if (microLamports > 0) computeBudgetInstructions.push(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }));
  return {
    computeBudgetInstructions,
    setupInstructions,
    swapInstruction,
    cleanupInstruction,
    otherInstructions,
    computeUnitLimit,
    prioritizationFeeLamports: priorityFeeLamports(microLamports, computeUnitLimit),
  };
}

function tipAccount(): PublicKey {
  const [first] = TIP_ACCOUNTS;
  if (!first) throw new Error("the SDK lists no tip accounts");
  return first;
}

/** The units a simulation of the transaction consumed, with headroom; the default limit when it cannot tell. */
async function simulatedLimit(
  ctx: RouteContext,
  user: PublicKey,
  instructions: TransactionInstruction[],
  snapshot: VenueSnapshot,
): Promise<number> {
  const { blockhash } = await chainCall(() => ctx.connection.getLatestBlockhash());
  const message = new TransactionMessage({
    payerKey: user,
    recentBlockhash: blockhash,
    instructions: [ComputeBudgetProgram.setComputeUnitLimit({ units: DEFAULT_COMPUTE_UNIT_LIMIT }), ...instructions],
  }).compileToV0Message([...snapshot.lookupTables]);
  const simulation = await chainCall(() =>
    ctx.connection.simulateTransaction(new VersionedTransaction(message), { sigVerify: false, replaceRecentBlockhash: true }),
  );
  const units = simulation.value.unitsConsumed;
  if (simulation.value.err || !units) return DEFAULT_COMPUTE_UNIT_LIMIT;
  return Math.min(DEFAULT_COMPUTE_UNIT_LIMIT, Math.ceil(units * SIMULATED_LIMIT_MARGIN));
}

/** A chain call; a failure to reach the chain answers 503. */
async function chainCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new HttpError(503, `The chain could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function serializedTransaction(parts: SwapParts, user: PublicKey, blockhash: string, snapshot: VenueSnapshot, legacy: boolean): Buffer {
  const instructions = [
    ...parts.computeBudgetInstructions,
    ...parts.setupInstructions,
    parts.swapInstruction,
    ...(parts.cleanupInstruction ? [parts.cleanupInstruction] : []),
    ...parts.otherInstructions,
  ];
  let bytes: Uint8Array;
  try {
    if (legacy) {
      const tx = new Transaction({ feePayer: user, recentBlockhash: blockhash }).add(...instructions);
      bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    } else {
      const message = new TransactionMessage({ payerKey: user, recentBlockhash: blockhash, instructions }).compileToV0Message([
        ...snapshot.lookupTables,
      ]);
      bytes = new VersionedTransaction(message).serialize();
    }
  } catch {
    // web3.js refuses to encode past the packet size; say how big it would be.
    const message = new TransactionMessage({ payerKey: user, recentBlockhash: blockhash, instructions }).compileToV0Message([
      ...snapshot.lookupTables,
    ]);
    throw badRequest(SWAP_ERRORS.tooLarge(message.serialize().length + 65));
  }
  if (bytes.length > PACKET_DATA_SIZE) throw badRequest(SWAP_ERRORS.tooLarge(bytes.length));
  return Buffer.from(bytes);
}

export const swapRoutes: RouteModule = (app, ctx) => {
  const { fees } = ctx;
  // The quote API is free to call: each client gets its share per window (config swapRateLimit).
  app.addHook("onRequest", async (request, reply) => {
    takeOrRefuse(ctx.limits.swap, request.ip, reply, RATE_LIMIT_ERRORS.swap);
  });

  app.get(
    `${SWAP_API_PREFIX}/quote`,
    {
      schema: {
        summary: "Quote a swap (Jupiter Swap API v1)",
        description:
          "The best one- or two-hop route over the venue's pools, Jupiter's QuoteResponse: inAmount, outAmount, " +
          "otherAmountThreshold (minimum out for ExactIn, maximum in for ExactOut), priceImpactPct (a fraction, as a decimal " +
          "string), routePlan with each hop's pool (ammKey), amounts and fee, contextSlot (the slot the pools were read at) " +
          "and timeTaken (seconds). 400 for an unknown mint, the same mint both sides, a zero or malformed amount, " +
          "slippageBps out of 0–10 000 or no route; 503 while the pools cannot be read from the chain; 429 past the " +
          "per-client limit (SWAP_RATE_LIMIT per SWAP_RATE_WINDOW_SECONDS).",
        tags: ["swap"],
        querystring: quoteQuery,
      },
    },
    async (request) => {
      const started = performance.now();
      const query = request.query;
      const snapshot = ctx.swap.snapshot();
      if (query.inputMint === query.outputMint) throw badRequest(SWAP_ERRORS.sameMint);
      if (!snapshot.index.hasMint(query.inputMint)) throw badRequest(SWAP_ERRORS.unknownMint("input", query.inputMint));
      if (!snapshot.index.hasMint(query.outputMint)) throw badRequest(SWAP_ERRORS.unknownMint("output", query.outputMint));
      const venueAllowed = (query.dexes?.includes(POOL_PROGRAM_LABEL) ?? true) && !query.excludeDexes?.includes(POOL_PROGRAM_LABEL);
      const route =
        venueAllowed &&
        snapshot.index.bestRoute({
          inputMint: query.inputMint,
          outputMint: query.outputMint,
          amount: BigInt(query.amount),
          swapMode: query.swapMode,
          onlyDirectRoutes: query.onlyDirectRoutes,
          restrictIntermediateTokens: query.restrictIntermediateTokens,
          maxAccounts: query.maxAccounts,
        });
      if (!route)
        throw badRequest(SWAP_ERRORS.noRoute(query.inputMint, query.outputMint, query.amount), { errorCode: "COULD_NOT_FIND_ANY_ROUTE" });
      return quoteResponse(route, query, snapshot.slot, started);
    },
  );

  app.post(
    `${SWAP_API_PREFIX}/swap-instructions`,
    {
      schema: {
        summary: "The instructions executing a quote (Jupiter Swap API v1)",
        description:
          "Jupiter's swap-instructions response for a /quote response and a wallet: computeBudgetInstructions, " +
          "setupInstructions (associated token accounts the route needs, SOL wrapping), swapInstruction (the router at " +
          "Jupiter v6's id), cleanupInstruction (unwrapping SOL), otherInstructions (a Jito tip when asked), " +
          "addressLookupTableAddresses, computeUnitLimit and prioritizationFeeLamports; instructions as { programId, " +
          "accounts: [{ pubkey, isSigner, isWritable }], data (base64) }. 400 for a quote naming unknown pools or a " +
          "platform fee; 503 while the chain cannot be reached.",
        tags: ["swap"],
        body: swapRequestSchema,
      },
    },
    async (request) => {
      const snapshot = ctx.swap.snapshot();
      const parts = await swapParts(ctx, fees, request.body, snapshot);
      return {
        tokenLedgerInstruction: null,
        computeBudgetInstructions: parts.computeBudgetInstructions.map(instructionJson),
        setupInstructions: parts.setupInstructions.map(instructionJson),
        swapInstruction: instructionJson(parts.swapInstruction),
        cleanupInstruction: parts.cleanupInstruction ? instructionJson(parts.cleanupInstruction) : null,
        otherInstructions: parts.otherInstructions.map(instructionJson),
        addressLookupTableAddresses: snapshot.lookupTables.map((table) => table.key.toBase58()),
        computeUnitLimit: parts.computeUnitLimit,
        prioritizationFeeLamports: parts.prioritizationFeeLamports,
      };
    },
  );

  app.post(
    `${SWAP_API_PREFIX}/swap`,
    {
      schema: {
        summary: "A transaction executing a quote (Jupiter Swap API v1)",
        description:
          "The swap-instructions in one unsigned transaction (v0 with the venue's lookup tables, or legacy with " +
          "asLegacyTransaction) with the wallet as fee payer: { swapTransaction (base64), lastValidBlockHeight, " +
          "prioritizationFeeLamports, computeUnitLimit }. 400 when it would exceed 1 232 bytes (quote again with a smaller " +
          "maxAccounts); 503 while the chain cannot be reached.",
        tags: ["swap"],
        body: swapRequestSchema,
      },
    },
    async (request) => {
      const snapshot = ctx.swap.snapshot();
      const parts = await swapParts(ctx, fees, request.body, snapshot);
      const { blockhash, lastValidBlockHeight } = await chainCall(() => ctx.connection.getLatestBlockhash());
      const user = new PublicKey(request.body.userPublicKey);
      const bytes = serializedTransaction(parts, user, blockhash, snapshot, request.body.asLegacyTransaction);
      return {
        swapTransaction: bytes.toString("base64"),
        lastValidBlockHeight,
        prioritizationFeeLamports: parts.prioritizationFeeLamports,
        computeUnitLimit: parts.computeUnitLimit,
      };
    },
  );

  app.get(
    `${SWAP_API_PREFIX}/program-id-to-label`,
    {
      schema: {
        summary: "DEX labels by program id (Jupiter Swap API v1)",
        description: "Every pool program the routes use, { programId: label }, as swapInfo.label names them.",
        tags: ["swap"],
      },
    },
    async () => ({ [POOL_PROGRAM_ID]: POOL_PROGRAM_LABEL }),
  );
};
