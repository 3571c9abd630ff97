// `npm run bench` (API part): the API server over the seeded sandbox (serve.ts), loaded from this process with
// autocannon, the server process alone on its side. Each round runs, in rotated order: the reference (a bare fastify
// answering /api/banks/db's bytes), GET /api/banks/db, POST /api/account-info of an 8-balance account and the bank
// history the web app's chart asks for, on SQLite and on PostgreSQL; and the web app's getMultipleAccountsInfo of the
// main market's banks sent to the ledger directly and through the server's POST /rpc. Prints each figure's median
// with its spread, p50/p99, its ratio to the reference of its round, each target's verdict, and README tables.
// Settings: BENCH_SECONDS per run (3), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10).
import { fork } from "node:child_process";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request } from "node:http";
import autocannon from "autocannon";
import {
  atLeast,
  kilobytes,
  below,
  describe,
  interleaved,
  ms,
  ratios,
  summarize,
  table,
  times,
  verdict,
  type Summary,
  type Target,
} from "../../../scripts/bench-rounds.js";
import type { BenchTargets } from "./serve.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BROWSER_ACCEPT_ENCODING = "br, gzip, deflate";

interface Load {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.non2xx };
}

const child = fork(new URL("./serve.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
const ready = await new Promise<BenchTargets>((resolve, reject) => {
  child.once("message", (message) => resolve(message as BenchTargets));
  child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
});

const browserGet = (url: string): autocannon.Options => ({ url, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
const browserPost = (url: string, body: unknown): autocannon.Options => ({
  url,
  method: "POST",
  headers: { "content-type": "application/json", "accept-encoding": BROWSER_ACCEPT_ENCODING },
  body: JSON.stringify(body),
});
// web3.js's Connection.getMultipleAccountsInfo, as the SDK's loadMarket sends it through the web app's /rpc.
const getMultipleAccounts = {
  jsonrpc: "2.0",
  id: "00000000-0000-4000-8000-000000000000",
  method: "getMultipleAccounts",
  params: [ready.marketBanks, { encoding: "base64", commitment: "confirmed" }],
};
const rpcPost = (url: string): autocannon.Options => ({
  url,
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(getMultipleAccounts),
});

/** What one request sends back on the wire: its content encoding and its size before and after. */
function wire(options: autocannon.Options): Promise<{ encoding: string; sent: number; decoded: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.url);
    const outgoing = request(url, { method: options.method ?? "GET", headers: options.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = answer.headers["content-encoding"] ?? "identity";
        const decoded = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
        resolve({ encoding, sent: body.length, decoded: decoded.length });
      });
      answer.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(typeof options.body === "string" ? options.body : undefined);
  });
}

const routes = (server: string) => ({
  banks: browserGet(`${server}/api/banks/db`),
  accountInfo: browserPost(`${server}/api/account-info`, { accountKey: ready.accountKey, authorityKey: ready.authorityKey }),
  history: browserGet(`${server}/api/banks/db/${ready.historyBank}/historic/1d`),
});
const sqlite = routes(ready.servers.sqlite);
const postgres = routes(ready.servers.postgres);

const runs = {
  reference: browserGet(ready.referenceUrl),
  sqliteBanks: sqlite.banks,
  sqliteAccountInfo: sqlite.accountInfo,
  sqliteHistory: sqlite.history,
  postgresBanks: postgres.banks,
  postgresAccountInfo: postgres.accountInfo,
  postgresHistory: postgres.history,
  ledgerDirect: rpcPost(ready.ledgerUrl),
  proxySqlite: rpcPost(`${ready.servers.sqlite}/rpc`),
  proxyPostgres: rpcPost(`${ready.servers.postgres}/rpc`),
};
type Run = keyof typeof runs;
const loads = Object.fromEntries(Object.keys(runs).map((k) => [k, [] as Load[]])) as Record<Run, Load[]>;
const measure = (run: Run) => async () => {
  const result = await load(runs[run]);
  loads[run].push(result);
  return result.rps;
};
const keys = Object.keys(runs) as Run[];
console.log(
  `API bench: ${ready.markets} markets, ${ready.banks} banks, an account with ${ready.balances} balances; ` +
    `${ROUNDS} rounds × ${keys.length} runs of ${SECONDS} s, ${CONNECTIONS} connections; ledger, API servers and reference in one process`,
);
// The markets page's replies as a browser receives them: compressed from 1 KB on (the /rpc replies are the ledger's).
for (const [name, options] of Object.entries({
  ...sqlite,
  rates: browserGet(`${ready.servers.sqlite}/api/rates`),
  rpc: runs.proxySqlite,
})) {
  const { encoding, sent, decoded } = await wire(options);
  console.log(`  ${name.padEnd(12)} ${encoding.padEnd(8)} ${kilobytes(sent).padStart(9)} on the wire, ${kilobytes(decoded)} decoded`);
}
// One second of each first, so no round-one figure pays for the JIT compiling its path.
for (const options of Object.values(runs)) await autocannon({ ...options, connections: CONNECTIONS, duration: 1 });
const samples = await interleaved(ROUNDS, Object.fromEntries(keys.map((k) => [k, measure(k)])) as Record<Run, () => Promise<number>>);
child.send("stop");

interface Figure {
  name: string;
  run: Run;
  /** Whose rounds the ratio is taken against. */
  against: Run;
  rpsTarget?: Target;
  p99Target?: Target;
  ratioTarget?: Target;
}
const figures: Figure[] = [
  { name: "reference (bare fastify, same bytes)", run: "reference", against: "reference" },
  ...(["sqlite", "postgres"] as const).flatMap((db): Figure[] => [
    {
      name: `GET /api/banks/db (${db})`,
      run: `${db}Banks`,
      against: "reference",
      rpsTarget: atLeast(5_000),
      p99Target: below(20, ms),
    },
    { name: `POST /api/account-info (${db})`, run: `${db}AccountInfo`, against: "reference", p99Target: below(50, ms) },
    { name: `GET /api/banks/db/:bank/historic/1d (${db})`, run: `${db}History`, against: "reference" },
  ]),
  { name: "getMultipleAccounts, ledger direct", run: "ledgerDirect", against: "ledgerDirect" },
  { name: "POST /rpc getMultipleAccounts (sqlite)", run: "proxySqlite", against: "ledgerDirect", ratioTarget: atLeast(0.8, times) },
  { name: "POST /rpc getMultipleAccounts (postgres)", run: "proxyPostgres", against: "ledgerDirect", ratioTarget: atLeast(0.8, times) },
];

const p = (run: Run, pick: (l: Load) => number): Summary => summarize(loads[run].map(pick));
const rows: string[][] = [];
let missed = 0;
for (const f of figures) {
  const rps = summarize(samples[f.run]);
  const ratio = summarize(ratios(samples[f.run], samples[f.against]));
  const p50 = p(f.run, (l) => l.p50);
  const p99 = p(f.run, (l) => l.p99);
  const failures = loads[f.run].reduce((total, l) => total + l.failures, 0);
  const verdicts = [
    f.rpsTarget && verdict(rps, f.rpsTarget),
    f.p99Target && `p99 ${verdict(p99, f.p99Target)}`,
    f.ratioTarget && `× ${f.against === "ledgerDirect" ? "direct" : "reference"} ${verdict(ratio, f.ratioTarget)}`,
  ].filter((v): v is string => typeof v === "string");
  for (const [summary, target] of [
    [rps, f.rpsTarget],
    [p99, f.p99Target],
    [ratio, f.ratioTarget],
  ] as const) {
    if (target && !target.met(summary.median)) missed++;
  }
  if (failures > 0) missed++;
  console.log(
    `${f.name.padEnd(44)} ${describe(rps).padStart(14)} req/s  p50 ${describe(p50, ms)}  p99 ${describe(p99, ms)}  ` +
      `${describe(ratio, times)} ${f.against === "ledgerDirect" ? "direct" : "reference"}` +
      `${failures > 0 ? `  (${failures} errors or non-2xx)` : ""}${verdicts.length > 0 ? `  ${verdicts.join(", ")}` : ""}`,
  );
  rows.push([
    f.name,
    describe(rps),
    describe(p50, ms),
    describe(p99, ms),
    `${describe(ratio, times)} ${f.against === "ledgerDirect" ? "direct" : "ref."}`,
    [f.rpsTarget && f.rpsTarget.text, f.p99Target && `p99 ${f.p99Target.text}`, f.ratioTarget && f.ratioTarget.text]
      .filter((t): t is string => typeof t === "string")
      .join(", "),
  ]);
}
console.log();
console.log(table(["path", "req/s", "p50", "p99", "ratio", "target"], rows));
if (missed > 0) process.exitCode = 1;
