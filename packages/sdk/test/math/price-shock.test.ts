// Price shocks against hand-computed figures (fixed prices, whose values are exact), the shocked Pyth bank against a
// bank whose feed really reads the shocked price, bad input, and three properties over random accounts: a 0 % shock is
// today's report to the bit, a fall in collateral never raises health, a rise in debt never raises health.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BallastSdkError } from "../../src/errors.js";
import { accountRisk } from "../../src/math/health.js";
import { toNumber } from "../../src/math/units.js";
import { UNSHOCKED_BPS, priceShockReport, shockBanks, shockPrice, type PriceShockReport } from "../../src/math/price-shock.js";
import { balance, banksOf, d, makeBank, sol, usdc } from "./support.js";

describe("price shock of a SOL deposit against a USDC debt", () => {
  // 3 SOL at $10 (maintenance weight 0.75, initial 0.625) against 12 USDC (liability weights 1.125 and 1.25): weights
  // and prices exact in binary, so every figure is an exact decimal.
  const solBank = sol({ assetWeightInit: "0.625", assetWeightMaint: "0.75" });
  const usdcBank = usdc({ liabilityWeightInit: "1.25", liabilityWeightMaint: "1.125" });
  const banks = banksOf(solBank, usdcBank);
  const balances = [balance(solBank, "assets", "3000000000"), balance(usdcBank, "liabilities", "12000000")];
  const decimal = (value: I80F48 | null) => (value === null ? null : fx.toDecimal(value));

  it("today: health 22.5 − 13.5, factor 9 / 22.5, free collateral 18.75 − 15, SOL liquidates at 13.5 / 2.25 = $6", () => {
    const today = priceShockReport(balances, banks, new Map());
    expect(decimal(today.maintenanceHealth)).toBe("9");
    expect(today.healthFactor).toBe(fx.div(d("9"), d("22.5")));
    expect(decimal(today.initialHealth)).toBe("3.75");
    expect(decimal(today.freeCollateral)).toBe("3.75");
    expect(today.liquidatable).toBe(false);
    expect(today.positions.map((p) => [p.bank, p.side, decimal(p.price), decimal(p.usdValue), decimal(p.liquidationPrice)])).toEqual([
      [solBank.address, "assets", "10", "30", "6"],
      [usdcBank.address, "liabilities", "1", "12", decimal(fx.div(d("22.5"), d("13.5")))],
    ]);
  });

  it("SOL −50 %: assets 11.25 < 13.5, the account is liquidatable and can borrow nothing more", () => {
    const shocked = priceShockReport(balances, banks, new Map([[solBank.address, 5_000n]]));
    expect(decimal(shocked.maintenanceHealth)).toBe("-2.25");
    expect(shocked.healthFactor).toBe(fx.div(d("-2.25"), d("11.25")));
    expect(decimal(shocked.initialHealth)).toBe("-5.625");
    expect(decimal(shocked.freeCollateral)).toBe("0");
    expect(shocked.liquidatable).toBe(true);
    // The SOL liquidation price does not depend on SOL's own price; the USDC one falls to 11.25 / 13.5.
    expect(shocked.positions.map((p) => [decimal(p.price), decimal(p.usdValue), decimal(p.liquidationPrice)])).toEqual([
      ["5", "15", "6"],
      ["1", "12", decimal(fx.div(d("11.25"), d("13.5")))],
    ]);
  });

  it("USDC +25 %: liabilities 16.875 of 22.5, free collateral 18.75 − 18.75, SOL liquidates at $7.5", () => {
    const shocked = priceShockReport(balances, banks, new Map([[usdcBank.address, 12_500n]]));
    expect(decimal(shocked.maintenanceHealth)).toBe("5.625");
    expect(decimal(shocked.initialHealth)).toBe("0");
    expect(decimal(shocked.freeCollateral)).toBe("0");
    expect(shocked.liquidatable).toBe(false);
    expect(decimal(shocked.positions[0]!.liquidationPrice)).toBe("7.5");
    expect(decimal(shocked.positions[1]!.price)).toBe("1.25");
  });

  it("a −100 % collateral price leaves no assets: factor 1 by definition, but liquidatable with its debt", () => {
    const shocked = priceShockReport(balances, banks, new Map([[solBank.address, 0n]]));
    expect(decimal(shocked.maintenanceHealth)).toBe("-13.5");
    expect(shocked.healthFactor).toBe(fx.ONE);
    expect(shocked.liquidatable).toBe(true);
  });

  it("refuses a negative multiplier and an unknown bank, and leaves the banks as they were", () => {
    const before = new Map(banks);
    expect(() => shockBanks(banks, new Map([[solBank.address, -1n]]))).toThrow(
      new BallastSdkError("PRICE_SHOCK_NEGATIVE", { bank: solBank.address, multiplier: -1n }),
    );
    expect(() => shockBanks(banks, new Map([["Unknown1111111111111111111111111111111111", 9_000n]]))).toThrow(
      new BallastSdkError("BANK_NOT_FOUND", { bank: "Unknown1111111111111111111111111111111111" }),
    );
    expect(banks).toEqual(before);
    expect(banks.get(solBank.address)).toBe(solBank);
  });
});

describe("price shock of a Pyth bank", () => {
  // $20.00 ± 0.02 (interval 2.12 × 0.02), EMA $19.80 ± 0.04 (interval 2.12 × 0.04).
  const spec = { decimals: 9, assetWeightInit: "0.6", assetWeightMaint: "0.75" } as const;
  const pyth = makeBank({ ...spec, oracle: { kind: "pyth", price: 2000n, conf: 2n, emaPrice: 1980n, emaConf: 4n, exponent: -2 } });

  it("moves the price, the confidence interval and both biased prices of both legs by the multiplier", () => {
    const shocked = shockPrice(pyth.price, 7_000n);
    for (const type of ["realTime", "timeWeighted"] as const) {
      const leg = pyth.price[type];
      const moved = shocked[type];
      if ("code" in leg || "code" in moved) throw new Error("a test feed failed");
      const scaled = (value: I80F48) => fx.fromBits((value * 7_000n) / 10_000n);
      expect(moved).toEqual({ price: scaled(leg.price), confidence: scaled(leg.confidence), low: scaled(leg.low), high: scaled(leg.high) });
    }
  });

  it("values the account within a few 2^-48 of a feed that really reads half the price", () => {
    const half = makeBank({ ...spec, oracle: { kind: "pyth", price: 1000n, conf: 1n, emaPrice: 990n, emaConf: 2n, exponent: -2 } });
    const debt = usdc();
    const deposit = balance(pyth, "assets", "5000000000");
    const shocked = priceShockReport(
      [deposit, balance(debt, "liabilities", "30000000")],
      banksOf(pyth, debt),
      new Map([[pyth.address, 5_000n]]),
    );
    const real = accountRisk([{ ...deposit, bankPk: half.address }, balance(debt, "liabilities", "30000000")], banksOf(half, debt));
    const ulps = (a: I80F48, b: I80F48) => Number(fx.abs(fx.sub(a, b)));
    expect(ulps(shocked.risk.health.maintenance.assets, real.health.maintenance.assets)).toBeLessThanOrEqual(8);
    expect(ulps(shocked.risk.health.initial.assets, real.health.initial.assets)).toBeLessThanOrEqual(8);
    // 5 × 0.75 × (10 − 0.0212) = 37.4205 of maintenance assets.
    expect(toNumber(shocked.risk.health.maintenance.assets)).toBeCloseTo(37.4205, 10);
  });

  it("keeps a failed leg failed", () => {
    const stale = makeBank({ ...spec, oracle: { kind: "pyth", price: 2000n, publishTime: 1n } });
    expect(shockPrice(stale.price, 5_000n)).toEqual(stale.price);
  });
});

// Random accounts: one or two collateral banks (Pyth with confidence, or fixed; sometimes with an Initial-limit that
// binds) and one or two debts, each amount and price random.
const pythOracle = fc
  .record({ price: fc.bigInt(100n, 10_000_000n), confShare: fc.integer({ min: 0, max: 60 }), exponent: fc.integer({ min: -6, max: -1 }) })
  .map(({ price, confShare, exponent }) => ({ kind: "pyth" as const, price, conf: (price * BigInt(confShare)) / 1_000n, exponent }));
const fixedOracle = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => ({ kind: "fixed" as const, price: (cents / 100).toFixed(2) }));
const weight = (min: number, max: number) => fc.integer({ min, max }).map((hundredths) => (hundredths / 100).toFixed(2));
const collateralSpec = fc.record({
  decimals: fc.constantFrom(6, 8, 9),
  oracle: fc.oneof(pythOracle, fixedOracle),
  assetWeightInit: weight(0, 80),
  assetWeightMaint: weight(80, 95),
  totalAssetValueInitLimit: fc.constantFrom(0n, 50n, 1_000_000_000n),
  amount: fc.bigInt(1n, 10n ** 15n),
});
const debtSpec = fc.record({
  decimals: fc.constantFrom(6, 9),
  oracle: fc.oneof(pythOracle, fixedOracle),
  liabilityWeightInit: weight(110, 150),
  liabilityWeightMaint: weight(100, 110),
  amount: fc.bigInt(1n, 10n ** 12n),
});
const accountSpec = fc.record({
  collateral: fc.array(collateralSpec, { minLength: 1, maxLength: 2 }),
  debt: fc.array(debtSpec, { minLength: 1, maxLength: 2 }),
});
type AccountSpec = typeof accountSpec extends fc.Arbitrary<infer T> ? T : never;

function accountOf(spec: AccountSpec) {
  const collateral = spec.collateral.map(({ amount, ...bank }) => {
    const priced = makeBank({ ...bank, totalAssets: String(amount * 2n) });
    return { bank: priced, balance: balance(priced, "assets", String(amount)) };
  });
  const debt = spec.debt.map(({ amount, ...bank }) => {
    const priced = makeBank(bank);
    return { bank: priced, balance: balance(priced, "liabilities", String(amount)) };
  });
  const all = [...collateral, ...debt];
  return {
    collateral: collateral.map((c) => c.bank.address),
    debt: debt.map((c) => c.bank.address),
    banks: banksOf(...all.map((p) => p.bank)),
    balances: all.map((p) => p.balance),
  };
}

const multiplier = fc.bigInt(0n, 30_000n);
const ordered = fc.tuple(multiplier, multiplier).map(([a, b]): [bigint, bigint] => (a <= b ? [a, b] : [b, a]));

/**
 * Health of `lower` is at most that of `higher` in every requirement, and so is the factor while `lower` keeps some
 * maintenance assets (without any, the factor is 1 by definition).
 */
function noHealthier(lower: PriceShockReport, higher: PriceShockReport): void {
  const { maintenance, initial, equity } = lower.risk.health;
  const other = higher.risk.health;
  expect(
    fx.cmp(fx.sub(maintenance.assets, maintenance.liabilities), fx.sub(other.maintenance.assets, other.maintenance.liabilities)),
  ).toBeLessThanOrEqual(0);
  // Where the Initial-limit discount binds, the limited bank's Initial value is flat in its price (limit × its share of
  // the deposits) but for the truncations of the discount and the weight, which go either way: Initial is compared
  // only where no discount binds (maintenance and equity always are).
  const binding = [lower, higher].some((r) => r.risk.positions.some((p) => p.bank.initLimitDiscount !== fx.ONE));
  if (!binding) {
    expect(
      fx.cmp(fx.sub(initial.assets, initial.liabilities), fx.sub(other.initial.assets, other.initial.liabilities)),
    ).toBeLessThanOrEqual(0);
  }
  expect(fx.cmp(fx.sub(equity.assets, equity.liabilities), fx.sub(other.equity.assets, other.equity.liabilities))).toBeLessThanOrEqual(0);
  if (maintenance.assets > 0n) expect(fx.cmp(lower.healthFactor!, higher.healthFactor!)).toBeLessThanOrEqual(0);
  if (higher.liquidatable) expect(lower.liquidatable).toBe(true);
}

describe("price shock properties", () => {
  it("a 0 % shock of every bank is today's report, to the bit", () => {
    fc.assert(
      fc.property(accountSpec, (spec) => {
        const { banks, balances } = accountOf(spec);
        const everyBank = new Map([...banks.keys()].map((address) => [address, UNSHOCKED_BPS]));
        const shocked = priceShockReport(balances, banks, everyBank);
        expect(shocked).toEqual(priceShockReport(balances, banks, new Map()));
        expect(shocked.risk.health).toEqual(accountRisk(balances, banks).health);
      }),
      { numRuns: 60 },
    );
  });

  it("a fall in a collateral price never raises health", () => {
    fc.assert(
      fc.property(accountSpec, ordered, (spec, [low, high]) => {
        const { banks, balances, collateral } = accountOf(spec);
        const bank = collateral[0]!;
        noHealthier(priceShockReport(balances, banks, new Map([[bank, low]])), priceShockReport(balances, banks, new Map([[bank, high]])));
      }),
      { numRuns: 80 },
    );
  });

  it("a rise in a debt price never raises health", () => {
    fc.assert(
      fc.property(accountSpec, ordered, (spec, [low, high]) => {
        const { banks, balances, debt } = accountOf(spec);
        const bank = debt[0]!;
        noHealthier(priceShockReport(balances, banks, new Map([[bank, high]])), priceShockReport(balances, banks, new Map([[bank, low]])));
      }),
      { numRuns: 80 },
    );
  });
});
