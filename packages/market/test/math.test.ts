// The market's fixed-point arithmetic against values worked out by hand (raw bits, 60 fractional bits), and
// properties over seeded random states: compounding grows with time, accrual never lowers the collateral exchange
// rate, and a deposit followed by a redemption never pays back more than it took.
import { describe, expect, it } from "vitest";
import { ProgramFailure } from "@ballast/anchor";
import { mulberry32 } from "../../ledger/test/support/random.js";
import {
  INITIAL_EXCHANGE_RATE,
  SLOTS_PER_YEAR,
  addToWithdrawalAccum,
  approximateCompoundedInterest,
  borrowRate,
  borrowRateCurveProblem,
  calculateBorrow,
  calculateRepay,
  collateralExchangeRate,
  collateralToLiquidity,
  compoundInterest,
  curveFromPoints,
  depositAmounts,
  fraction as fx,
  fractionDisplay,
  marketValue,
  originationFee,
  priceToFraction,
  subFromWithdrawalAccum,
  totalSupply,
  utilizationRate,
  type LiquidityAmounts,
} from "../src/index.js";

const ONE = 1n << 60n;

function failsWith(run: () => unknown, name: string): void {
  let thrown: unknown = null;
  try {
    run();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ProgramFailure);
  expect((thrown as ProgramFailure).errorName).toBe(name);
}

/** Seeded random bigints below 2^bits. */
function randomBits(next: () => number, bits: number): bigint {
  let value = 0n;
  for (let i = 0; i < Math.ceil(bits / 32); i++) value = (value << 32n) | BigInt(next());
  return value & ((1n << BigInt(bits)) - 1n);
}

describe("Fraction (U68F60)", () => {
  it("converts percents, basis points and integers by truncating the raw bits", () => {
    expect(fx.fromInt(3n)).toBe(3n * ONE);
    expect(fx.fromPercent(10)).toBe((10n * ONE) / 100n);
    expect(fx.fromPercent(10)).toBe(115_292_150_460_684_697n);
    expect(fx.fromBps(1)).toBe(115_292_150_460_684n);
    expect(fx.fromPercent(100)).toBe(ONE);
  });

  it("multiplies and divides with floor, rounds halves up, and reports overflow", () => {
    expect(fx.mul(3n * ONE, ONE / 2n)).toBe((3n * ONE) / 2n);
    expect(fx.mul(1n, 1n)).toBe(0n);
    expect(fx.div(ONE, 3n * ONE)).toBe(ONE / 3n);
    expect(fx.divCeil(ONE, 3n * ONE)).toBe(ONE / 3n + 1n);
    expect(fx.toFloor((5n * ONE) / 2n)).toBe(2n);
    expect(fx.toCeil((5n * ONE) / 2n)).toBe(3n);
    expect(fx.toRound((5n * ONE) / 2n)).toBe(3n);
    expect(fx.toRound((5n * ONE) / 2n - 1n)).toBe(2n);
    // 0.5 bps rounds up; the truncated 2^60 / 20,000 is just under it.
    expect(fx.toBps(ONE / 20_000n + 1n)).toBe(1n);
    expect(fx.toBps(ONE / 20_000n)).toBe(0n);
    failsWith(() => fx.sub(ONE, ONE + 1n), "MathOverflow");
    failsWith(() => fx.div(ONE, 0n), "MathOverflow");
    failsWith(() => fx.mul(fx.U128_MAX, 2n * ONE), "MathOverflow");
  });

  it("prints four decimals as the program logs them", () => {
    expect(fractionDisplay(ONE)).toBe("1.0000");
    expect(fractionDisplay((301n * ONE) / 2n)).toBe("150.5000");
    expect(fractionDisplay(ONE / 3n)).toBe("0.3333");
    expect(fractionDisplay((2n * ONE) / 3n)).toBe("0.6667");
  });

  it("turns oracle mantissas into prices", () => {
    expect(priceToFraction(100_000_000n, 8)).toBe(ONE);
    expect(priceToFraction(15_050_000_000n, 8)).toBe((301n * ONE) / 2n);
    expect(priceToFraction(150_500_000_000_000_000_000n, 18)).toBe((301n * ONE) / 2n);
    expect(priceToFraction(1n, 3)).toBe(ONE / 1000n);
  });
});

describe("borrow rate curve", () => {
  const curve = curveFromPoints([
    { utilizationRateBps: 0, borrowRateBps: 0 },
    { utilizationRateBps: 8000, borrowRateBps: 800 },
    { utilizationRateBps: 10_000, borrowRateBps: 10_000 },
  ]);

  it("pads to 11 points and validates like klend", () => {
    expect(curve).toHaveLength(11);
    expect(curve[10]).toEqual({ utilizationRateBps: 10_000, borrowRateBps: 10_000 });
    expect(borrowRateCurveProblem(curve)).toBeNull();
    const first = curve.map((p, i) => (i === 0 ? { ...p, utilizationRateBps: 1 } : p));
    expect(borrowRateCurveProblem(first)).toBe("First point of borrowing rate curve must have an utilization rate of 0");
    const last = curve.map((p, i) => (i === 10 ? { ...p, utilizationRateBps: 9000 } : p));
    expect(borrowRateCurveProblem(last)).toBe("Last point of borrowing rate curve must have an utilization rate of 1");
    const unsorted = curveFromPoints([
      curve[0]!,
      { utilizationRateBps: 8000, borrowRateBps: 800 },
      { utilizationRateBps: 8000, borrowRateBps: 900 },
      curve[2]!,
    ]);
    expect(borrowRateCurveProblem(unsorted)).toBe("Borrowing rate curve points must be sorted by utilization rate");
    const falling = curveFromPoints([
      curve[0]!,
      { utilizationRateBps: 8000, borrowRateBps: 800 },
      { utilizationRateBps: 10_000, borrowRateBps: 700 },
    ]);
    expect(borrowRateCurveProblem(falling)).toBe("Borrowing rate must growing in the curve");
    const early = [
      ...curve.slice(0, 2),
      { utilizationRateBps: 10_000, borrowRateBps: 900 },
      { utilizationRateBps: 9000, borrowRateBps: 900 },
      ...curve.slice(4),
    ];
    expect(borrowRateCurveProblem(early)).toBe(
      "Last point of borrowing rate curve must have an utilization rate of 1 but lower utilization rate found after last point",
    );
  });

  it("returns the points' rates at their utilizations and interpolates from the exact utilization between them", () => {
    expect(borrowRate(curve, 0n)).toBe(0n);
    expect(borrowRate(curve, fx.fromBps(8000))).toBe(fx.fromBps(800));
    expect(borrowRate(curve, ONE)).toBe(fx.fromBps(10_000));
    // Clamped to 100%.
    expect(borrowRate(curve, 2n * ONE)).toBe(fx.fromBps(10_000));
    // 50%: (U − 0) × 800 / 8000 + 0.
    const half = ONE / 2n;
    expect(borrowRate(curve, half)).toBe((half * 800n) / 8000n);
    // 90%: (U − 0.8) × 9200 / 2000 + 0.08.
    const ninety = fx.fromPercent(90);
    expect(borrowRate(curve, ninety)).toBe(((ninety - fx.fromBps(8000)) * 9200n) / 2000n + fx.fromBps(800));
    // 80.004% rounds to 8000 bps: the point's rate, not an interpolation.
    expect(borrowRate(curve, fx.fromBps(8000) + ONE / 25_000n)).toBe(fx.fromBps(800));
  });
});

describe("compounding", () => {
  const rate = fx.fromPercent(10);
  const b = rate / SLOTS_PER_YEAR;

  it("uses exact powers up to four slots", () => {
    const x = ONE + b;
    const mul = (p: bigint, q: bigint) => (p * q) >> 60n;
    expect(approximateCompoundedInterest(rate, 0n)).toBe(ONE);
    expect(approximateCompoundedInterest(rate, 1n)).toBe(x);
    expect(approximateCompoundedInterest(rate, 2n)).toBe(mul(x, x));
    expect(approximateCompoundedInterest(rate, 3n)).toBe(mul(mul(x, x), x));
    expect(approximateCompoundedInterest(rate, 4n)).toBe(mul(mul(x, x), mul(x, x)));
  });

  it("uses the three-term binomial expansion beyond", () => {
    const n = 1_000n;
    const b2 = (b * b) >> 60n;
    const b3 = (b2 * b) >> 60n;
    expect(approximateCompoundedInterest(rate, n)).toBe(ONE + b * n + (b2 * n * (n - 1n)) / 2n + (b3 * n * (n - 1n) * (n - 2n)) / 6n);
    // A year at 10%: above simple interest, below e^0.1 (b² keeps only 2 of its ~2.9 raw units, b³ none).
    const year = approximateCompoundedInterest(rate, SLOTS_PER_YEAR);
    expect(year > ONE + b * SLOTS_PER_YEAR).toBe(true);
    expect(Number(year) / Number(ONE)).toBeLessThan(Math.exp(0.1));
  });

  it("never shrinks as slots pass (seeded random rates and slot counts)", () => {
    const next = mulberry32(0x6d6b74);
    for (let i = 0; i < 300; i++) {
      const r = randomBits(next, 62);
      const slots = BigInt(next() % 5_000_000);
      const f = approximateCompoundedInterest(r, slots);
      expect(f >= ONE).toBe(true);
      expect(approximateCompoundedInterest(r, slots + 1n) >= f).toBe(true);
      expect(approximateCompoundedInterest(r, slots + 7n) >= f).toBe(true);
    }
  });
});

describe("accrual", () => {
  const liquidity = {
    availableAmount: 9_000_000n,
    borrowedAmountSf: 1_000_000n * ONE,
    accumulatedProtocolFeesSf: 0n,
    accumulatedReferrerFeesSf: 0n,
    pendingReferrerFeesSf: 0n,
    cumulativeBorrowRateBsf: ONE,
  };

  it("supplies and utilizes", () => {
    expect(totalSupply(liquidity)).toBe(10_000_000n * ONE);
    expect(utilizationRate(liquidity)).toBe(ONE / 10n);
    expect(utilizationRate({ ...liquidity, borrowedAmountSf: 0n, availableAmount: 0n })).toBe(0n);
  });

  it("grows debt and index by the compounded curve plus host rate, the host part and the take rate going to the protocol", () => {
    const borrow = fx.fromPercent(8);
    const host = fx.fromBps(200);
    const take = fx.fromPercent(10);
    const slots = 50n;
    const result = compoundInterest(
      liquidity,
      { borrowRate: borrow, hostFixedRate: host, protocolTakeRate: take, referralRate: 0n },
      slots,
    );
    const fTotal = approximateCompoundedInterest(borrow + host, slots);
    const fFixed = approximateCompoundedInterest(host, slots);
    const debt = liquidity.borrowedAmountSf;
    const newDebt = (debt * fTotal) >> 60n;
    const hostFee = ((debt * fFixed) >> 60n) - debt;
    const variable = newDebt - debt - hostFee;
    expect(result).toEqual({
      borrowedAmountSf: newDebt,
      cumulativeBorrowRateBsf: (ONE * fTotal) >> 60n,
      accumulatedProtocolFeesSf: hostFee + ((variable * take) >> 60n),
      pendingReferrerFeesSf: 0n,
      absoluteReferralRateSf: 0n,
    });
  });

  it("never lowers what a cToken is worth (seeded random reserves)", () => {
    const next = mulberry32(0x72617465);
    for (let i = 0; i < 300; i++) {
      const available = randomBits(next, 40);
      const borrowed = randomBits(next, 100);
      const state: LiquidityAmounts & { cumulativeBorrowRateBsf: bigint } = {
        availableAmount: available,
        borrowedAmountSf: borrowed,
        accumulatedProtocolFeesSf: borrowed / BigInt(1 + (next() % 50)),
        accumulatedReferrerFeesSf: 0n,
        pendingReferrerFeesSf: 0n,
        cumulativeBorrowRateBsf: ONE + randomBits(next, 50),
      };
      const rates = {
        borrowRate: randomBits(next, 62),
        hostFixedRate: fx.fromBps(next() % 2_000),
        protocolTakeRate: fx.fromPercent(next() % 101),
        referralRate: 0n,
      };
      const after = { ...state, ...compoundInterest(state, rates, BigInt(1 + (next() % 100_000))) };
      expect(totalSupply(after) >= totalSupply(state)).toBe(true);
      expect(after.cumulativeBorrowRateBsf >= state.cumulativeBorrowRateBsf).toBe(true);
    }
  });
});

describe("collateral exchange rate", () => {
  it("is 1:1 while either side is empty", () => {
    expect(collateralExchangeRate(0n, 5n * ONE)).toBe(INITIAL_EXCHANGE_RATE);
    expect(collateralExchangeRate(5n, 0n)).toBe(INITIAL_EXCHANGE_RATE);
    expect(depositAmounts(INITIAL_EXCHANGE_RATE, 1_234n)).toEqual({ collateral: 1_234n, liquidity: 1_234n });
  });

  it("mints floor(cTokens) and charges the ceiling of their worth", () => {
    // 3 liquidity per 2 cTokens: 10 buys floor(10 × 2 / 3) = 6 cTokens, which cost ceil(6 × 3 / 2) = 9.
    const rate = collateralExchangeRate(2_000n, 3_000n * ONE);
    expect(depositAmounts(rate, 10n)).toEqual({ collateral: 6n, liquidity: 9n });
    expect(collateralToLiquidity(rate, 7n)).toBe(10n);
  });

  it("never pays back more than a deposit took (seeded random reserves)", () => {
    const next = mulberry32(0x63746b6e);
    for (let i = 0; i < 500; i++) {
      const supply = 1n + randomBits(next, 48);
      const liquidity = supply * ONE + randomBits(next, 100);
      const rate = collateralExchangeRate(supply, liquidity);
      const amount = 1n + randomBits(next, 40);
      const deposit = depositAmounts(rate, amount);
      expect(deposit.liquidity <= amount).toBe(true);
      const after = collateralExchangeRate(supply + deposit.collateral, liquidity + deposit.liquidity * ONE);
      expect(collateralToLiquidity(after, deposit.collateral) <= deposit.liquidity).toBe(true);
    }
  });
});

describe("values, fees and amounts", () => {
  it("values liquidity at the price per whole token", () => {
    // 1.5 tokens of 6 decimals at 150.5 = 225.75.
    expect(marketValue(1_500_000n * ONE, (301n * ONE) / 2n, 6n)).toBe((22_575n * ONE) / 100n);
  });

  it("charges at least one unit of origination fee on a native amount, rounded, and refuses a fee that eats the amount", () => {
    const onePercent = ONE / 100n;
    expect(originationFee(1_000_000_000n, onePercent, "exclusive")).toBe(10_000_000n);
    expect(originationFee(10n, onePercent, "exclusive")).toBe(1n);
    expect(originationFee(10n, 0n, "exclusive")).toBe(0n);
    failsWith(() => originationFee(1n, onePercent, "exclusive"), "BorrowTooSmall");
    // klend's flash-loan fee of 0.001% on $100,000 of a 6-decimal token: one token.
    expect(originationFee(100_000_000_000n, ONE / 100_000n, "exclusive")).toBe(1_000_000n);
    // Inclusive: the rate becomes r / (1 + r).
    const inclusive = fx.div(onePercent, ONE + onePercent);
    expect(originationFee(101_000_000n, onePercent, "inclusive")).toBe(fx.toRound(fx.mul(101_000_000n * ONE, inclusive)));
  });

  it("sizes borrows and repayments", () => {
    const terms = {
      price: ONE,
      decimals: 6n,
      borrowFactor: ONE,
      originationFeeSf: ONE / 100n,
      availableAmount: 1_000_000_000n,
      remainingBorrowValue: 500n * ONE,
      remainingReserveCapacity: 10_000_000_000n * ONE,
      referralFeeBps: 0,
      hasReferrer: false,
    };
    expect(calculateBorrow(100_000_000n, terms)).toEqual({
      borrowAmount: 101_000_000n * ONE,
      receiveAmount: 100_000_000n,
      originationFee: 1_000_000n,
      referralFee: 0n,
    });
    // A referrer takes the market's share (20%) of the unrounded fee (just under 1,000,000, the 1% rate being
    // truncated), rounded down; the debt is the same.
    expect(calculateBorrow(100_000_000n, { ...terms, referralFeeBps: 2_000, hasReferrer: true })).toEqual({
      borrowAmount: 101_000_000n * ONE,
      receiveAmount: 100_000_000n,
      originationFee: 800_001n,
      referralFee: 199_999n,
    });
    expect(calculateBorrow(100_000_000n, { ...terms, referralFeeBps: 10_000, hasReferrer: true }).referralFee).toBe(1_000_000n);
    failsWith(() => calculateBorrow(500_000_000n, terms), "BorrowTooLarge");
    failsWith(() => calculateBorrow(100_000_000n, { ...terms, remainingReserveCapacity: 100_000_000n * ONE }), "BorrowLimitExceeded");
    const all = calculateBorrow(fx.U64_MAX, terms);
    expect(all.borrowAmount).toBe(500_000_000n * ONE);
    expect(all.receiveAmount + all.originationFee).toBe(500_000_000n);
    expect(calculateRepay(fx.U64_MAX, 5n * ONE + 1n)).toEqual({ settleAmount: 5n * ONE + 1n, repayAmount: 6n });
    expect(calculateRepay(3n, 5n * ONE + 1n)).toEqual({ settleAmount: 3n * ONE, repayAmount: 3n });
  });

  it("limits net outflows per interval, and only counts when the interval is 0", () => {
    const off = { configCapacity: 0n, currentTotal: 0n, lastIntervalStartTimestamp: 0n, configIntervalLengthSeconds: 0n };
    expect(addToWithdrawalAccum(off, 500n, 1_000n).currentTotal).toBe(500n);
    expect(subFromWithdrawalAccum(off, 500n, 1_000n).currentTotal).toBe(-500n);
    const caps = { configCapacity: 1_000n, currentTotal: 0n, lastIntervalStartTimestamp: 1_000n, configIntervalLengthSeconds: 60n };
    const used = addToWithdrawalAccum(caps, 900n, 1_010n);
    expect(used.currentTotal).toBe(900n);
    failsWith(() => addToWithdrawalAccum(used, 101n, 1_020n), "WithdrawalCapReached");
    expect(addToWithdrawalAccum(subFromWithdrawalAccum(used, 100n, 1_020n), 200n, 1_030n).currentTotal).toBe(1_000n);
    expect(addToWithdrawalAccum(used, 1_000n, 1_060n)).toEqual({ ...caps, currentTotal: 1_000n, lastIntervalStartTimestamp: 1_060n });
    failsWith(() => addToWithdrawalAccum(caps, 1n, 999n), "LastTimestampGreaterThanCurrent");
  });
});
