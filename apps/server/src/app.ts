// The HTTP application: schema validation (zod), the OpenAPI document, JSON errors, the API routes and the web
// app's static files. Building it opens nothing; `server.ts` wires it to the database, the chain and the jobs.
import { createServer } from "node:http";
import type { LocalRpcHandler } from "@ballast/ledger";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ErrorReply, FieldIssue } from "@ballast/sdk";
import type { AccountViews } from "./chain/accounts.js";
import type { MarketService } from "./chain/market.js";
import { registerCompression } from "./compression.js";
import type { ServerContext } from "./context.js";
import { isDatabaseTimeout, isDatabaseUnavailable } from "./db/database.js";
import { DATABASE_TIMED_OUT, DATABASE_UNAVAILABLE, HttpError } from "./errors.js";
import type { Faucet } from "./faucet.js";
import type { PriceControl } from "./price-control.js";
import type { PriorityFeeService } from "./chain/priority-fees.js";
import type { SwapVenue } from "./chain/swap-venue.js";
import type { ClientRateLimiter } from "./rate-limit.js";
import { accountRoutes } from "./routes/accounts.js";
import { activityRoutes } from "./routes/activity.js";
import { authRoutes } from "./routes/auth.js";
import { badDebtRoutes } from "./routes/bad-debt.js";
import { bankRoutes } from "./routes/banks.js";
import { configRoutes } from "./routes/config.js";
import { explorerRoutes } from "./routes/explorer.js";
import { faucetRoutes } from "./routes/faucet.js";
import { labelRoutes } from "./routes/labels.js";
import { liquidationRecordRoutes } from "./routes/liquidation-record.js";
import { portfolioRoutes } from "./routes/portfolio.js";
import { lookupTableRoutes } from "./routes/lookup-tables.js";
import { oracleRoutes } from "./routes/oracles.js";
import { pointsRoutes } from "./routes/points.js";
import { createRpcProxy, rpcRoutes } from "./routes/rpc.js";
import { sandboxPriceRoutes } from "./routes/sandbox-prices.js";
import { swapRoutes } from "./routes/swap.js";
import { transactionRoutes } from "./routes/transactions.js";
import { logoOrigins } from "./config.js";
import { registerSecurityHeaders } from "./security-headers.js";
import { registerWebApp } from "./web.js";

/** What route modules are given. */
export interface RouteContext extends ServerContext {
  readonly markets: MarketService;
  /** Margin accounts as POST /api/account-info and GET /api/portfolio show them, one cache for both. */
  readonly accountViews: AccountViews;
  /** The local chain's faucet; null on any other chain. */
  readonly faucet: Faucet | null;
  /** The local chain's price control (the sandbox's price walk); null on any other chain. */
  readonly priceControl: PriceControl | null;
  /** The ledger's JSON-RPC in this process, which /rpc answers through; null: /rpc forwards to config.rpcUrl. */
  readonly ledgerRpc: LocalRpcHandler | null;
  /** The swap venue's pools, for the quote API. */
  readonly swap: SwapVenue;
  /** Recent priority fees, one cache shared by the transaction builders and the swap API. */
  readonly fees: PriorityFeeService;
  /**
   * Per-client limits of the free endpoints (config: challengeRateLimit, faucetClientLimit, swapRateLimit,
   * priceControlRateLimit, badDebtRateLimit, liquidationRecordRateLimit, portfolioRateLimit, explorerRateLimit).
   */
  readonly limits: {
    readonly challenges: ClientRateLimiter;
    readonly faucet: ClientRateLimiter;
    readonly swap: ClientRateLimiter;
    readonly prices: ClientRateLimiter;
    readonly badDebt: ClientRateLimiter;
    readonly liquidationRecords: ClientRateLimiter;
    readonly portfolio: ClientRateLimiter;
    readonly explorer: ClientRateLimiter;
  };
}

/** The app as route modules see it: request types come from the zod schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type RouteModule = (app: TypedApp, context: RouteContext) => void | Promise<void>;

const ROUTES: readonly RouteModule[] = [
  configRoutes,
  lookupTableRoutes,
  authRoutes,
  bankRoutes,
  oracleRoutes,
  accountRoutes,
  transactionRoutes,
  activityRoutes,
  badDebtRoutes,
  liquidationRecordRoutes,
  portfolioRoutes,
  explorerRoutes,
  pointsRoutes,
  labelRoutes,
  faucetRoutes,
  sandboxPriceRoutes,
  swapRoutes,
];

/** What a 503 for a lost database tells clients to wait: the pool reconnects on the first query after that. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** "body.transactions.0" style path of the first failing field. */
function fieldOf(path: readonly PropertyKey[], part: string): string {
  return [part.replace(/^querystring$/, "query"), ...path.map(String)].join(".");
}

export async function buildApp(context: RouteContext): Promise<FastifyInstance> {
  const rpcProxy = createRpcProxy(context.config, context.log, context.ledgerRpc);
  const app = Fastify({
    // The JSON-RPC passthrough takes its requests before fastify does (routes/rpc.ts).
    serverFactory: (handler) =>
      createServer((request, response) => {
        if (!rpcProxy.handle(request, response)) handler(request, response);
      }),
    loggerInstance: context.log,
    bodyLimit: 2 * 1024 * 1024,
    // Per-request lines only when debugging: at load they cost more than the routes.
    logController: new LogController({ disableRequestLogging: context.config.logLevel !== "debug" && context.config.logLevel !== "trace" }),
    routerOptions: { ignoreTrailingSlash: true },
    // request.ip, which the rate limits count by, is the forwarded client's only behind a trusted balancer.
    trustProxy: context.config.trustedProxies.length > 0 ? [...context.config.trustedProxies] : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, logoOrigins(context.config.tokenList));
  registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Ballast API", description: "The Ballast lending app's HTTP API.", version: "0.1.0" },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? "body";
      // The zod provider keeps an issue's path only as the JSON pointer `instancePath` ("/a/0/b").
      const pathOf = (pointer: string) => pointer.split("/").filter(Boolean);
      const details = error.validation.map((v): FieldIssue => ({ field: fieldOf(pathOf(v.instancePath), part), message: v.message }));
      const [first] = details;
      if (first) {
        return reply.code(400).send({
          success: false,
          error: `Invalid ${first.field}: ${first.message}`,
          field: first.field,
          details,
        } satisfies ErrorReply);
      }
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, "upstream failure");
      return reply.code(error.statusCode).send({ success: false, error: error.message, details: error.details } satisfies ErrorReply);
    }
    const timedOut = isDatabaseTimeout(error);
    if (timedOut || isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, timedOut ? "database too slow" : "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ success: false, error: timedOut ? DATABASE_TIMED_OUT : DATABASE_UNAVAILABLE } satisfies ErrorReply);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ success: false, error: error.message } satisfies ErrorReply);
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ success: false, error: "Internal server error" } satisfies ErrorReply);
  });

  // On shutdown, requests in flight finish and their connections close instead of idling in keep-alive, so
  // close() returns as soon as the last reply is sent.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    rpcProxy.drain();
  });
  app.addHook("onClose", async () => rpcProxy.close());
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  await registerWebApp(app, context.config.webRoot);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
  for (const routes of [...ROUTES, rpcRoutes(rpcProxy)]) {
    await app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>(), context));
  }
  return app;
}
