// The API benchmark's server process, the product as `npm start` runs it: one process holding the ledger with the
// sandbox seeded (six markets, their banks, oracles and liquidity), the price walk, and the API server twice over the
// same ledger, once on SQLite and once on a throwaway PostgreSQL cluster, each with its jobs run by hand so the
// stored banks and their history exist. A margin account with 8 balances in the main market is opened for
// /api/account-info. A bare fastify server in the same process answers, for the reference, the very bytes the API
// sends a browser for GET /api/banks/db. Tells the parent (api.ts) where everything is, then waits for "stop".
import Fastify from "fastify";
import { Keypair, PublicKey } from "@solana/web3.js";
import { bankActionRefusal, depositAction, isKaminoBank } from "@ballast/sdk";
import type { ServerConfig } from "../src/config.js";
import { startServer, type RunningServer } from "../src/server.js";
import { createDatabase, startPostgres } from "../test/support/postgres.js";
import { startSandboxProduct } from "../test/support/sandbox.js";

/** Balances of the benchmarked account, each in a bank of the main market that takes deposits now. */
const ACCOUNT_BALANCES = 8;
/** What a browser sends: the API compresses replies from 1 KB on for it. */
const BROWSER_ACCEPT_ENCODING = "br, gzip, deflate";
/** Snapshots taken before the benchmark, so the bank history has points to answer. */
const HISTORY_SNAPSHOTS = 3;

export interface BenchTargets {
  /** The API server on SQLite and on PostgreSQL. */
  servers: { sqlite: string; postgres: string };
  ledgerUrl: string;
  /** GET of the bare fastify answering /api/banks/db's bytes (compressed as a browser gets them). */
  referenceUrl: string;
  accountKey: string;
  authorityKey: string;
  balances: number;
  /** A main-market bank, for /api/banks/db/:bank/historic/1d. */
  historyBank: string;
  /** The main market's banks, as the web app reads them with getMultipleAccountsInfo. */
  marketBanks: string[];
  markets: number;
  banks: number;
}

const product = await startSandboxProduct({ logLevel: "warn" });
const postgres = await startPostgres();
const sqliteServer = product.server;
const postgresConfig: ServerConfig = {
  ...sqliteServer.context.config,
  port: 0,
  databaseUrl: await createDatabase(postgres.adminUrl),
  sqlitePath: "",
};
const postgresServer = await startServer(postgresConfig, { priceControl: product.prices, ledgerRpc: product.net.rpc.handle });

// The 8-balance account: a faucet-funded wallet depositing half its grant of a token in each of the first banks of
// the main market that take deposits (the program's own banks, one per token; the price walk may have made some
// reduce-only).
const wallet = Keypair.generate();
const grant = await product.faucet.fund(wallet.publicKey.toBase58());
const atStart = await product.market();
const takers = [...atStart.banks.entries()]
  .filter(([, b]) => !isKaminoBank(b.bank) && bankActionRefusal(b.bank, "deposit") === null)
  .flatMap(([address, b]) => {
    const token = grant.tokens.find((t) => t.mint === b.bank.mint);
    return token ? [{ address, mint: token.mint, amount: BigInt(token.amount) / 2n }] : [];
  })
  .filter((taker, i, all) => all.findIndex((other) => other.mint === taker.mint) === i)
  .slice(0, ACCOUNT_BALANCES);
if (takers.length < ACCOUNT_BALANCES)
  throw new Error(`the main market has ${takers.length} banks taking deposits, not ${ACCOUNT_BALANCES}`);
let account: PublicKey | undefined;
for (const { address, amount } of takers) {
  const { marginfiAccount } = await depositAction({
    ...product.contextFor(wallet, await product.market()),
    bank: address,
    amount,
    ...(account === undefined ? {} : { marginfiAccount: account }),
  });
  account = marginfiAccount;
}
if (account === undefined) throw new Error("no account was opened");
const balances = (await product.marginAccount(account)).lendingAccount.balances.filter((b) => b.active).length;

async function prepare(server: RunningServer): Promise<void> {
  await server.jobs.indexer.run();
  await server.jobs.bankStates.run();
  for (let i = 0; i < HISTORY_SNAPSHOTS; i++) await server.jobs.bankHistory.run();
}
await prepare(sqliteServer);
await prepare(postgresServer);

const banksReply = await fetch(`${sqliteServer.url}/api/banks/db`, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
const banksBytes = Buffer.from(await banksReply.arrayBuffer());
const banksEncoding = banksReply.headers.get("content-encoding");
const reference = Fastify();
reference.get("/reference", (_request, reply) => {
  reply.type("application/json; charset=utf-8");
  if (banksEncoding) reply.header("content-encoding", banksEncoding).header("vary", "accept-encoding");
  return reply.send(banksBytes);
});
await reference.listen({ host: "127.0.0.1", port: 0 });
const referencePort = (reference.server.address() as { port: number }).port;

const mainGroup = product.main.group;
const marketBanks = product.state.banks.filter((b) => b.group === mainGroup).map((b) => b.address);
const historyBank = product.bank("USDC");

const targets: BenchTargets = {
  servers: { sqlite: sqliteServer.url, postgres: postgresServer.url },
  ledgerUrl: product.net.rpc.url,
  referenceUrl: `http://127.0.0.1:${referencePort}/reference`,
  accountKey: account.toBase58(),
  authorityKey: wallet.publicKey.toBase58(),
  balances,
  historyBank,
  marketBanks,
  markets: product.state.markets.length,
  banks: product.state.banks.length,
};
if (!process.send) throw new Error("serve.ts is started by api.ts (a forked child)");
process.send(targets);

process.on("message", () => {
  const stop = async () => {
    await reference.close();
    await postgresServer.close();
    await product.close();
    postgres.stop();
  };
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      postgres.stop();
      process.exit(1);
    },
  );
});
