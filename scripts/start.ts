/**
 * The product launcher: the ledger with the product's programs (durable in DATA_DIR), the sandbox
 * seeded on first start (six markets, tokens, feeds, liquidity), its price walk, the API server serving the built web
 * app, and the simulated users, all in this process. Settings: PORT (3000), RPC_PORT (8899, websocket on the next port),
 * HOST (127.0.0.1), DATA_DIR (./.data), SLOT_MS (400), MARGINFI_PROGRAM_ID, DATABASE_URL, LOG_LEVEL (warn),
 * SNAPSHOT_INTERVAL_MS (30000) and POINTS_INTERVAL_MS (60000), the server's chart snapshot and points periods, and
 * KEEPER_INTERVAL_MS (2000), the swap venue's arbitrage keeper period (0 turns it off), and LIQUIDATOR_METRICS_PORT
 * (an ephemeral port when unset), where the liquidator serves /metrics. A restart
 * on the same DATA_DIR continues where it stopped; SIGINT or SIGTERM stops everything and exits 0.
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Connection, Keypair } from "@solana/web3.js";
import { rpcLimitsFromEnvironment, startLocalnet } from "@ballast/ledger";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { swapApiUrl } from "@ballast/sdk";
import { DEFAULT_CONFIG, numberSetting, readTokenListFile, startServer, type ServerConfig } from "@ballast/server";
import { readKeypairFile, resolveConfig, startLiquidator } from "@ballast/liquidator";
import {
  ArbitrageKeeper,
  PriceWalk,
  SimulatedUsers,
  airdrop,
  createFaucet,
  createMarketLookupTables,
  createSwapLookupTables,
  mainMarket,
  directoryStore,
  prepareSandboxLiquidator,
  sandboxJobIntervals,
  sandboxKeeperIntervalMs,
  seedSandbox,
  seedVenue,
} from "@ballast/sandbox";
import { productPrograms } from "./programs.js";

/** The admin is topped up from the ledger's faucet whenever it holds less than this. */
const ADMIN_MIN_LAMPORTS = 1_000_000n * 1_000_000_000n;
const ADMIN_AIRDROP_LAMPORTS = 5_000_000n * 1_000_000_000n;
/** The liquidator's USDC deposit in each market, native units: what lets it take debts over. */
const LIQUIDATOR_BACKING_USDC = 1_500_000_000n;

function portSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

/** A keypair kept in the data directory (Solana CLI keypair format), made on first start, so restarts keep its roles. */
function keptKeypair(path: string): Keypair {
  if (existsSync(path)) return readKeypairFile(path);
  const keypair = Keypair.generate();
  writeFileSync(path, JSON.stringify([...keypair.secretKey]), { mode: 0o600 });
  chmodSync(path, 0o600);
  return keypair;
}

const closers: (() => Promise<void>)[] = [];
let stopping = false;

/** Closes what started, newest first, then exits. */
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`ballast: while stopping: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.log(`ballast: ${signal}, stopping`);
    void shutdown(0);
  });
}

async function main(): Promise<void> {
  const port = portSetting("PORT", 3000);
  const rpcPort = portSetting("RPC_PORT", 8899);
  const host = process.env.HOST || "127.0.0.1";
  const dataDir = resolve(process.env.DATA_DIR || "./.data");
  const slotMs = Number(process.env.SLOT_MS || 400);
  if (!Number.isFinite(slotMs) || slotMs <= 0)
    throw new Error(`SLOT_MS must be a positive number of milliseconds, got "${process.env.SLOT_MS}"`);
  const programId = process.env.MARGINFI_PROGRAM_ID || MARGINFI_PROGRAM_ID;
  const databaseStatementTimeoutMs = numberSetting(process.env, "DATABASE_STATEMENT_TIMEOUT_MS", DEFAULT_CONFIG.databaseStatementTimeoutMs);
  // Read before anything starts: a bad token list stops the start naming the file and field.
  const tokenList = process.env.TOKEN_LIST_FILE ? readTokenListFile(process.env.TOKEN_LIST_FILE) : [];
  mkdirSync(dataDir, { recursive: true });

  // The sandbox admin deployed the programs: it is their upgrade authority (klend's init_global_config reads it).
  const admin = keptKeypair(join(dataDir, "sandbox-admin.json"));
  const node = await startLocalnet({
    rpcPort,
    dataDir,
    slotMs,
    host,
    programs: productPrograms(programId),
    upgradeAuthority: admin.publicKey.toBase58(),
    rpcLimits: rpcLimitsFromEnvironment(process.env),
    // The API server below proxies the app's websocket from this host: each browser counts as itself.
    trustedProxies: ["127.0.0.1", "::1"],
  });
  closers.push(() => node.close());
  console.log(`ballast: ledger JSON-RPC ${node.rpc.url}, websocket ${node.rpc.wsUrl}, data in ${dataDir}`);

  const connection = new Connection(node.rpc.url, "confirmed");
  if (BigInt(await connection.getBalance(admin.publicKey)) < ADMIN_MIN_LAMPORTS)
    await airdrop(connection, admin.publicKey, ADMIN_AIRDROP_LAMPORTS);

  const store = directoryStore(dataDir);
  if (store.read("sandbox") === null) console.log("ballast: first start, seeding the sandbox markets");
  const seeded = await seedSandbox(connection, admin, store, { programId, log: (line) => console.log(`ballast: ${line}`) });
  console.log(`ballast: ${seeded.markets.length} markets, ${seeded.banks.length} banks, ${seeded.tokens.length} tokens`);
  const venue = await seedVenue(connection, admin, seeded, { log: (line) => console.log(`ballast: ${line}`) });
  const swapTables = await createSwapLookupTables(connection, admin, store, venue);
  console.log(`ballast: swap venue ${venue.length} pools, lookup table ${swapTables.map((t) => t.key.toBase58()).join(", ")}`);

  const log = (line: string) => console.error(`ballast: ${line}`);
  const prices = await PriceWalk.create(connection, admin, seeded, { seed: `ballast/${await connection.getSlot()}`, log });
  prices.start();
  closers.push(() => prices.stop());
  const keeperIntervalMs = sandboxKeeperIntervalMs();
  if (keeperIntervalMs > 0) {
    const keeper = await ArbitrageKeeper.create(connection, admin, seeded, venue, { intervalMs: keeperIntervalMs, log });
    keeper.start();
    closers.push(() => keeper.stop());
  }

  // Made once per start and shared: the server hands their addresses to the web app, the simulated users load them.
  const lookupTables = await createMarketLookupTables(connection, admin, seeded);
  const main = mainMarket(seeded);
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    host,
    port,
    rpcUrl: node.rpc.url,
    programId,
    group: main.group,
    markets: seeded.markets.map(({ group, name }) => ({ group, name, lookupTables: [lookupTables.get(group)!.key.toBase58()] })),
    tokens: seeded.tokens.map(({ mint, symbol, name, category }) => ({ mint, symbol, name, category })),
    tokenList,
    // The quote API hands the venue's table to swap clients (addressLookupTableAddresses).
    swapLookupTables: swapTables.map((table) => table.key.toBase58()),
    databaseUrl: process.env.DATABASE_URL || null,
    databaseStatementTimeoutMs,
    sqlitePath: join(dataDir, "ballast.sqlite"),
    webRoot: fileURLToPath(new URL("../apps/web/dist", import.meta.url)),
    // Snapshots every 30 s and points every minute, so charts and points fill within minutes of a first start.
    ...sandboxJobIntervals(),
    logLevel: process.env.LOG_LEVEL || "warn",
  };
  // The faucet and the price control exist on the local chain only: both hold the sandbox admin's authorities.
  const server = await startServer(config, {
    faucet: createFaucet(connection, admin, seeded),
    priceControl: prices,
    // The ledger runs in this process: /rpc answers through its dispatch, not over loopback HTTP.
    ledgerRpc: node.rpc.handle,
  });
  closers.push(() => server.close());
  const listening = new URL(server.url).port;
  console.log(`Ballast is running at http://localhost:${listening}`);

  // The liquidator watches every market with its own keypair (a Solana CLI file in the data directory), as it would
  // any group on any RPC; a failure to start it leaves the rest of the product running.
  try {
    const keypairPath = join(dataDir, "liquidator.json");
    const wallet = keptKeypair(keypairPath);
    const { quoteBanks } = await prepareSandboxLiquidator(connection, admin, seeded, wallet.publicKey);
    const liquidator = await startLiquidator(
      resolveConfig({
        rpcUrl: node.rpc.url,
        wsUrl: node.rpc.wsUrl,
        programId,
        groups: seeded.markets.map((m) => m.group),
        lookupTables: [...lookupTables.values()].map((t) => t.key.toBase58()),
        keypair: keypairPath,
        quoteBanks,
        quoteDeposit: String(LIQUIDATOR_BACKING_USDC),
        swapApiUrl: swapApiUrl(server.url),
        metricsPort: process.env.LIQUIDATOR_METRICS_PORT || "0",
        logLevel: process.env.LOG_LEVEL || "warn",
      }),
    );
    closers.push(() => liquidator.close());
    console.log(`ballast: liquidator ${liquidator.wallet.toBase58()}, metrics at ${liquidator.statusUrl}/metrics`);
  } catch (error) {
    if (!stopping) log(`the liquidator could not start: ${error instanceof Error ? error.message : String(error)}`);
  }

  // The simulated users come last: funding new ones takes a few seconds, and the product works without them.
  try {
    // Their loops and unwinds swap through the server's quote API, like the web app's.
    const users = await SimulatedUsers.create(connection, admin, seeded, lookupTables, { log, swapApiUrl: swapApiUrl(server.url) });
    if (stopping) return;
    users.start();
    closers.push(() => users.stop());
  } catch (error) {
    if (!stopping) log(`the simulated users could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

main().catch((error: unknown) => {
  if (stopping) return;
  console.error(`ballast: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  void shutdown(1);
});
