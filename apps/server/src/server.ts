// Starts the whole server: database (migrated), chain connection, HTTP app and background jobs; `close()` stops
// them in reverse order, letting requests and job runs in flight finish.
import { NATIVE_MINT } from "@solana/spl-token";
import { pino } from "pino";
import type { FastifyInstance } from "fastify";
import type { LocalRpcHandler } from "@ballast/ledger";
import { buildApp, type RouteContext } from "./app.js";
import { accountViews } from "./chain/accounts.js";
import { marketService } from "./chain/market.js";
import { checkMarkets, type ServerConfig } from "./config.js";
import { chainConnection } from "./context.js";
import { openDatabase } from "./db/database.js";
import type { Faucet } from "./faucet.js";
import type { PriceControl } from "./price-control.js";
import { indexerJob } from "./indexer/indexer.js";
import { bankHistoryJob } from "./jobs/bank-history.js";
import { bankStatesJob } from "./jobs/bank-states.js";
import { lstApys } from "./jobs/lst-rates.js";
import { ttlCache } from "./chain/cache.js";
import { pointsJob } from "./jobs/points.js";
import { purgeJob } from "./jobs/purge.js";
import { ClientRateLimiter } from "./rate-limit.js";
import { priorityFeeService } from "./chain/priority-fees.js";
import { SwapVenue } from "./chain/swap-venue.js";
import { swapPoolsJob } from "./jobs/swap-pools.js";
import { startJobs, type ScheduledJob } from "./jobs/scheduler.js";
import { openLeadership, type Leadership } from "./jobs/leadership.js";

export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly context: RouteContext;
  /** The background jobs, also callable by hand (tests run them with their intervals at 0). */
  readonly jobs: {
    readonly indexer: ScheduledJob;
    readonly bankHistory: ScheduledJob;
    readonly bankStates: ScheduledJob;
    readonly points: ScheduledJob;
    readonly purge: ScheduledJob;
    readonly swapPools: ScheduledJob;
  };
  /** Whether this instance runs the jobs led across the instances sharing its database. */
  readonly leadership: Leadership;
  /** Scheduled runs this instance made of each job, by name (hand runs through `jobs` not counted). */
  jobRuns(): Readonly<Record<string, number>>;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly now?: () => number;
  /** Test funds for wallets: given on the local chain only, where it also makes `/api/config` say "local". */
  readonly faucet?: Faucet;
  /** Sets and holds oracle prices (`/api/sandbox/prices`): given on the local chain only, with the faucet. */
  readonly priceControl?: PriceControl;
  /**
   * The ledger's JSON-RPC in this process (`npm start` runs both in one): /rpc answers through it without an HTTP
   * round trip to the ledger. Absent, /rpc forwards to config.rpcUrl.
   */
  readonly ledgerRpc?: LocalRpcHandler;
}

/** Restricted swap routes pass through wrapped SOL and the token list's USDC unless configured otherwise. */
function defaultIntermediateMints(config: ServerConfig): string[] {
  return [NATIVE_MINT.toBase58(), ...config.tokens.filter((token) => token.symbol === "USDC").map((token) => token.mint)];
}

export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  checkMarkets(config.group, config.markets);
  const log = pino({ level: config.logLevel, base: { service: "ballast-server" } });
  const database = await openDatabase(config, log);
  const connection = chainConnection(config);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  // Read again with the market snapshots; a database fault leaves lst_apy null, not the banks.
  const yields = ttlCache(config.marketCacheMs, () =>
    lstApys(database.db, now()).catch((error: unknown) => {
      log.warn({ err: error }, "no LST yields: reading the exchange-rate history failed");
      return new Map<string, number>();
    }),
  );
  const markets = marketService(connection, config, () => yields.get());
  const context: RouteContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    connection,
    log,
    now,
    markets,
    accountViews: accountViews(connection, config, markets),
    faucet: options.faucet ?? null,
    priceControl: options.priceControl ?? null,
    ledgerRpc: options.ledgerRpc ?? null,
    swap: new SwapVenue(connection, {
      intermediateMints: config.swapIntermediateMints ?? defaultIntermediateMints(config),
      lookupTables: config.swapLookupTables,
    }),
    fees: priorityFeeService(connection, now),
    limits: {
      challenges: new ClientRateLimiter(config.challengeRateLimit, now),
      faucet: new ClientRateLimiter(config.faucetClientLimit, now),
      swap: new ClientRateLimiter(config.swapRateLimit, now),
      prices: new ClientRateLimiter(config.priceControlRateLimit, now),
      badDebt: new ClientRateLimiter(config.badDebtRateLimit, now),
      liquidationRecords: new ClientRateLimiter(config.liquidationRecordRateLimit, now),
      portfolio: new ClientRateLimiter(config.portfolioRateLimit, now),
      explorer: new ClientRateLimiter(config.explorerRateLimit, now),
    },
  };
  const jobs = {
    indexer: indexerJob(context),
    bankHistory: bankHistoryJob(context),
    bankStates: bankStatesJob(context),
    points: pointsJob(context),
    purge: purgeJob(context),
    swapPools: swapPoolsJob(context),
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(context);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  const leadership = openLeadership(config, log);
  // The database's shared state is written by the leader alone. Purging expired rows is harmless to repeat, and it
  // also forgets this instance's rate-limit clients; the swap pools are this instance's snapshot for its quotes.
  const scheduler = startJobs(
    { led: [jobs.indexer, jobs.bankHistory, jobs.bankStates, jobs.points], everywhere: [jobs.purge, jobs.swapPools] },
    leadership,
    log,
  );
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  log.info(
    {
      port,
      database: database.dialect,
      rpc: config.rpcUrl,
      group: config.group,
      markets: config.markets.length,
      faucet: context.faucet !== null,
      priceControl: context.priceControl !== null,
    },
    "server listening",
  );

  let closing: Promise<void> | null = null;
  return {
    url: `http://${config.host}:${port}`,
    app,
    context,
    jobs,
    leadership,
    jobRuns: () => scheduler.runs(),
    close() {
      closing ??= (async () => {
        await app.close();
        await scheduler.stop();
        await leadership.close();
        await database.close();
        log.info("server stopped");
      })();
      return closing;
    },
  };
}
