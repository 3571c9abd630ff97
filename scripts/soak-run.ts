// A bounded soak of the whole product: started as `npm start` runs it on a fresh data directory, then for the given
// time wallets funded by its faucet deposit, withdraw, borrow and repay (real transactions over `/rpc`), readers poll
// the API and JSON-RPC, and websocket clients connect, subscribe and leave, while the product's process is sampled
// from /proc (resident memory, open file descriptors, threads). The verdict (soak-verdict.ts) holds memory growth
// after warm-up and the descriptors left once the load stops to stated bounds.
import { seededRandom } from "../packages/ledger/test/support/random.js";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FASTIFY_KEEP_ALIVE_MS } from "@ballast/ledger";
import { launchProduct } from "./product-process.js";
import {
  JournalConnection,
  TransactionJournal,
  act,
  emptyTally,
  fundedUser,
  loadMarketOf,
  marketCache,
  readApi,
  runUsers,
  type Counter,
  type LoadUser,
} from "./product-load.js";
import { rpcReads, websocketChurn } from "./soak-traffic.js";
import {
  MIN_MEASURED_SAMPLES,
  fdsBaseline,
  fdsCameBack,
  soakVerdict,
  type SoakBounds,
  type SoakSample,
  type SoakVerdict,
} from "./soak-verdict.js";

export interface SoakOptions {
  readonly durationMs: number;
  readonly intervalMs: number;
  readonly bounds: SoakBounds;
  /** Wallets acting at once; the faucet grants one client address five an hour. */
  readonly users: number;
  readonly apiReaders: number;
  readonly rpcReaders: number;
  /** Websocket clients churning at once. */
  readonly websocketClients: number;
  /** How long the load is stopped before descriptors are counted. */
  readonly quietSettleMs: number;
  /**
   * How long, after the settle, the end count may wait for descriptors to come back within the bound: idle keep-alive
   * sockets between the product's own parts close on their own timers (web3.js's 19 s, the ledger server's 72 s).
   */
  readonly quietDrainMs: number;
  /** Where the product keeps its data; a temporary directory, removed afterwards, when absent. */
  readonly dataDir?: string;
}

export interface SoakReport {
  readonly samples: SoakSample[];
  /** Descriptors with the load stopped, before and after it, and how long after the load the end count was taken. */
  readonly quiet: { before: number; after: number; afterMs: number };
  readonly verdict: SoakVerdict;
  /** Actions that failed, by message, with how often. */
  readonly failures: Record<string, number>;
  /** The product's exit code when stopped with SIGTERM at the end (0 is clean). */
  readonly exitCode: number | null;
}

const DRAIN_POLL_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the liquidator inside the product serves /metrics (its Node process figures are the product's), if it started. */
const METRICS_LINE = /ballast: liquidator \w+, metrics at (http:\/\/[\d.:]+\/metrics)/;

/** The V8 heap in use and Node's active handles from Prometheus text; nulls when unreachable. */
async function nodeFigures(metricsUrl: string | null): Promise<{ heapUsedBytes: number | null; activeHandles: number | null }> {
  if (metricsUrl === null) return { heapUsedBytes: null, activeHandles: null };
  try {
    const text = await (await fetch(metricsUrl)).text();
    const value = (name: string) => {
      const found = new RegExp(`^ballast_liquidator_${name} (\\S+)$`, "m").exec(text);
      return found ? Number(found[1]) : null;
    };
    return { heapUsedBytes: value("nodejs_heap_size_used_bytes"), activeHandles: value("nodejs_active_handles_total") };
  } catch {
    return { heapUsedBytes: null, activeHandles: null };
  }
}

/** The liquidator's /metrics once it has started (it starts after the ready line), or null once it says it could not. */
async function liquidatorMetrics(output: () => string): Promise<string | null> {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(250)) {
    const started = METRICS_LINE.exec(output());
    if (started) return started[1]!;
    if (output().includes("the liquidator could not start")) return null;
  }
  throw new Error(`the liquidator neither started nor failed within 3 minutes:\n${output().slice(-2000)}`);
}

function processFigures(pid: number): { rssBytes: number; fds: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rssBytes: field("VmRSS") * 1024, fds: readdirSync(`/proc/${pid}/fd`).length, threads: field("Threads") };
}

export async function runSoak(options: SoakOptions, log: (line: string) => void = () => undefined): Promise<SoakReport> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "ballast-soak-"));
  const product = await launchProduct({ dataDir });
  let exitCode: number | null = null;
  try {
    log(`product running at ${product.url} (pid ${product.pid}), data in ${dataDir}`);
    // Descriptors are counted once the whole product is up: the liquidator and the simulated users start last.
    const metricsUrl = await liquidatorMetrics(product.output);
    const market = loadMarketOf(dataDir);
    const journal = new TransactionJournal();
    const connection = new JournalConnection(product.url, journal);
    const session = { connection, journal, market, random: seededRandom(20_260_101) };
    const users: LoadUser[] = [];
    for (let i = 0; i < options.users; i++) users.push(await fundedUser(product.url));
    const loaded = marketCache(connection, market);
    for (const user of users) await act(session, user, loaded);
    await sleep(options.quietSettleMs);
    const before = processFigures(product.pid).fds;
    log(`${users.length} wallets funded with margin accounts; ${before} file descriptors open before the load`);

    let running = true;
    const isRunning = () => running;
    const tally = emptyTally();
    const counters = { api: { value: 0 }, rpc: { value: 0 }, websocket: { value: 0 } } satisfies Record<string, Counter>;
    const random = seededRandom(7);
    const load = Promise.all([
      runUsers(session, users, isRunning, tally),
      ...Array.from({ length: options.apiReaders }, () => readApi(product.url, users, market, isRunning, counters.api)),
      ...Array.from({ length: options.rpcReaders }, () => rpcReads(product.url, market, users, journal, isRunning, counters.rpc)),
      ...Array.from({ length: options.websocketClients }, () =>
        websocketChurn(product.url, market, journal, random, isRunning, counters.websocket),
      ),
    ]);

    const samples: SoakSample[] = [];
    const startedAt = Date.now();
    let died = false;
    void product.exited.then(() => (died = true));
    for (let next = startedAt + options.intervalMs; next <= startedAt + options.durationMs && !died; next += options.intervalMs) {
      await sleep(next - Date.now());
      if (died) break;
      const actions = Object.values(tally.done).reduce((a, b) => a + b, 0);
      const sample: SoakSample = {
        elapsedMs: Date.now() - startedAt,
        ...processFigures(product.pid),
        ...(await nodeFigures(metricsUrl)),
        served: { actions, "api reads": counters.api.value, "rpc reads": counters.rpc.value, "ws sessions": counters.websocket.value },
      };
      samples.push(sample);
      log(
        `${Math.round(sample.elapsedMs / 1000)} s: RSS ${(sample.rssBytes / 1048576).toFixed(1)} MB, ` +
          `heap ${sample.heapUsedBytes === null ? "unknown" : `${(sample.heapUsedBytes / 1048576).toFixed(1)} MB`}, ${sample.fds} fds, ` +
          `${actions} actions, ${counters.api.value} API reads, ${counters.rpc.value} RPC reads, ${counters.websocket.value} websocket sessions`,
      );
    }
    running = false;
    connection.sever();
    await load;
    if (died) throw new Error(`the product exited during the soak:\n${product.output().slice(-2000)}`);
    const stoppedAt = Date.now();
    await sleep(options.quietSettleMs);
    const baseline = fdsBaseline(samples, before);
    let after = processFigures(product.pid).fds;
    while (!fdsCameBack(after, baseline, options.bounds) && Date.now() - stoppedAt < options.quietSettleMs + options.quietDrainMs) {
      await sleep(DRAIN_POLL_MS);
      after = processFigures(product.pid).fds;
    }
    const quiet = { before, after, afterMs: Date.now() - stoppedAt };
    const failures: Record<string, number> = {};
    for (const message of tally.failures) failures[message] = (failures[message] ?? 0) + 1;
    exitCode = await product.stop("SIGTERM");
    return { samples, quiet, verdict: soakVerdict(samples, quiet, options.bounds), failures, exitCode };
  } finally {
    if (exitCode === null) await product.stop("SIGKILL");
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

const MB = 1024 * 1024;

const USAGE =
  "usage: npm run soak -- (--minutes N | --seconds N) [--interval-seconds S] [--warmup-seconds S] " +
  "[--max-heap-growth-mb H] [--max-rss-growth-mb M] [--max-fd-growth F] [--users U] [--data-dir DIR] [--report FILE]";

export interface SoakCommand {
  readonly options: SoakOptions;
  /** Where to write the report as JSON, if anywhere. */
  readonly reportPath: string | null;
}

/**
 * Reads the soak's command line. The interval defaults to a twentieth of the run (5–60 s), the warm-up to a quarter
 * (at most 2 minutes); after warm-up the heap's trough may grow 32 MB and resident memory's 128 MB, and 16
 * descriptors may stay open. Throws the usage with the first problem.
 */
export function parseSoakArgs(args: readonly string[]): SoakCommand {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (!flag.startsWith("--") || value === undefined) throw new Error(`${flag}: every option takes a value\n${USAGE}`);
    values.set(flag.slice(2), value);
  }
  const known = [
    "minutes",
    "seconds",
    "interval-seconds",
    "warmup-seconds",
    "max-heap-growth-mb",
    "max-rss-growth-mb",
    "max-fd-growth",
    "users",
    "data-dir",
    "report",
  ];
  const unknown = [...values.keys()].find((k) => !known.includes(k));
  if (unknown !== undefined) throw new Error(`--${unknown}: unknown option\n${USAGE}`);
  const number = (name: string, fallback?: number): number => {
    const raw = values.get(name);
    if (raw === undefined) {
      if (fallback === undefined) throw new Error(`--${name} is required\n${USAGE}`);
      return fallback;
    }
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${raw}"\n${USAGE}`);
    return value;
  };
  if (values.has("minutes") === values.has("seconds")) throw new Error(`give the soak's length as --minutes or --seconds\n${USAGE}`);
  const durationMs = values.has("minutes") ? number("minutes") * 60_000 : number("seconds") * 1000;
  const intervalMs = number("interval-seconds", Math.min(60, Math.max(5, durationMs / 20_000))) * 1000;
  const warmupMs = number("warmup-seconds", Math.min(120, durationMs / 4_000)) * 1000;
  const users = number("users", 5);
  if (!Number.isInteger(users) || users > 5)
    throw new Error(`--users must be a whole number from 1 to 5 (the faucet's hourly grants)\n${USAGE}`);
  if ((durationMs - warmupMs) / intervalMs < MIN_MEASURED_SAMPLES)
    throw new Error(
      `the soak must take at least ${MIN_MEASURED_SAMPLES} samples after its warm-up: a longer run or a shorter interval\n${USAGE}`,
    );
  return {
    options: {
      durationMs,
      intervalMs,
      bounds: {
        warmupMs,
        maxHeapGrowthBytes: number("max-heap-growth-mb", 32) * MB,
        maxRssGrowthBytes: number("max-rss-growth-mb", 128) * MB,
        maxFdGrowth: number("max-fd-growth", 16),
      },
      users,
      apiReaders: 2,
      rpcReaders: 2,
      websocketClients: 4,
      quietSettleMs: 10_000,
      quietDrainMs: FASTIFY_KEEP_ALIVE_MS,
      dataDir: values.get("data-dir"),
    },
    reportPath: values.get("report") ?? null,
  };
}
