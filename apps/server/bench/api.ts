// `npm run bench` (server part): load from a loopback client for a fixed duration against GET /api/banks/db and
// POST /api/account-info, and against a bare fastify route answering the same banks JSON from memory in the same
// server process (the reference); then getSlot on the ledger directly and through the server's /rpc passthrough. Prints requests/s, p50 and p99 latency, and each route's throughput as a ratio
// of the reference's. Targets (issue 6): banks ≥ 5,000 req/s with p99 < 20 ms; account-info p99 < 50 ms.
import { fork } from "node:child_process";
import autocannon from "autocannon";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

interface Ready {
  url: string;
  ledgerUrl: string;
  referenceUrl: string;
  accountKey: string;
  authorityKey: string;
  banks: number;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const child = fork(new URL("./serve.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once("message", (message) => resolve(message as Ready));
  child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
});

const reference = await load({ url: ready.referenceUrl });
const banks = await load({ url: `${ready.url}/api/banks/db` });
const accountInfo = await load({
  url: `${ready.url}/api/account-info`,
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ accountKey: ready.accountKey, authorityKey: ready.authorityKey }),
});
const getSlot = {
  method: "POST" as const,
  headers: { "content-type": "application/json" },
  body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}',
};
const ledgerDirect = await load({ url: ready.ledgerUrl, ...getSlot });
const passthrough = await load({ url: `${ready.url}/rpc`, ...getSlot });
child.send("stop");

const row = (name: string, l: Load, target: string) =>
  `${name.padEnd(26)} ${l.rps.toFixed(0).padStart(8)} req/s  p50 ${String(l.p50).padStart(3)} ms  p99 ${String(l.p99).padStart(3)} ms  ` +
  `${(l.rps / reference.rps).toFixed(3)} × reference  ${l.errors + l.non2xx === 0 ? "" : `(${l.errors} errors, ${l.non2xx} non-2xx) `}${target}`;
console.log(`server bench: ${CONNECTIONS} connections × ${DURATION_S} s each, ${ready.banks} banks, one core for the server`);
console.log(row("reference (same JSON)", reference, ""));
console.log(row("GET /api/banks/db", banks, `target ≥ 5000 req/s, p99 < 20 ms: ${banks.rps >= 5000 && banks.p99 < 20 ? "met" : "MISSED"}`));
console.log(row("POST /api/account-info", accountInfo, `target p99 < 50 ms: ${accountInfo.p99 < 50 ? "met" : "MISSED"}`));
console.log(row("ledger getSlot, direct", ledgerDirect, ""));
console.log(row("POST /rpc getSlot", passthrough, `${(passthrough.rps / ledgerDirect.rps).toFixed(2)} × direct`));
const failures = [banks, accountInfo, ledgerDirect, passthrough].reduce((total, l) => total + l.errors + l.non2xx, 0);
if (failures > 0) process.exitCode = 1;
