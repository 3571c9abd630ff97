// `npm run bench` (liquidator part): the liquidator service on a ledger holding N margin accounts of one group (one
// real borrower near its limit, the rest healthy copies of it written straight into the ledger's state, as
// solana-test-validator's --account would), its index built by getProgramAccounts and kept by programSubscribe. SOL's
// Pyth feed is then pushed 10% below the borrower's liquidation price, and the figures are: the time from the
// service seeing the oracle change to the liquidation being sent (target under 400 ms, one slot), from the oracle
// transaction sent to the liquidation landed, and accounts valued per second in a full pass. A run with 1,000
// accounts is the reference in the same process, interleaved with the large run in rounds (scripts/bench-rounds.ts);
// the per-round ratio says what 100,000 costs. BENCH_LIQUIDATOR_ACCOUNTS sets the large run's size.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { Keypair } from "@solana/web3.js";
import pino from "pino";
import { encodeMarginfiAccount, i80f48 as fx, type MarginfiAccount } from "@ballast/protocol";
import { accountRisk, liquidationPrice, loadMarket, maxBorrow } from "@ballast/sdk";
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import { PROGRAM, TestMarket } from "../../../packages/protocol/test/support/market.js";
import { resolveConfig, startLiquidator } from "../src/index.js";
import {
  MIN_ROUNDS,
  below,
  count,
  describe,
  interleaved,
  ms,
  ratios,
  summarize,
  table,
  times,
  verdict,
} from "../../../scripts/bench-rounds.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const TARGET_SENT_MS = 400;

interface Figures {
  readonly accounts: number;
  readonly indexSeconds: number;
  readonly valuedPerSecond: number;
  readonly toSentMs: number;
  readonly toLandedMs: number;
}

/** A healthy copy of the borrower under a new address: the same balances, half its debt. */
function healthyCopy(borrower: MarginfiAccount, authority: string): MarginfiAccount {
  const balances = borrower.lendingAccount.balances.map((b) =>
    b.active !== 0 && b.liabilityShares !== fx.ZERO ? { ...b, liabilityShares: fx.div(b.liabilityShares, fx.fromInt(2n)) } : b,
  );
  return { ...borrower, authority, lendingAccount: { ...borrower.lendingAccount, balances } };
}

async function run(accounts: number): Promise<Figures> {
  const market = await TestMarket.start();
  try {
    // SOL's weights as the sandbox lists it: a liquidation must be able to improve health.
    const sol = await market.addBank(9, { kind: "pyth", price: 150 }, { assetWeightInit: "0.8", assetWeightMaint: "0.9" });
    const usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
    await market.deposit(await market.newUser(), usdc, 1_000_000n * USDC);
    const config = { programId: PROGRAM.toBase58(), group: market.group.toBase58() };

    const borrower = await market.newUser();
    await market.deposit(borrower, sol, 2n * SOL);
    const loaded = await loadMarket(market.connection, config);
    const risk = accountRisk((await market.marginfiAccount(borrower)).lendingAccount.balances, loaded.banks);
    await market.borrow(borrower, usdc, (maxBorrow(risk, loaded.banks.get(usdc.key.toBase58())!) * 99n) / 100n, [sol, usdc]);
    const borrowed = await market.marginfiAccount(borrower);

    const data = encodeMarginfiAccount(healthyCopy(borrowed, Keypair.generate().publicKey.toBase58()));
    const lamports = minimumBalanceForRentExemption(data.length);
    const copies = Array.from({ length: accounts - 1 }, () => {
      const copy = Buffer.from(data);
      Keypair.generate().publicKey.toBuffer().copy(copy, 40);
      return [
        Keypair.generate().publicKey.toBase58(),
        { lamports, data: copy, owner: PROGRAM.toBase58(), executable: false, rentEpoch: 0n },
      ] as const;
    });
    market.ledger.setAccounts(copies);

    const wallet = Keypair.generate();
    await market.airdrop(wallet.publicKey, 100n * SOL);
    await market.fund(wallet, usdc, 100_000n * USDC);
    const keypair = join(mkdtempSync(join(tmpdir(), "liquidator-bench-")), "id.json");
    writeFileSync(keypair, JSON.stringify([...wallet.secretKey]));
    const logs: { msg: string; time: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean))
          logs.push({ ...(JSON.parse(line) as { msg: string }), time: performance.now() });
        done();
      },
    });

    const began = performance.now();
    const liquidator = await startLiquidator(
      resolveConfig({
        rpcUrl: market.net.rpc.url,
        wsUrl: market.net.rpc.wsUrl,
        programId: config.programId,
        groups: [config.group],
        keypair,
        quoteBanks: [usdc.key.toBase58()],
        quoteDeposit: String(50_000n * USDC),
        minProfitUsd: "0",
        intervalMs: "3600000",
      }),
      { logger: pino({ level: "info" }, sink) },
    );
    try {
      const indexSeconds = (performance.now() - began) / 1000;
      // A full pass, measured by the service's own counters.
      const valuedBefore = (await liquidator.metrics.valued.get()).values[0]?.value ?? 0;
      const passBefore = (await liquidator.metrics.passSeconds.get()).values.find((v) => v.metricName?.endsWith("_sum"))?.value ?? 0;
      await liquidator.passNow();
      const valued = ((await liquidator.metrics.valued.get()).values[0]?.value ?? 0) - valuedBefore;
      const passSeconds =
        ((await liquidator.metrics.passSeconds.get()).values.find((v) => v.metricName?.endsWith("_sum"))?.value ?? 0) - passBefore;

      const collateral = accountRisk(borrowed.lendingAccount.balances, (await loadMarket(market.connection, config)).banks);
      const crash =
        Number(
          fx.toDecimal(
            liquidationPrice(
              collateral,
              collateral.positions.find((p) => p.side === "assets")!,
            )!,
          ),
        ) * 0.9;
      const pushed = performance.now();
      await market.setOracle(sol.oracle!, { kind: "pyth", price: crash });
      const deadline = Date.now() + 30_000;
      let landed: { time: number } | undefined;
      while (Date.now() < deadline && !(landed = logs.find((l) => l.msg === "liquidated"))) await new Promise((r) => setTimeout(r, 5));
      if (!landed) throw new Error(`no liquidation within 30 s with ${accounts} accounts`);
      const sent = (await liquidator.metrics.priceToSent.get()).values.find((v) => v.metricName?.endsWith("_sum"))?.value ?? NaN;
      return {
        accounts: (await liquidator.metrics.accountsWatched.get()).values[0]?.value ?? 0,
        indexSeconds,
        valuedPerSecond: valued / passSeconds,
        toSentMs: sent * 1000,
        toLandedMs: landed.time - pushed,
      };
    } finally {
      await liquidator.close();
      await new Promise((r) => setTimeout(r, 700));
    }
  } finally {
    await market.close();
  }
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? MIN_ROUNDS);
const LARGE = Number(process.env.BENCH_LIQUIDATOR_ACCOUNTS ?? 100_000);
const figures: Record<"reference" | "large", Figures[]> = { reference: [], large: [] };
const measure = (name: keyof typeof figures, accounts: number) => async () => {
  const f = await run(accounts);
  figures[name].push(f);
  return f.toSentMs;
};
await interleaved(ROUNDS, { reference: measure("reference", 1_000), large: measure("large", LARGE) });

const of = (name: keyof typeof figures, field: keyof Figures) => summarize(figures[name].map((f) => f[field]));
const perRound = (field: keyof Figures) =>
  describe(
    summarize(
      ratios(
        figures.large.map((f) => f[field]),
        figures.reference.map((f) => f[field]),
      ),
    ),
    times,
  );
const seconds = (n: number) => `${n.toFixed(1)} s`;
const row = (name: keyof typeof figures, sentVs: string, landedVs: string) => [
  count(figures[name][0]!.accounts),
  describe(of(name, "indexSeconds"), seconds),
  describe(of(name, "valuedPerSecond")),
  `${describe(of(name, "toSentMs"), ms)}${sentVs}`,
  `${describe(of(name, "toLandedMs"), ms)}${landedVs}`,
];
console.log(`\nLiquidator: oracle change to liquidation, ${ROUNDS} interleaved rounds\n`);
console.log(
  table(
    [
      "accounts",
      "index built and first pass",
      "accounts valued/s",
      "oracle change seen → liquidation sent",
      "oracle update sent → liquidation landed",
    ],
    [row("reference", "", ""), row("large", ` (${perRound("toSentMs")} the reference)`, ` (${perRound("toLandedMs")})`)],
  ),
);
console.log(`\n${count(LARGE)} accounts, change seen → sent: ${verdict(of("large", "toSentMs"), below(TARGET_SENT_MS, ms))} (one slot)`);
