// The benchmark's server process: a ledger with a small market (SOL by Pyth at $150, USDC by Switchboard at $1, a
// lender and a borrower), the API server on SQLite with its jobs run once, and a bare fastify server on another
// port that answers the same banks JSON from memory: the reference the API is measured against.
import Fastify from "fastify";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import { startTestServer } from "../test/support/server.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

const market = await TestMarket.start();
const sol = await market.addBank(9, { kind: "pyth", price: 150 });
const usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
await market.deposit(await market.newUser(), usdc, 100_000n * USDC);
const borrower = await market.newUser();
await market.deposit(borrower, sol, 10n * SOL);
await market.borrow(borrower, usdc, 500n * USDC, [sol, usdc]);

const server = await startTestServer(market, { config: { marketCacheMs: 1_000, logLevel: "warn" } });
for (const job of Object.values(server.jobs)) await job.run();

const banksJson = await (await fetch(`${server.url}/api/banks/db`)).text();
const reference = Fastify();
reference.get("/reference", (_request, reply) => reply.type("application/json").send(banksJson));
await reference.listen({ host: "127.0.0.1", port: 0 });
const referencePort = (reference.server.address() as { port: number }).port;

process.send!({
  url: server.url,
  ledgerUrl: market.net.rpc.url,
  referenceUrl: `http://127.0.0.1:${referencePort}/reference`,
  accountKey: borrower.account.toBase58(),
  authorityKey: borrower.wallet.publicKey.toBase58(),
  banks: JSON.parse(banksJson).length,
});
process.on("message", () => {
  const stop = async () => {
    await reference.close();
    await server.close();
    await market.close();
  };
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
