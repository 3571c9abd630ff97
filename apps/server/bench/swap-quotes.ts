// `npm run bench` (quote part): a ledger with a venue shaped like the sandbox's (SOL/USDC and USDC/USDT deep, LSTs on
// stable pools against SOL, volatile tokens against SOL or USDC, thin meme pools), the API server reading it once, then
// 10,000 random quotes (both modes, random pairs and sizes) timed one at a time: the route search in process, and
// GET /api/swap/v1/quote over loopback HTTP. References in the same process: one curve evaluation on one pool (the
// least a quote can cost) and GET /api/swap/v1/program-id-to-label (the same HTTP path doing no work), interleaved in
// rounds (scripts/bench-rounds.ts): each round times its own slice of the quotes, p99 ratios are taken per round.
// Target (issue 16): quote p99 < 10 ms.
import { Keypair, type PublicKey } from "@solana/web3.js";
import { CurveKind, poolProgram, quoteExactIn, routerProgram, type RouteRequest } from "@ballast/swap";
import { seededRandom } from "../../../packages/ledger/test/support/random.js";
import { newMint, seededPool, startVenue } from "../../../packages/swap/test/support/venue.js";
import { DEFAULT_CONFIG, MAIN_MARKET_NAME } from "../src/config.js";
import { elementAt } from "@ballast/ledger";
import { startServer } from "../src/server.js";
import { freshDatabase } from "../test/support/server.js";
import { MIN_ROUNDS, below, describe, interleaved, ratios, summarize, table, times, verdict } from "../../../scripts/bench-rounds.js";

const QUOTES = Number(process.env.BENCH_QUOTES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? MIN_ROUNDS);
/** Latencies far below a millisecond need more digits than the shared `ms` format gives. */
const fine = (value: number) => `${value.toFixed(3)} ms`;
const msFormat = (value: number) => `${value} ms`;

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
/** Each round times its own slice of the requests, so every quote is asked once over the whole run. */
const perRound = Math.ceil(QUOTES / ROUNDS);
const routed = new Set<number>();
const answered = new Set<number>();
type Measured = (round: number, i: number) => unknown;
const measured: Record<string, Measured> = {
  reference: (round, i) => quoteExactIn(curve, 100_000n * unit(9), 15_000_000n * unit(6), request(round * perRound + i).amount),
  search: (round, i) => {
    if (index.bestRoute(request(round * perRound + i))) routed.add(round * perRound + i);
  },
  httpReference: () => fetch(`${server.url}/api/swap/v1/program-id-to-label`).then((r) => r.text()),
  http: async (round, i) => {
    const { inputMint, outputMint, amount, swapMode } = request(round * perRound + i);
    const response = await fetch(
      `${server.url}/api/swap/v1/quote?inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}&swapMode=${swapMode}`,
    );
    await response.text();
    if (response.status === 200) answered.add(round * perRound + i);
  },
};
/** Every round's p50 and p99 per measurement; a measurement's nth run is round n whatever the rotation. */
const latencies: Record<string, Latency[]> = Object.fromEntries(Object.keys(measured).map((name) => [name, []]));
await interleaved(
  ROUNDS,
  Object.fromEntries(
    Object.entries(measured).map(([name, run]) => [
      name,
      async () => {
        const round = latencies[name]!.length;
        const latency = await timed(perRound, (i) => run(round, i));
        latencies[name]!.push(latency);
        return latency.p99;
      },
    ]),
  ),
);
await server.close();
await venue.net.close();
const p50 = (name: string) => summarize(latencies[name]!.map((l) => l.p50));
const p99 = (name: string) => summarize(latencies[name]!.map((l) => l.p99));
const p99Ratio = (name: string, reference: string) =>
  summarize(
    ratios(
      latencies[name]!.map((l) => l.p99),
      latencies[reference]!.map((l) => l.p99),
    ),
  );
const target = below(10, msFormat);
const quoteTarget = (name: string) => `${verdict(p99(name), target)}`;
console.log(
  `quote bench: ${QUOTES} quotes over ${specs.length} pools and ${mints.length} mints, one at a time, in ${ROUNDS} interleaved rounds ` +
    `(${routed.size} with a route, ${answered.size} answered 200)`,
);
console.log(
  table(
    ["measurement", "p50", "p99", "p99 vs reference", "target"],
    [
      ["reference: one curve evaluation", describe(p50("reference"), fine), describe(p99("reference"), fine), "1.00×", ""],
      [
        "route search (in process)",
        describe(p50("search"), fine),
        describe(p99("search"), fine),
        describe(p99Ratio("search", "reference"), times),
        quoteTarget("search"),
      ],
      [
        "reference: GET /api/swap/v1/program-id-to-label",
        describe(p50("httpReference"), fine),
        describe(p99("httpReference"), fine),
        "1.00×",
        "",
      ],
      [
        "GET /api/swap/v1/quote",
        describe(p50("http"), fine),
        describe(p99("http"), fine),
        describe(p99Ratio("http", "httpReference"), times),
        quoteTarget("http"),
      ],
    ],
  ),
);
if (answered.size !== routed.size) process.exitCode = 1;
