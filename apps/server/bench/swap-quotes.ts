// `npm run bench` (quote part): a ledger with a venue shaped like the sandbox's (SOL/USDC and USDC/USDT deep, LSTs on
// stable pools against SOL, volatile tokens against SOL or USDC, thin meme pools), the API server reading it once, then
// 10,000 random quotes (both modes, random pairs and sizes) timed one at a time: the route search in process, and
// GET /api/swap/v1/quote over loopback HTTP. References in the same process: one curve evaluation on one pool (the
// least a quote can cost) and GET /api/swap/v1/program-id-to-label (the same HTTP path doing no work).
// Target (issue 16): quote p99 < 10 ms.
import { Keypair, type PublicKey } from "@solana/web3.js";
import { CurveKind, poolProgram, quoteExactIn, routerProgram, type RouteRequest } from "@ballast/swap";
import { seededRandom } from "../../../packages/ledger/test/support/random.js";
import { newMint, seededPool, startVenue } from "../../../packages/swap/test/support/venue.js";
import { DEFAULT_CONFIG, MAIN_MARKET_NAME } from "../src/config.js";
import { elementAt } from "@ballast/ledger";
import { startServer } from "../src/server.js";
import { freshDatabase } from "../test/support/server.js";

const QUOTES = Number(process.env.BENCH_QUOTES ?? 10_000);

interface Latency {
  p50: number;
  p99: number;
}

function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => elementAt(sorted, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return { p50: at(0.5), p99: at(0.99) };
}

async function timed(runs: number, run: (i: number) => unknown): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

const venue = await startVenue([poolProgram(), routerProgram()]);
const mint = (decimals: number) => newMint(venue, decimals);
const [sol, usdc, usdt] = [await mint(9), await mint(6), await mint(6)];
const lsts = [await mint(9), await mint(9), await mint(9), await mint(9)];
const volatile = [await mint(6), await mint(8), await mint(9), await mint(6)];
const memes = [await mint(5), await mint(6), await mint(9)];
const unit = (decimals: number) => 10n ** BigInt(decimals);

type Spec = [PublicKey, PublicKey, CurveKind, number, bigint, bigint, bigint];
const specs: Spec[] = [
  [sol, usdc, CurveKind.ConstantProduct, 30, 100_000n * unit(9), 15_000_000n * unit(6), 0n],
  [usdc, usdt, CurveKind.Stable, 4, 10_000_000n * unit(6), 10_000_000n * unit(6), 500n],
  ...lsts.map((lst, i): Spec => [
    lst,
    sol,
    CurveKind.Stable,
    5,
    BigInt(20_000 + i * 5_000) * unit(9),
    BigInt(22_000 + i * 5_000) * unit(9),
    200n,
  ]),
  ...volatile.map((token, i): Spec => [
    token,
    i % 2 ? sol : usdc,
    CurveKind.ConstantProduct,
    30,
    1_000_000n * unit(8),
    500_000n * unit(6),
    0n,
  ]),
  ...memes.map((token): Spec => [token, sol, CurveKind.ConstantProduct, 100, 1_000_000_000n * unit(5), 200n * unit(9), 0n]),
];
for (const [mintA, mintB, curve, feeBps, amountA, amountB, amplification] of specs) {
  await seededPool(venue, { mintA, mintB, curve, feeBps, amplification, amountA, amountB });
}

const group = Keypair.generate().publicKey.toBase58();
const server = await startServer({
  ...DEFAULT_CONFIG,
  ...(await freshDatabase("sqlite")),
  port: 0,
  rpcUrl: venue.net.rpc.url,
  group,
  markets: [{ group, name: MAIN_MARKET_NAME }],
  indexerIntervalMs: 0,
  snapshotIntervalMs: 0,
  pointsIntervalMs: 0,
  bankStateIntervalMs: 0,
  purgeIntervalMs: 0,
  swapPoolIntervalMs: 0,
  swapRateLimit: { limit: 0, windowSeconds: 60 },
  swapIntermediateMints: [sol.toBase58(), usdc.toBase58()],
  logLevel: "warn",
});
await server.jobs.swapPools.run();
const { index } = server.context.swap.snapshot();

const mints = [sol, usdc, usdt, ...lsts, ...volatile, ...memes].map((key) => key.toBase58());
const random = seededRandom(16);
const pick = () => elementAt(mints, Math.floor(random() * mints.length));
const requests: RouteRequest[] = [];
while (requests.length < QUOTES) {
  const [inputMint, outputMint] = [pick(), pick()];
  if (inputMint === outputMint) continue;
  const amount = BigInt(1 + Math.floor(random() * 9)) * 10n ** BigInt(3 + Math.floor(random() * 9));
  requests.push({
    inputMint,
    outputMint,
    amount,
    swapMode: random() < 0.5 ? "ExactIn" : "ExactOut",
    restrictIntermediateTokens: true,
    maxAccounts: 64,
  });
}
const request = (i: number): RouteRequest => elementAt(requests, i % requests.length);

const curve = { curve: CurveKind.ConstantProduct, feeBps: 30, amplification: 0n };
const reference = await timed(QUOTES, (i) => quoteExactIn(curve, 100_000n * unit(9), 15_000_000n * unit(6), request(i).amount));
let routed = 0;
const search = await timed(QUOTES, (i) => {
  if (index.bestRoute(request(i))) routed += 1;
});
const httpReference = await timed(QUOTES, () => fetch(`${server.url}/api/swap/v1/program-id-to-label`).then((r) => r.text()));
let answered = 0;
const http = await timed(QUOTES, async (i) => {
  const { inputMint, outputMint, amount, swapMode } = request(i);
  const response = await fetch(
    `${server.url}/api/swap/v1/quote?inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}&swapMode=${swapMode}`,
  );
  await response.text();
  if (response.status === 200) answered += 1;
});
await server.close();
await venue.net.close();

const ms = (value: number) => `${value.toFixed(3).padStart(7)} ms`;
const row = (name: string, l: Latency, against: Latency, target = "") =>
  `${name.padEnd(34)} p50 ${ms(l.p50)}  p99 ${ms(l.p99)}  ${(l.p99 / against.p99).toFixed(1).padStart(6)} × reference p99  ${target}`;
console.log(`quote bench: ${QUOTES} quotes over ${specs.length} pools and ${mints.length} mints, one at a time (${routed} with a route)`);
console.log(row("reference: one curve evaluation", reference, reference));
console.log(row("route search (in process)", search, reference, `target p99 < 10 ms: ${search.p99 < 10 ? "met" : "MISSED"}`));
console.log(row("reference: GET program-id-to-label", httpReference, httpReference));
console.log(
  row("GET /api/swap/v1/quote", http, httpReference, `target p99 < 10 ms: ${http.p99 < 10 ? "met" : "MISSED"} (${answered} answered 200)`),
);
if (answered !== routed) process.exitCode = 1;
