// The arbitrage math on hand-checked cases, then a seeded property: whatever the pool and the target, after the
// trade the pool's price is within one fee band of the target, on both curves and in both directions.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../ledger/test/support/random.js";
import {
  CurveKind,
  arbitrageTrade,
  constantProductInputToPrice,
  reservesAfter,
  reservesAtPrice,
  spotPrice,
  stableInputToPrice,
  withinFeeBand,
  type CurveParams,
} from "../src/math/index.js";

const product = (feeBps: number): CurveParams => ({ curve: CurveKind.ConstantProduct, feeBps, amplification: 0n });
const stable = (feeBps: number, amplification: bigint): CurveParams => ({ curve: CurveKind.Stable, feeBps, amplification });

describe("spot price", () => {
  it("is y / x on the constant-product curve", () => {
    expect(spotPrice(product(30), 2_000n, 500n)).toBe(0.25);
  });

  it("is 1 on a balanced stable pool and moves less than constant product off balance", () => {
    expect(spotPrice(stable(4, 100n), 1_000_000_000n, 1_000_000_000n)).toBeCloseTo(1, 12);
    const skewed = spotPrice(stable(4, 100n), 1_200_000_000n, 800_000_000n);
    expect(skewed).toBeLessThan(1);
    expect(skewed).toBeGreaterThan(800 / 1_200);
  });
});

describe("constant product, closed form", () => {
  it("without a fee, selling 1 000 000 into 1 000 000 / 1 000 000 quarters the price", () => {
    // (2 000 000, 500 000): 500 000 / 2 000 000 = 0.25.
    expect(constantProductInputToPrice(1_000_000n, 1_000_000n, 0n, { numerator: 1n, denominator: 4n })).toBe(1_000_000n);
  });

  it("with a 30 bps fee needs the root of 0.997·d² + 1.997e6·d − 3e12", () => {
    // (−1.997e6 + √(1.997²e12 + 4 · 0.997 · 3e12)) / (2 · 0.997) = 1 001 502.6…
    expect(constantProductInputToPrice(1_000_000n, 1_000_000n, 30n, { numerator: 1n, denominator: 4n })).toBe(1_001_502n);
    const [x, y] = reservesAfter(product(30), 1_000_000n, 1_000_000n, { aToB: true, amountIn: 1_001_502n });
    expect([x, y]).toEqual([2_001_502n, 500_376n]);
    expect(Number(y) / Number(x)).toBeGreaterThanOrEqual(0.25);
  });

  it("asks nothing when the price is already at or below the target", () => {
    expect(constantProductInputToPrice(1_000n, 1_000n, 30n, { numerator: 1n, denominator: 1n })).toBe(0n);
    expect(constantProductInputToPrice(1_000n, 1_000n, 30n, { numerator: 2n, denominator: 1n })).toBe(0n);
  });
});

describe("stable swap, bisection", () => {
  it("gives the largest input that keeps the price at or above the target", () => {
    const params = stable(4, 100n);
    const target = { numerator: 99n, denominator: 100n };
    const amountIn = stableInputToPrice(1_000_000_000n, 1_000_000_000n, 4n, 100n, target);
    const at = (amount: bigint) => {
      const [x, y] = reservesAfter(params, 1_000_000_000n, 1_000_000_000n, { aToB: true, amountIn: amount });
      return spotPrice(params, x, y);
    };
    expect(at(amountIn)).toBeGreaterThan(0.99);
    expect(at(amountIn + 1n)).toBeLessThanOrEqual(0.99);
  });
});

describe("arbitrageTrade", () => {
  it("does nothing within the fee band", () => {
    expect(arbitrageTrade(product(30), 1_000_000n, 1_002_000n, { numerator: 1n, denominator: 1n })).toBeNull();
  });

  it("sells A above the target and B below it", () => {
    expect(arbitrageTrade(product(30), 1_000_000n, 2_000_000n, { numerator: 1n, denominator: 1n })?.aToB).toBe(true);
    expect(arbitrageTrade(stable(4, 50n), 2_000_000n, 1_000_000n, { numerator: 1n, denominator: 1n })?.aToB).toBe(false);
  });

  it("brings any pool within one fee band of any target (seeded)", () => {
    const random = seededRandom(16);
    for (let i = 0; i < 300; i++) {
      const feeBps = 1 + Math.floor(random() * 100);
      const params = random() < 0.5 ? product(feeBps) : stable(feeBps, BigInt(1 + Math.floor(random() * 500)));
      const reserveA = BigInt(Math.floor(1e6 + random() * 1e15));
      const price = 10 ** (random() * 6 - 3);
      const [x, y] = reservesAtPrice(params, { numerator: BigInt(Math.round(price * 1e9)), denominator: 1_000_000_000n }, reserveA);
      // The target is within ±40 % of the pool's price.
      const goal = spotPrice(params, x, y) * (0.6 + random() * 0.8);
      const target = { numerator: BigInt(Math.round(goal * 1e12)), denominator: 1_000_000_000_000n };
      const trade = arbitrageTrade(params, x, y, target);
      const [x2, y2] = trade === null ? [x, y] : reservesAfter(params, x, y, trade);
      expect(withinFeeBand(spotPrice(params, x2, y2), Number(target.numerator) / 1e12, feeBps), `case ${i}`).toBe(true);
    }
  });
});

describe("reservesAtPrice", () => {
  it("splits value half and half on constant product", () => {
    expect(reservesAtPrice(product(30), { numerator: 2n, denominator: 1n }, 1_000n)).toEqual([250n, 500n]);
  });

  it("finds the imbalance that holds an off-peg price on the stable curve", () => {
    const params = stable(1, 5n);
    const [x, y] = reservesAtPrice(params, { numerator: 1_248n, denominator: 1_000n }, 10n ** 18n);
    expect(spotPrice(params, x, y)).toBeCloseTo(1.248, 9);
    expect(x < y).toBe(true);
  });
});
