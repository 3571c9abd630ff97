// The curves on hand-checked cases, then seeded properties: swaps never lower the invariant, fees stay in the pool,
// exact-out asks exactly the least input exact-in needs, round trips lose, and LP tokens are never worth more than
// what went in.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../ledger/test/support/random.js";
import {
  CurveKind,
  MINIMUM_LIQUIDITY,
  SwapMathError,
  constantProductExactIn,
  constantProductExactOut,
  depositAmounts,
  initialLiquidity,
  isqrt,
  lpForDeposit,
  poolInvariant,
  quoteExactIn,
  quoteExactOut,
  stableExactIn,
  stableExactOut,
  stableInvariant,
  withdrawAmounts,
  type CurveParams,
} from "../src/math/index.js";

describe("constant product", () => {
  it("gives floor(y·in·(1−fee) / (x + in·(1−fee)))", () => {
    // 10 000 × 0.997 = 9 970 in after fee; 1e6 × 9 970 / 1 009 970 = 9 871.58…
    expect(constantProductExactIn(1_000_000n, 1_000_000n, 10_000n, 30n)).toBe(9_871n);
    // 1 SOL into 5 000 SOL / 2 000 000 USDC-units: 2e6 × 0.997 / 5 000.997 = 332 499.3…
    expect(constantProductExactIn(5_000_000_000n, 2_000_000n, 1_000_000_000n, 30n)).toBe(332_499n);
    expect(constantProductExactIn(1_000_000n, 1_000_000n, 10_000n, 0n)).toBe(9_900n);
  });

  it("asks the least input for an exact output, rounded up", () => {
    // 1e6 × 9 871 / (990 129 × 0.997) = 9 999.4… → 10 000, and 9 999 buys only 9 870.
    expect(constantProductExactOut(1_000_000n, 1_000_000n, 9_871n, 30n)).toBe(10_000n);
    expect(constantProductExactIn(1_000_000n, 1_000_000n, 9_999n, 30n)).toBe(9_870n);
    expect(() => constantProductExactOut(1_000n, 1_000n, 1_000n, 30n)).toThrow(SwapMathError);
  });
});

describe("stable swap", () => {
  it("has D = x + y for a balanced pool and D below the sum otherwise", () => {
    expect(stableInvariant(1_000_000n, 1_000_000n, 100n)).toBe(2_000_000n);
    // A is Curve's amplification as its contracts take it (Ann = A·n). Bisection on the invariant in 60-digit
    // decimals gives D = 1 970 941.42…
    expect(stableInvariant(1_500_000n, 500_000n, 10n)).toBe(1_970_941n);
  });

  it("swaps near 1:1 where the curve is flat, never above the exact curve", () => {
    // 9 996 in after a 4 bps fee; the exact curve (same bisection) pays 9 995.01…
    expect(stableExactIn(1_000_000n, 1_000_000n, 10_000n, 4n, 100n)).toBe(9_995n);
    // Into the short side of a 3:1 pool at A = 10, the exact curve pays 11 528.16…
    expect(stableExactIn(500_000n, 1_500_000n, 10_000n, 4n, 10n)).toBe(11_528n);
  });

  it("asks the least input for an exact output", () => {
    const input = stableExactOut(1_000_000n, 1_000_000n, 9_995n, 4n, 100n);
    expect(input).toBe(10_000n);
    expect(stableExactIn(1_000_000n, 1_000_000n, input - 1n, 4n, 100n)).toBeLessThan(9_995n);
  });

  it("pays far more than constant product would for the same trade at a high A", () => {
    const stable = stableExactIn(1_000_000n, 1_000_000n, 200_000n, 4n, 200n);
    const product = constantProductExactIn(1_000_000n, 1_000_000n, 200_000n, 4n);
    expect(stable).toBeGreaterThan(195_000n);
    expect(product).toBeLessThan(170_000n);
  });
});

describe("LP tokens", () => {
  it("mints √(a·b) first, less the locked minimum, then proportionally", () => {
    expect(isqrt(4_000_000n * 9_000_000n)).toBe(6_000_000n);
    expect(isqrt(99n)).toBe(9n);
    expect(initialLiquidity(4_000_000n, 9_000_000n)).toEqual({ minted: 6_000_000n - MINIMUM_LIQUIDITY, locked: MINIMUM_LIQUIDITY });
    expect(() => initialLiquidity(1_000n, 1_000n)).toThrow(SwapMathError);
    // 1% of a 6e6 supply costs 1% of each reserve, rounded up; burning it pays 1%, rounded down.
    expect(depositAmounts(60_001n, 4_000_000n, 9_000_000n, 6_000_000n)).toEqual({ amountA: 40_001n, amountB: 90_002n });
    expect(withdrawAmounts(60_001n, 4_000_000n, 9_000_000n, 6_000_000n)).toEqual({ amountA: 40_000n, amountB: 90_001n });
    expect(lpForDeposit(40_001n, 1_000_000n, 4_000_000n, 9_000_000n, 6_000_000n)).toBe(60_001n);
  });
});

/** A trade of up to twice `reserve`, spread over nine orders of magnitude. */
function trade(random: () => number, reserve: bigint): bigint {
  return 1n + (reserve * 2n * BigInt(Math.floor(1e9 * 10 ** (-9 * random())))) / 1_000_000_000n;
}

/** A random amount between 1 and 10^digits, spread over magnitudes. */
function amount(random: () => number, maxDigits: number): bigint {
  const digits = 1 + Math.floor(random() * maxDigits);
  return 1n + BigInt(Math.floor(random() * 10 ** Math.min(digits, 15))) * 10n ** BigInt(Math.max(0, digits - 15));
}

function randomPool(random: () => number): { params: CurveParams; a: bigint; b: bigint } {
  const curve = random() < 0.5 ? CurveKind.ConstantProduct : CurveKind.Stable;
  const params = { curve, feeBps: Math.floor(random() * 100), amplification: BigInt(1 + Math.floor(random() * 2_000)) };
  const a = 1_000_000n + amount(random, 15);
  const skew = curve === CurveKind.Stable ? 1 + random() * 3 : 10 ** (random() * 6 - 3);
  const b = BigInt(Math.max(1_000_000, Math.floor(Number(a) * skew)));
  return { params, a, b };
}

describe("properties (seeded)", () => {
  const CASES = 400;

  it("a swap never lowers the invariant, and the fee stays in the pool", () => {
    const random = seededRandom(1601);
    for (let i = 0; i < CASES; i++) {
      const { params, a, b } = randomPool(random);
      const amountIn = trade(random, a);
      const out = quoteExactIn(params, a, b, amountIn);
      const before = poolInvariant(params, a, b);
      if (out === 0n) continue;
      expect(poolInvariant(params, a + amountIn, b - out), `case ${i}`).toBeGreaterThanOrEqual(before);
      // Without a fee the same trade pays at least as much: the fee is what the pool keeps.
      if (params.feeBps > 0) expect(quoteExactIn({ ...params, feeBps: 0 }, a, b, amountIn)).toBeGreaterThanOrEqual(out);
    }
  });

  it("exact-out asks exactly the least input exact-in needs for that output", () => {
    const random = seededRandom(1602);
    for (let i = 0; i < CASES; i++) {
      const { params, a, b } = randomPool(random);
      const wanted = 1n + (b * BigInt(Math.floor(random() * 900))) / 1_000n;
      if (wanted >= b) continue;
      const input = quoteExactOut(params, a, b, wanted);
      expect(quoteExactIn(params, a, b, input), `case ${i}`).toBeGreaterThanOrEqual(wanted);
      if (input > 1n) expect(quoteExactIn(params, a, b, input - 1n), `case ${i}`).toBeLessThan(wanted);
      expect(poolInvariant(params, a + input, b - wanted)).toBeGreaterThanOrEqual(poolInvariant(params, a, b));
    }
  });

  it("a round trip never returns more than went in", () => {
    const random = seededRandom(1603);
    for (let i = 0; i < CASES; i++) {
      const { params, a, b } = randomPool(random);
      const amountIn = trade(random, a);
      const out = quoteExactIn(params, a, b, amountIn);
      if (out === 0n) continue;
      const back = quoteExactIn(params, b - out, a + amountIn, out);
      expect(back, `case ${i}`).toBeLessThanOrEqual(amountIn);
    }
  });

  it("depositing then withdrawing the same LP tokens never gains", () => {
    const random = seededRandom(1604);
    for (let i = 0; i < CASES; i++) {
      const reserveA = amount(random, 15) + 1_000n;
      const reserveB = amount(random, 15) + 1_000n;
      const supply = amount(random, 15) + MINIMUM_LIQUIDITY;
      const lp = amount(random, 15);
      const paid = depositAmounts(lp, reserveA, reserveB, supply);
      const back = withdrawAmounts(lp, reserveA + paid.amountA, reserveB + paid.amountB, supply + lp);
      expect(back.amountA, `case ${i}`).toBeLessThanOrEqual(paid.amountA);
      expect(back.amountB, `case ${i}`).toBeLessThanOrEqual(paid.amountB);
    }
  });
});
