// Benchmark: health components, free collateral, health factor and the four max amounts (deposit, repay, withdraw,
// borrow) in every bank held for 100,000 accounts of 4 balances each, on one core, against the health components
// alone (the least any client view computes) in interleaved rounds (scripts/bench-rounds.ts). Prints accounts/s.
import { BankLayout, OracleSetup, decodeBank, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import bs58 from "bs58";
import { accountRisk, type BalanceLike } from "../src/math/health.js";
import { freeCollateral, healthFactor } from "../src/math/health-factor.js";
import { accountMaxAmounts } from "../src/math/max-amounts.js";
import { priceBank, type PricedBank } from "../src/math/priced-bank.js";
import { loadBankPrice } from "../src/state/oracle-prices.js";
import {
  MIN_ROUNDS,
  atLeast,
  count,
  describe,
  interleaved,
  ratios,
  summarize,
  table,
  times,
  verdict,
} from "../../../scripts/bench-rounds.js";

const ACCOUNTS = 100_000;
const BALANCES_PER_ACCOUNT = 4;
const SLOTS = 16;
const NOW = 1_700_000_000n;
const SOL_TAG = 501;

/** mulberry32: deterministic accounts from run to run. */
let seed = 42;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

interface BankSpec {
  decimals: number;
  price: string;
  init: string;
  maint: string;
  emodeTag?: number;
  entry?: { init: string; maint: string };
}

const SPECS: BankSpec[] = [
  { decimals: 9, price: "152.37", init: "0.8", maint: "0.85", emodeTag: SOL_TAG },
  { decimals: 6, price: "1.0001", init: "0.9", maint: "0.95" },
  { decimals: 6, price: "0.99987", init: "0.88", maint: "0.93" },
  { decimals: 8, price: "64321.5", init: "0.7", maint: "0.8" },
  { decimals: 9, price: "171.2", init: "0.75", maint: "0.82", entry: { init: "0.9", maint: "0.93" } },
  { decimals: 9, price: "165.8", init: "0.75", maint: "0.82", entry: { init: "0.88", maint: "0.92" } },
  { decimals: 5, price: "0.0000231", init: "0.5", maint: "0.6" },
  { decimals: 6, price: "3.4567", init: "0.6", maint: "0.7" },
];

function bankAccount(spec: BankSpec, index: number): PricedBank {
  const fields = BankLayout.fields;
  const config = fields.config.fields;
  const data = Buffer.alloc(BankLayout.space);
  BankLayout.discriminator.copy(data, 0);
  fields.mint.set(data, bs58.encode(Buffer.alloc(32, index + 1)));
  fields.mintDecimals.set(data, spec.decimals);
  fields.assetShareValue.set(data, fx.fromDecimal("1.0173"));
  fields.liabilityShareValue.set(data, fx.fromDecimal("1.0412"));
  fields.totalAssetShares.set(data, fx.fromInt(10n ** BigInt(spec.decimals + 9)));
  fields.totalLiabilityShares.set(data, fx.fromInt(10n ** BigInt(spec.decimals + 8)));
  fields.lastUpdate.set(data, NOW - 30n);
  config.assetWeightInit.set(data, fx.fromDecimal(spec.init));
  config.assetWeightMaint.set(data, fx.fromDecimal(spec.maint));
  config.liabilityWeightInit.set(data, fx.fromDecimal("1.1"));
  config.liabilityWeightMaint.set(data, fx.fromDecimal("1.05"));
  config.depositLimit.set(data, (1n << 64n) - 1n);
  config.borrowLimit.set(data, 10n ** BigInt(spec.decimals + 9));
  config.operationalState.set(data, 1);
  config.oracleSetup.set(data, OracleSetup.Fixed);
  config.fixedPrice.set(data, fx.fromDecimal(spec.price));
  const interest = config.interestRateConfig.fields;
  interest.optimalUtilizationRate.set(data, fx.fromDecimal("0.8"));
  interest.plateauInterestRate.set(data, fx.fromDecimal("0.1"));
  interest.maxInterestRate.set(data, fx.fromDecimal("1"));
  const emode = fields.emode.fields;
  emode.emodeTag.set(data, spec.emodeTag ?? 0);
  if (spec.entry) {
    const entry = emode.emodeConfig.fields.entries.at(0).fields;
    entry.collateralBankEmodeTag.set(data, SOL_TAG);
    entry.assetWeightInit.set(data, fx.fromDecimal(spec.entry.init));
    entry.assetWeightMaint.set(data, fx.fromDecimal(spec.entry.maint));
  }
  const address = bs58.encode(Buffer.alloc(32, 100 + index));
  return priceBank(address, decodeBank(data), loadBankPrice(data, [], NOW), NOW);
}

const listed = SPECS.map((spec, index) => ({ spec, bank: bankAccount(spec, index) }));
const bankMap = new Map(listed.map(({ bank }) => [bank.address, bank]));
const EMPTY: BalanceLike = { active: 0, bankPk: "11111111111111111111111111111111", assetShares: fx.ZERO, liabilityShares: fx.ZERO };

/** Roughly $1,000–$11,000 of collateral in two or three banks, debt at 10–60% of it in the others. */
function randomAccount(): BalanceLike[] {
  const picked = [...listed].sort(() => rand() - 0.5).slice(0, BALANCES_PER_ACCOUNT);
  const lent = 2 + Math.floor(rand() * 2);
  const collateralUsd = 1_000 + rand() * 10_000;
  const debtUsd = collateralUsd * (0.1 + 0.5 * rand());
  const balances = picked.map(({ spec, bank }, k): BalanceLike => {
    const usd = k < lent ? collateralUsd / lent : debtUsd / (BALANCES_PER_ACCOUNT - lent);
    const tokens = (usd / Number(spec.price)) * 10 ** spec.decimals;
    const shares = fx.fromDecimal(tokens.toFixed(6)) as I80F48;
    return { active: 1, bankPk: bank.address, assetShares: k < lent ? shares : fx.ZERO, liabilityShares: k < lent ? fx.ZERO : shares };
  });
  return [...balances, ...Array.from({ length: SLOTS - BALANCES_PER_ACCOUNT }, () => EMPTY)];
}

const accounts = Array.from({ length: ACCOUNTS }, randomAccount);
const funds = { token: 10n ** 15n, nativeSol: 0n };
const wallet = () => funds;

/** Counts of what was found, so every result is consumed without adding bigint work to the timing. */
interface Tally {
  healthy: number;
  canBorrow: number;
  canWithdraw: number;
}

function run(): Tally {
  const tally = { healthy: 0, canBorrow: 0, canWithdraw: 0 };
  for (const balances of accounts) {
    const risk = accountRisk(balances, bankMap);
    if (freeCollateral(risk.health.initial) > 0n && healthFactor(risk.health.maintenance) > 0n) tally.healthy++;
    const max = accountMaxAmounts(
      risk,
      risk.positions.map((p) => p.bank),
      wallet,
    );
    for (const m of max.values()) {
      if (m.maxBorrow > 0n) tally.canBorrow++;
      if (m.maxWithdraw > 0n) tally.canWithdraw++;
    }
  }
  return tally;
}

/** The least any client view costs: the health components alone, for the same accounts. */
function healthOnly(): number {
  let healthy = 0;
  for (const balances of accounts) if (accountRisk(balances, bankMap).health.initial.assets > 0n) healthy++;
  return healthy;
}

/** Accounts per second of one full pass. */
function rate(pass: () => unknown): number {
  const start = performance.now();
  pass();
  return ACCOUNTS / ((performance.now() - start) / 1000);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? MIN_ROUNDS);
let tally = run(); // warm-up
healthOnly();
const samples = await interleaved(ROUNDS, {
  reference: () => rate(healthOnly),
  full: () =>
    rate(() => {
      tally = run();
    }),
});
const full = summarize(samples.full);
console.log(
  `${count(ACCOUNTS)} accounts × ${BALANCES_PER_ACCOUNT} balances, one core, ${ROUNDS} interleaved rounds ` +
    `(${tally.healthy} healthy, ${tally.canBorrow} banks with borrow room, ${tally.canWithdraw} deposits with withdraw room)`,
);
console.log(
  table(
    ["pass", "accounts/s", "vs reference", "target"],
    [
      ["health components only (reference)", describe(summarize(samples.reference)), "1.00×", ""],
      [
        "health, free collateral, health factor, four max amounts",
        describe(full),
        describe(summarize(ratios(samples.full, samples.reference)), times),
        // 100,000 accounts within one second.
        verdict(full, atLeast(ACCOUNTS)),
      ],
    ],
  ),
);
