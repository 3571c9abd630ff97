import { mulberry32 } from "../../ledger/test/support/random.js";
// Interest math (reference §8.2-§8.8): the reference's worked examples (§8.4, §16.3, §21.5) to
// exact bits where the arithmetic is exact and otherwise to the nearest I80F48 of the stated
// decimal within a few ulps, the mainnet bank snapshots, and seeded property tests.
import { describe, expect, it } from "vitest";
import { decodeBank, decodeMarginfiGroup, i80f48 as fx, type Bank, type I80F48 } from "../src/index.js";
import {
  INTEREST_CURVE_LEGACY,
  INTEREST_CURVE_SEVEN_POINT,
  InterestMathError,
  NO_PROGRAM_FEES,
  SECONDS_PER_YEAR,
  U32_MAX,
  accrueInterest,
  accruedValue,
  assetAmount,
  assetShares,
  bankTotals,
  baseRate,
  centiToU32,
  collectBankFees,
  computeInterestRates,
  feeApr,
  interestPaymentForPeriod,
  legacyBaseRate,
  lerp,
  liabilityAmount,
  liabilityShares,
  milliToU32,
  originationFee,
  programFeesOf,
  rateFromU32,
  repayAllAmount,
  sevenPointBaseRate,
  updateBankCache,
  utilFromU32,
  utilization,
  withdrawAllAmount,
  type BankInterestState,
  type InterestRateInputs,
  type ProgramFees,
  type RatePointU32,
} from "../src/math/interest.js";
import { loadExpected, loadSnapshot } from "./support/fixtures.js";

const d = fx.fromDecimal;
const int = fx.fromInt;

/** Bits of the nearest I80F48 of the decimal (what `I80F48!(x)` compiles to). */
function bitsOf(decimal: string): bigint {
  return d(decimal);
}

/** |actual − nearest(decimal)| ≤ ulps (one ulp = 2^-48 ≈ 3.55e-15). */
function expectNear(actual: I80F48, decimal: string, ulps = 16n): void {
  const diff = actual - d(decimal);
  const magnitude = diff < 0n ? -diff : diff;
  expect(magnitude <= ulps, `${fx.toDecimal(actual)} vs ${decimal} (off by ${diff} ulps)`).toBe(true);
}

function legacyConfig(fields: Partial<Record<keyof InterestRateInputs, unknown>>): InterestRateInputs {
  return {
    optimalUtilizationRate: fx.ZERO,
    plateauInterestRate: fx.ZERO,
    maxInterestRate: fx.ZERO,
    insuranceFeeFixedApr: fx.ZERO,
    insuranceIrFee: fx.ZERO,
    protocolFixedFeeApr: fx.ZERO,
    protocolIrFee: fx.ZERO,
    zeroUtilRate: 0,
    hundredUtilRate: 0,
    points: [],
    curveType: INTEREST_CURVE_LEGACY,
    ...fields,
  } as InterestRateInputs;
}

/** round(x × u32::MAX) for a decimal fraction x, in exact integer arithmetic (the repo's util_to_u32). */
function utilU32(decimal: string): number {
  const [whole, frac = ""] = decimal.split(".");
  const den = 10n ** BigInt(frac.length);
  const num = BigInt(whole + frac) * BigInt(U32_MAX);
  return Number((2n * num + den) / (2n * den));
}

/** round(apr / 10 × u32::MAX) (the repo's apr_to_u32). */
function aprU32(decimal: string): number {
  const [whole, frac = ""] = decimal.split(".");
  const den = 10n ** BigInt(frac.length) * 10n;
  const num = BigInt(whole + frac) * BigInt(U32_MAX);
  return Number((2n * num + den) / (2n * den));
}

function bankState(fields: Partial<BankInterestState> & { config: { interestRateConfig: InterestRateInputs } }): BankInterestState {
  return {
    assetShareValue: fx.ONE,
    liabilityShareValue: fx.ONE,
    totalAssetShares: fx.ZERO,
    totalLiabilityShares: fx.ZERO,
    collectedInsuranceFeesOutstanding: fx.ZERO,
    collectedGroupFeesOutstanding: fx.ZERO,
    collectedProgramFeesOutstanding: fx.ZERO,
    lastUpdate: 0n,
    cache: { baseRate: 0, lendingRate: 0, borrowingRate: 0, interestAccumulatedFor: 0, accumulatedSinceLastUpdate: fx.ZERO },
    ...fields,
  };
}

describe("share accounting (§8.2)", () => {
  it("amounts are shares × share value and shares are amount / share value", () => {
    const asv = d("1.25");
    expect(assetAmount(int(8), asv)).toBe(int(10));
    expect(assetShares(int(10), asv)).toBe(int(8));
    expect(liabilityAmount(int(4), d("1.5"))).toBe(int(6));
    expect(liabilityShares(int(6), d("1.5"))).toBe(int(4));
  });

  it("asset shares are 0 when the asset share value is 0; liability shares then fail", () => {
    expect(assetShares(int(10), fx.ZERO)).toBe(fx.ZERO);
    expect(() => liabilityShares(int(10), fx.ZERO)).toThrow(fx.FixedPointError);
  });

  it("rounds down at the 2^-48 share level", () => {
    // 1 / 3 truncates; multiplying back loses at most a share ulp.
    const shares = assetShares(fx.ONE, int(3));
    expect(shares).toBe(((1n << 48n) / 3n) as I80F48);
    expect(assetAmount(shares, int(3)) <= fx.ONE).toBe(true);
  });
});

describe("legacy three-point curve (§8.3)", () => {
  it("is ur / O × P up to the optimal utilization, then rises to the max", () => {
    const O = d("0.8");
    const P = d("0.1");
    const M = int(3);
    expect(legacyBaseRate(fx.ZERO, O, P, M)).toBe(fx.ZERO);
    expect(legacyBaseRate(O, O, P, M)).toBe(P);
    expect(legacyBaseRate(fx.ONE, O, P, M)).toBe(M);
    expectNear(legacyBaseRate(d("0.4"), O, P, M), "0.05");
    expectNear(legacyBaseRate(d("0.9"), O, P, M), "1.55");
  });

  it("with optimal utilization 0 fails at zero utilization (checked division 0 / 0)", () => {
    expect(() => legacyBaseRate(fx.ZERO, fx.ZERO, d("0.1"), int(1))).toThrow(fx.FixedPointError);
    expect(legacyBaseRate(d("0.5"), fx.ZERO, d("0.1"), int(1))).toBe(fx.add(fx.mul(d("0.5"), fx.sub(int(1), d("0.1"))), d("0.1")));
  });
});

describe("seven-point curve (§8.3)", () => {
  it("decodes u32 rates and utilizations by dividing by u32::MAX first", () => {
    expect(rateFromU32(U32_MAX)).toBe(int(10));
    expect(utilFromU32(U32_MAX)).toBe(fx.ONE);
    expect(rateFromU32(0)).toBe(fx.ZERO);
    // floor(v·2^48 / u32::MAX) × 10.
    expect(rateFromU32(429_496_730)).toBe((((429_496_730n << 48n) / BigInt(U32_MAX)) * 10n) as I80F48);
  });

  // The repo's unit test: zero 5%, (20%, 10%), (60%, 15%), hundred 40%.
  const zero = aprU32("0.05");
  const hundred = aprU32("0.40");
  const points: RatePointU32[] = [
    { util: utilU32("0.20"), rate: aprU32("0.10") },
    { util: utilU32("0.60"), rate: aprU32("0.15") },
    { util: 0, rate: 0 },
    { util: 0, rate: 0 },
    { util: 0, rate: 0 },
  ];

  it("reference example: ur 0 → 0.05, ur 0.4 → 0.125", () => {
    expect(zero).toBe(21_474_836);
    expect(sevenPointBaseRate(fx.ZERO, zero, hundred, points)).toBe(rateFromU32(zero));
    // The u32 grid is 10 / u32::MAX ≈ 2.3e-9 per step.
    expectNear(sevenPointBaseRate(fx.ZERO, zero, hundred, points), "0.05", 10_000_000n);
    expectNear(sevenPointBaseRate(d("0.4"), zero, hundred, points), "0.125", 10_000_000n);
  });

  it("hits each knot exactly and clamps utilization to [0, 1]", () => {
    expect(sevenPointBaseRate(utilFromU32(points[0]!.util), zero, hundred, points)).toBe(rateFromU32(points[0]!.rate));
    expect(sevenPointBaseRate(utilFromU32(points[1]!.util), zero, hundred, points)).toBe(rateFromU32(points[1]!.rate));
    expect(sevenPointBaseRate(fx.ONE, zero, hundred, points)).toBe(rateFromU32(hundred));
    expect(sevenPointBaseRate(int(2), zero, hundred, points)).toBe(rateFromU32(hundred));
    expect(sevenPointBaseRate(fx.neg(fx.ONE), zero, hundred, points)).toBe(rateFromU32(zero));
  });

  it("with no points interpolates (0, zero) → (1, hundred)", () => {
    expectNear(sevenPointBaseRate(d("0.5"), 0, aprU32("0.4"), []), "0.2", 10_000_000n);
  });

  it("a decreasing segment fails; a degenerate one yields its start", () => {
    expect(() => sevenPointBaseRate(d("0.5"), aprU32("0.5"), aprU32("0.1"), [])).toThrow(InterestMathError);
    expect(lerp(fx.ONE, int(2), d("0.5"), int(5), d("0.75"))).toBe(int(2));
    expect(() => lerp(d("0.2"), d("1.5"), d("0.8"), int(3), d("0.1"))).toThrow(InterestMathError);
    expect(() => lerp(fx.ZERO, fx.ZERO, fx.ONE, int(4), d("1.5"))).toThrow(InterestMathError);
  });

  it("§21.5: the migrated curve (0,0) → (0.5,0.6) → (1,3) is equivalent to legacy O 0.5, P 0.6, M 3", () => {
    const legacy = legacyConfig({ optimalUtilizationRate: d("0.5"), plateauInterestRate: d("0.6"), maxInterestRate: int(3) });
    const seven: InterestRateInputs = {
      ...legacy,
      curveType: INTEREST_CURVE_SEVEN_POINT,
      zeroUtilRate: 0,
      hundredUtilRate: milliToU32(int(3)),
      points: [{ util: centiToU32(d("0.5")), rate: milliToU32(d("0.6")) }],
    };
    for (const ur of ["0", "0.1", "0.25", "0.5", "0.6", "0.75", "0.99", "1"]) {
      const diff = baseRate(seven, d(ur)) - baseRate(legacy, d(ur));
      expect((diff < 0n ? -diff : diff) < 2_000_000n, `ur ${ur}`).toBe(true);
    }
  });
});

describe("u32 cache encodings", () => {
  it("milli_to_u32 clamps to [0, 1000%] and floors", () => {
    expect(milliToU32(fx.ZERO)).toBe(0);
    expect(milliToU32(fx.neg(fx.ONE))).toBe(0);
    expect(milliToU32(int(10))).toBe(U32_MAX);
    expect(milliToU32(int(20))).toBe(U32_MAX);
    // (1 / 10 truncated) × u32::MAX, floored.
    expect(milliToU32(fx.ONE)).toBe(Number((((1n << 48n) / 10n) * BigInt(U32_MAX)) >> 48n));
    expect(milliToU32(fx.ONE)).toBe(429_496_729);
    expect(centiToU32(fx.ONE)).toBe(U32_MAX);
    expect(centiToU32(d("1.5"))).toBe(U32_MAX);
  });
});

describe("lending and borrowing rates (§8.4 unit-test examples)", () => {
  it("O 0.6, P 0.4, group fixed 0.01, ur 0.6 → base 0.4, lending 0.24, borrowing 0.41, group 0.01, insurance 0", () => {
    const config = legacyConfig({ optimalUtilizationRate: d("0.6"), plateauInterestRate: d("0.4"), protocolFixedFeeApr: d("0.01") });
    const r = computeInterestRates(config, d("0.6"));
    expect(r.baseRate).toBe(bitsOf("0.4"));
    expectNear(r.lendingRate, "0.24");
    expect(r.lendingRate).toBe(fx.mul(d("0.4"), d("0.6")));
    expect(r.borrowingRate).toBe(bitsOf("0.4") + bitsOf("0.01"));
    expectNear(r.borrowingRate, "0.41");
    expect(r.groupFeeApr).toBe(bitsOf("0.01"));
    expect(r.insuranceFeeApr).toBe(fx.ZERO);
    expect(r.programFeeApr).toBe(fx.ZERO);
  });

  it("O 0.5, P 0.4, group fixed 0.01, insurance ir 0.1, ur 0.5 → 0.4, 0.2, 0.45, 0.01, 0.04", () => {
    const config = legacyConfig({
      optimalUtilizationRate: d("0.5"),
      plateauInterestRate: d("0.4"),
      protocolFixedFeeApr: d("0.01"),
      insuranceIrFee: d("0.1"),
    });
    const r = computeInterestRates(config, d("0.5"));
    expect(r.baseRate).toBe(bitsOf("0.4"));
    expect(r.lendingRate).toBe(bitsOf("0.4") / 2n);
    expectNear(r.lendingRate, "0.2");
    expectNear(r.borrowingRate, "0.45");
    expect(r.groupFeeApr).toBe(bitsOf("0.01"));
    expectNear(r.insuranceFeeApr, "0.04");
  });

  it("O 0.4, P 0.4, M 3, group fixed 0.01, insurance ir 0.1, ur 0.7 → 1.7, 1.19, 1.88, 0.01, 0.17", () => {
    const config = legacyConfig({
      optimalUtilizationRate: d("0.4"),
      plateauInterestRate: d("0.4"),
      maxInterestRate: int(3),
      protocolFixedFeeApr: d("0.01"),
      insuranceIrFee: d("0.1"),
    });
    const r = computeInterestRates(config, d("0.7"));
    expectNear(r.baseRate, "1.7");
    expectNear(r.lendingRate, "1.19");
    expectNear(r.borrowingRate, "1.88");
    expect(r.groupFeeApr).toBe(bitsOf("0.01"));
    expectNear(r.insuranceFeeApr, "0.17");
  });

  it("fee rate helper: base 0.4, rate fee 0.05, fixed 0.01 → exactly I80F48!(0.03)", () => {
    expect(feeApr(d("0.4"), d("0.05"), d("0.01"))).toBe(bitsOf("0.03"));
    expect(feeApr(d("0.4"), fx.ZERO, d("0.01"))).toBe(bitsOf("0.01"));
  });

  it("program fees apply only when the group enables them", () => {
    const config = legacyConfig({ optimalUtilizationRate: d("0.5"), plateauInterestRate: d("0.4"), maxInterestRate: int(3) });
    const group = { groupFlags: 0n, feeStateCache: { programFeeRate: d("0.025"), programFeeFixed: d("0.01") } };
    expect(programFeesOf(group).enabled).toBe(false);
    expect(computeInterestRates(config, d("0.5"), programFeesOf(group)).programFeeApr).toBe(fx.ZERO);
    const on = computeInterestRates(config, d("0.5"), programFeesOf({ ...group, groupFlags: 1n }));
    expect(on.programFeeApr).toBe(fx.add(fx.mul(d("0.4"), d("0.025")), d("0.01")));
    expectNear(on.borrowingRate, "0.42");
  });

  it("fixed fees are charged at zero utilization", () => {
    const config = legacyConfig({
      optimalUtilizationRate: d("0.5"),
      plateauInterestRate: d("0.4"),
      maxInterestRate: int(3),
      insuranceFeeFixedApr: d("0.02"),
    });
    const r = computeInterestRates(config, fx.ZERO);
    expect(r.lendingRate).toBe(fx.ZERO);
    expect(r.borrowingRate).toBe(bitsOf("0.02"));
  });
});

describe("accrual (§8.5) and the repo's period helpers", () => {
  it("interest payment: 1 at 100% APR over a year; 0.0038 on 1,000,000 at 12% over 1 s", () => {
    expect(interestPaymentForPeriod(fx.ONE, SECONDS_PER_YEAR, fx.ONE)).toBe(fx.ONE);
    expect(interestPaymentForPeriod(d("0.5"), SECONDS_PER_YEAR, fx.ONE)).toBe(bitsOf("0.5"));
    const payment = interestPaymentForPeriod(d("0.12"), 1n, int(1_000_000));
    expect(fx.toDecimal(payment).startsWith("0.0038")).toBe(true);
    expect(interestPaymentForPeriod(fx.ZERO, 1n, int(5))).toBe(fx.ZERO);
  });

  it("accrued value: 2 at 100% over a year → 4; at 50% → 3", () => {
    expect(accruedValue(fx.ONE, SECONDS_PER_YEAR, int(2))).toBe(int(4));
    expect(accruedValue(d("0.5"), SECONDS_PER_YEAR, int(2))).toBe(int(3));
  });

  const ex5 = legacyConfig({ optimalUtilizationRate: d("0.5"), plateauInterestRate: d("0.6"), maxInterestRate: int(3) });

  it("§21.5: deposits 100, borrows 50, one year in one accrual → share values 1.3 and 1.6 (assets 130, liabilities 80)", () => {
    const bank = bankState({
      totalAssetShares: int(100),
      totalLiabilityShares: int(50),
      lastUpdate: 1_000n,
      config: { interestRateConfig: ex5 },
    });
    const { bank: after, changes, timeDelta } = accrueInterest(bank, 1_000n + SECONDS_PER_YEAR);
    expect(timeDelta).toBe(SECONDS_PER_YEAR);
    expect(changes?.utilization).toBe(bitsOf("0.5"));
    expect(changes?.rates.baseRate).toBe(bitsOf("0.6"));
    expect(changes?.rates.lendingRate).toBe(bitsOf("0.6") / 2n);
    expect(changes?.rates.borrowingRate).toBe(bitsOf("0.6"));
    // 1 + 0.3 and 1 + 0.6 land exactly on I80F48!(1.3) and I80F48!(1.6).
    expect(after.assetShareValue).toBe(bitsOf("1.3"));
    expect(after.liabilityShareValue).toBe(bitsOf("1.6"));
    expect(after.assetShareValue).toBe(365_917_469_723_853n);
    expect(after.liabilityShareValue).toBe(450_359_962_737_050n);
    const totals = bankTotals(after);
    expectNear(totals.totalAssets, "130", 100n);
    expectNear(totals.totalLiabilities, "80", 100n);
    expect(after.lastUpdate).toBe(1_000n + SECONDS_PER_YEAR);
    expect(after.cache.interestAccumulatedFor).toBe(Number(SECONDS_PER_YEAR));
    expect(after.cache.accumulatedSinceLastUpdate).toBe(fx.mul(fx.sub(bitsOf("1.3") as I80F48, fx.ONE), int(100)));
    expect(after.collectedGroupFeesOutstanding).toBe(fx.ZERO);
    expect(after.collectedInsuranceFeesOutstanding).toBe(fx.ZERO);
    expect(after.collectedProgramFeesOutstanding).toBe(fx.ZERO);
  });

  it("§21.5: with group ir fee 0.1 and fixed 0.01 → borrowing 0.67, group fee APR 0.07, 3.5 tokens of group fees, vault identity", () => {
    const config = { ...ex5, protocolIrFee: d("0.1"), protocolFixedFeeApr: d("0.01") };
    const bank = bankState({ totalAssetShares: int(100), totalLiabilityShares: int(50), config: { interestRateConfig: config } });
    const { bank: after, changes } = accrueInterest(bank, SECONDS_PER_YEAR);
    expectNear(changes!.rates.borrowingRate, "0.67");
    expectNear(changes!.rates.groupFeeApr, "0.07");
    expectNear(changes!.groupFeesCollected, "3.5", 1000n);
    expect(after.collectedGroupFeesOutstanding).toBe(changes!.groupFeesCollected);
    const { totalAssets, totalLiabilities } = bankTotals(after);
    expectNear(totalAssets, "130", 100n);
    expectNear(totalLiabilities, "83.5", 1000n);
    // cash 100 − 50 = 50 = (130 − 83.5) + 3.5
    const book = fx.add(fx.sub(totalAssets, totalLiabilities), after.collectedGroupFeesOutstanding);
    expectNear(book, "50", 1000n);
  });

  it("compounds across accrual events: weekly accrual beats one yearly accrual (repo test z01)", () => {
    const start = bankState({ totalAssetShares: int(100), totalLiabilityShares: int(50), config: { interestRateConfig: ex5 } });
    const yearly = accrueInterest(start, SECONDS_PER_YEAR).bank;
    let weekly: BankInterestState = start;
    const week = SECONDS_PER_YEAR / 52n;
    for (let i = 1n; i <= 52n; i++) weekly = accrueInterest(weekly, week * i).bank;
    expect(weekly.assetShareValue > yearly.assetShareValue).toBe(true);
    expect(weekly.liabilityShareValue > yearly.liabilityShareValue).toBe(true);
  });

  it("dt 0 changes nothing; empty sides only move last_update; negative dt fails", () => {
    const bank = bankState({
      totalAssetShares: int(100),
      totalLiabilityShares: int(50),
      lastUpdate: 50n,
      config: { interestRateConfig: ex5 },
    });
    expect(accrueInterest(bank, 50n).bank).toBe(bank);
    const empty = { ...bank, totalLiabilityShares: fx.ZERO };
    const result = accrueInterest(empty, 100n);
    expect(result.changes).toBeUndefined();
    expect(result.bank).toEqual({ ...empty, lastUpdate: 100n });
    expect(() => accrueInterest(bank, 49n)).toThrow(InterestMathError);
  });

  it("interest_accumulated_for saturates at u32::MAX", () => {
    const bank = bankState({ totalAssetShares: int(100), totalLiabilityShares: int(1), config: { interestRateConfig: ex5 } });
    expect(accrueInterest(bank, 5_000_000_000n).bank.cache.interestAccumulatedFor).toBe(U32_MAX);
  });
});

describe("bank cache update (§8.7)", () => {
  const config = legacyConfig({ optimalUtilizationRate: d("0.5"), plateauInterestRate: d("0.6"), maxInterestRate: int(3) });

  it("stores milli_to_u32 of the base, lending and borrowing rates and sets last_update", () => {
    const bank = bankState({
      totalAssetShares: int(100),
      totalLiabilityShares: int(50),
      lastUpdate: 7n,
      config: { interestRateConfig: config },
    });
    const after = updateBankCache(bank, 99n);
    expect(after.lastUpdate).toBe(99n);
    expect(after.cache.baseRate).toBe(milliToU32(bitsOf("0.6") as I80F48));
    expect(after.cache.lendingRate).toBe(milliToU32((bitsOf("0.6") / 2n) as I80F48));
    expect(after.cache.borrowingRate).toBe(after.cache.baseRate);
    // 60% of 1000% ≈ 0.06 × u32::MAX
    expect(Math.abs(after.cache.baseRate - 257_698_037)).toBeLessThanOrEqual(1);
  });

  it("resets everything but the last oracle price fields when a side is empty, leaving last_update", () => {
    const cache = {
      baseRate: 5,
      lendingRate: 6,
      borrowingRate: 7,
      interestAccumulatedFor: 8,
      accumulatedSinceLastUpdate: int(9),
      lastOraclePrice: int(150),
      lastOraclePriceTimestamp: 1234n,
      lastOraclePriceConfidence: d("0.5"),
      padding: Buffer.alloc(24, 1),
    };
    const bank = { ...bankState({ totalAssetShares: int(100), lastUpdate: 7n, config: { interestRateConfig: config } }), cache };
    const after = updateBankCache(bank, 99n);
    expect(after.lastUpdate).toBe(7n);
    expect(after.cache).toEqual({
      baseRate: 0,
      lendingRate: 0,
      borrowingRate: 0,
      interestAccumulatedFor: 0,
      accumulatedSinceLastUpdate: fx.ZERO,
      lastOraclePrice: int(150),
      lastOraclePriceTimestamp: 1234n,
      lastOraclePriceConfidence: d("0.5"),
      padding: Buffer.alloc(24),
    });
  });
});

describe("token-flow rounding (§8.8, §16.3, §16.4)", () => {
  it("withdraw_all floors and sends the fraction to insurance; repay_all ceils and sends the excess", () => {
    expect(withdrawAllAmount(d("10.75"))).toEqual({ transfer: 10n, remainderToInsurance: d("0.75") });
    expect(repayAllAmount(d("10.25"))).toEqual({ charge: 11n, excessToInsurance: d("0.75") });
    expect(repayAllAmount(int(3))).toEqual({ charge: 3n, excessToInsurance: fx.ZERO });
  });

  it("fee collection moves integer parts in the order insurance, group, program", () => {
    const fees = {
      collectedInsuranceFeesOutstanding: d("4.5"),
      collectedGroupFeesOutstanding: d("3.25"),
      collectedProgramFeesOutstanding: d("2.75"),
    };
    const plenty = collectBankFees(fees, 100n);
    expect([plenty.insuranceTransfer, plenty.groupTransfer, plenty.programTransfer]).toEqual([4n, 3n, 2n]);
    expect(plenty.outstanding).toEqual({
      collectedInsuranceFeesOutstanding: d("0.5"),
      collectedGroupFeesOutstanding: d("0.25"),
      collectedProgramFeesOutstanding: d("0.75"),
    });
    const short = collectBankFees(fees, 6n);
    expect([short.insuranceTransfer, short.groupTransfer, short.programTransfer]).toEqual([4n, 2n, 0n]);
    expect(short.outstanding.collectedGroupFeesOutstanding).toBe(d("1.25"));
  });

  it("origination fee: 1% on 100 with a 10% program rate → owes 101, group 0.90, program 0.10", () => {
    const { fee, programPart, groupPart, eventAmount } = originationFee(100n, d("0.01"), d("0.1"));
    expectNear(fx.add(int(100), fee), "101", 1000n);
    expectNear(groupPart, "0.9", 1000n);
    expectNear(programPart, "0.1", 1000n);
    expect(fx.add(groupPart, programPart)).toBe(fee);
    expect(eventAmount).toBe(fee >= fx.ONE ? 1n : 0n);
  });
});

// ---- mainnet bank snapshots ---------------------------------------------------------------------

const fixtures = loadExpected();
const bankFiles = Object.entries(fixtures)
  .filter(([, entry]) => entry.kind === "Bank")
  .map(([fileName]) => fileName)
  .sort();
const groupFile = Object.entries(fixtures).find(([, entry]) => entry.kind === "MarginfiGroup")?.[0];

describe("mainnet bank snapshots", () => {
  const programFees: ProgramFees =
    groupFile === undefined ? NO_PROGRAM_FEES : programFeesOf(decodeMarginfiGroup(loadSnapshot(groupFile).data));

  it("has the snapshots this suite expects", () => {
    expect(bankFiles.length).toBeGreaterThanOrEqual(5);
    expect(groupFile).toBeDefined();
  });

  for (const fileName of bankFiles) {
    const bank: Bank = decodeBank(loadSnapshot(fileName).data);
    const { totalAssets, totalLiabilities } = bankTotals(bank);
    const empty = totalAssets === fx.ZERO || totalLiabilities === fx.ZERO;

    if (empty) {
      it(`${fileName}: an empty side reproduces the stored (reset) cache and keeps last_update`, () => {
        const after = updateBankCache(bank, bank.lastUpdate + 60n);
        expect(after.cache).toEqual(bank.cache);
        expect(after.lastUpdate).toBe(bank.lastUpdate);
        expect(accrueInterest(bank, bank.lastUpdate + 60n).changes).toBeUndefined();
      });
      continue;
    }

    it(`${fileName}: one hour of accrual conserves the vault identity up to share-value rounding`, () => {
      const { bank: after, changes } = accrueInterest(bank, bank.lastUpdate + 3600n, programFees);
      expect(changes).toBeDefined();
      expect(after.assetShareValue >= bank.assetShareValue).toBe(true);
      expect(after.liabilityShareValue >= bank.liabilityShareValue).toBe(true);
      const before = fx.sub(totalAssets, totalLiabilities);
      const totalsAfter = bankTotals(after);
      const fees = fx.add(fx.add(changes!.groupFeesCollected, changes!.insuranceFeesCollected), changes!.programFeesCollected);
      const drift = fx.abs(fx.sub(fx.add(fx.sub(totalsAfter.totalAssets, totalsAfter.totalLiabilities), fees), before));
      const tolerance = conservationTolerance(bank.totalAssetShares, bank.totalLiabilityShares);
      expect(fx.cmp(drift, tolerance) <= 0, `drift ${fx.toDecimal(drift)} > ${fx.toDecimal(tolerance)}`).toBe(true);
      expect(after.cache.interestAccumulatedFor).toBe(3600);
      expect(after.cache.accumulatedSinceLastUpdate).toBe(
        fx.mul(fx.sub(after.assetShareValue, bank.assetShareValue), bank.totalAssetShares),
      );
    });

    it(`${fileName}: the cache update stores consistent rates for the bank's own config and totals`, () => {
      const cfg = bank.config.interestRateConfig;
      const ur = utilization(totalAssets, totalLiabilities);
      const rates = computeInterestRates(cfg, ur, programFees);
      const after = updateBankCache(bank, bank.lastUpdate + 1n, programFees);
      expect(after.cache.baseRate).toBe(milliToU32(rates.baseRate));
      expect(after.cache.lendingRate).toBe(milliToU32(rates.lendingRate));
      expect(after.cache.borrowingRate).toBe(milliToU32(rates.borrowingRate));
      expect(after.cache.lendingRate).toBeLessThanOrEqual(after.cache.borrowingRate);
      expect(after.lastUpdate).toBe(bank.lastUpdate + 1n);
      // These are legacy-curve banks: the rate follows ur / O × P below the optimal utilization.
      expect(cfg.curveType).toBe(INTEREST_CURVE_LEGACY);
      if (fx.cmp(ur, cfg.optimalUtilizationRate) <= 0) {
        expect(rates.baseRate).toBe(fx.mul(fx.div(ur, cfg.optimalUtilizationRate), cfg.plateauInterestRate));
      }
    });
  }
});

// ---- seeded property tests ---------------------------------------------------------------------

/**
 * The vault identity (A − L + fees) is conserved up to rounding: each new share value carries a
 * couple of ulps, which the totals multiply by the share counts; plus one native unit.
 */
function conservationTolerance(totalAssetShares: I80F48, totalLiabilityShares: I80F48): I80F48 {
  return (fx.ONE + ((4n * (totalAssetShares + totalLiabilityShares)) >> 48n) + 1n) as I80F48;
}

/** A uniform bigint in [0, bound). */
function below(next: () => number, bound: bigint): bigint {
  const wide = (BigInt(next()) << 96n) | (BigInt(next()) << 64n) | (BigInt(next()) << 32n) | BigInt(next());
  return wide % bound;
}

/** A fraction in [0, 1] with full 48-bit resolution. */
function fraction(next: () => number): I80F48 {
  return below(next, (1n << 48n) + 1n) as I80F48;
}

function randomSevenPoint(next: () => number): InterestRateInputs {
  const count = Number(below(next, 6n));
  const utils = new Set<number>();
  while (utils.size < count) utils.add(1 + Number(below(next, BigInt(U32_MAX - 1))));
  const sortedUtils = [...utils].sort((a, b) => a - b);
  const zeroRate = Number(below(next, BigInt(Math.floor(U32_MAX / 4))));
  const hundredRate = zeroRate + Number(below(next, BigInt(U32_MAX - zeroRate) + 1n));
  const rates = sortedUtils.map(() => zeroRate + Number(below(next, BigInt(hundredRate - zeroRate) + 1n))).sort((a, b) => a - b);
  const points: RatePointU32[] = sortedUtils.map((util, i) => ({ util, rate: rates[i]! }));
  while (points.length < 5) points.push({ util: 0, rate: 0 });
  return {
    ...legacyConfig({}),
    ...randomFees(next),
    curveType: INTEREST_CURVE_SEVEN_POINT,
    zeroUtilRate: zeroRate,
    hundredUtilRate: hundredRate,
    points,
  };
}

function randomLegacy(next: () => number): InterestRateInputs {
  const O = (1n + below(next, (1n << 48n) - 1n)) as I80F48; // 0 < O < 1
  const P = (1n + below(next, 2n << 48n)) as I80F48; // 0 < P < 2
  const M = (P + 1n + below(next, 8n << 48n)) as I80F48; // P < M
  return { ...legacyConfig({ optimalUtilizationRate: O, plateauInterestRate: P, maxInterestRate: M }), ...randomFees(next) };
}

function randomFees(
  next: () => number,
): Pick<InterestRateInputs, "insuranceFeeFixedApr" | "insuranceIrFee" | "protocolFixedFeeApr" | "protocolIrFee"> {
  const small = (): I80F48 => (next() % 3 === 0 ? fx.ZERO : (below(next, 1n << 46n) as I80F48)); // 0 or < 0.25
  return { insuranceFeeFixedApr: small(), insuranceIrFee: small(), protocolFixedFeeApr: small(), protocolIrFee: small() };
}

function randomConfig(next: () => number): InterestRateInputs {
  return next() % 2 === 0 ? randomLegacy(next) : randomSevenPoint(next);
}

function randomProgramFees(next: () => number): ProgramFees {
  return { enabled: next() % 2 === 0, programFeeRate: below(next, 1n << 45n) as I80F48, programFeeFixed: below(next, 1n << 44n) as I80F48 };
}

describe("seeded properties", () => {
  const CASES = 300;

  it("the curve is monotone non-decreasing in utilization", () => {
    const next = mulberry32(0x1e57);
    for (let c = 0; c < CASES; c++) {
      const config = randomConfig(next);
      const urs = Array.from({ length: 24 }, () => fraction(next));
      urs.push(fx.ZERO, fx.ONE, config.optimalUtilizationRate);
      for (const p of config.points) if (p.util !== 0) urs.push(utilFromU32(p.util));
      urs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      let previous = baseRate(config, urs[0]!);
      for (const ur of urs.slice(1)) {
        const current = baseRate(config, ur);
        expect(current >= previous, `case ${c} at ${fx.toDecimal(ur)}`).toBe(true);
        previous = current;
      }
    }
  });

  it("the curve is continuous at its knots", () => {
    const next = mulberry32(0xc0de);
    const EPS = 1n << 16n; // a step of 2^-32 in utilization
    const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
    for (let c = 0; c < CASES; c++) {
      const config = randomConfig(next);
      const knots: { x: bigint; y: bigint }[] =
        config.curveType === INTEREST_CURVE_SEVEN_POINT
          ? [
              { x: 0n, y: rateFromU32(config.zeroUtilRate) },
              ...config.points.filter((p) => p.util !== 0).map((p) => ({ x: utilFromU32(p.util), y: rateFromU32(p.rate) })),
              { x: fx.ONE, y: rateFromU32(config.hundredUtilRate) },
            ]
          : [
              { x: 0n, y: 0n },
              { x: config.optimalUtilizationRate, y: config.plateauInterestRate },
              { x: fx.ONE, y: config.maxInterestRate },
            ];
      expect(baseRate(config, fx.ZERO)).toBe(knots[0]!.y);
      expect(baseRate(config, fx.ONE)).toBe(knots[knots.length - 1]!.y);
      for (let i = 1; i < knots.length - 1; i++) {
        const [a, k, b] = [knots[i - 1]!, knots[i]!, knots[i + 1]!];
        const eps = [EPS, k.x - a.x, b.x - k.x].reduce((m, v) => (v < m ? v : m));
        expect(baseRate(config, k.x as I80F48), `case ${c} knot ${i}`).toBe(k.y);
        const left = baseRate(config, (k.x - eps) as I80F48);
        const right = baseRate(config, (k.x + eps) as I80F48);
        expect(left <= k.y && k.y <= right, `case ${c} knot ${i} order`).toBe(true);
        // |f(k ± ε) − f(k)| ≤ the segment's slope × ε, plus a few ulps of rounding.
        expect(k.y - left <= ceilDiv((k.y - a.y) * eps, k.x - a.x) + 16n, `case ${c} knot ${i} left`).toBe(true);
        expect(right - k.y <= ceilDiv((b.y - k.y) * eps, b.x - k.x) + 16n, `case ${c} knot ${i} right`).toBe(true);
      }
    }
  });

  it("lending rate ≤ borrowing rate, fees are non-negative, zero utilization lends at zero", () => {
    const next = mulberry32(0xfee5);
    for (let c = 0; c < CASES; c++) {
      const config = randomConfig(next);
      const programFees = randomProgramFees(next);
      for (const ur of [fraction(next), fraction(next), fx.ZERO, fx.ONE]) {
        const r = computeInterestRates(config, ur, programFees);
        expect(r.lendingRate <= r.borrowingRate, `case ${c}`).toBe(true);
        expect(r.groupFeeApr >= 0n && r.insuranceFeeApr >= 0n && r.programFeeApr >= 0n).toBe(true);
        if (ur === fx.ZERO) expect(r.lendingRate).toBe(fx.ZERO);
        if (!programFees.enabled) expect(r.programFeeApr).toBe(fx.ZERO);
      }
    }
  });

  it("accrual never decreases share values, collects non-negative fees and conserves the vault identity", () => {
    const next = mulberry32(0xacc2);
    for (let c = 0; c < CASES; c++) {
      const config = randomConfig(next);
      const programFees = randomProgramFees(next);
      const totalAssetShares = (1n + below(next, 1n << 90n)) as I80F48; // up to ~4.4e12 tokens
      const totalLiabilityShares = below(next, totalAssetShares + 1n) as I80F48;
      const bank = bankState({
        assetShareValue: (fx.ONE + below(next, 1n << 48n)) as I80F48,
        liabilityShareValue: (fx.ONE + below(next, 1n << 48n)) as I80F48,
        totalAssetShares,
        totalLiabilityShares,
        collectedGroupFeesOutstanding: below(next, 1n << 60n) as I80F48,
        lastUpdate: 1_700_000_000n,
        config: { interestRateConfig: config },
      });
      const dt = below(next, 30n * 86_400n) + 1n;
      const { totalAssets, totalLiabilities } = bankTotals(bank);
      if (fx.cmp(totalLiabilities, totalAssets) > 0) continue; // keep utilization in [0, 1]
      const { bank: after, changes } = accrueInterest(bank, bank.lastUpdate + dt, programFees);
      expect(after.assetShareValue >= bank.assetShareValue).toBe(true);
      expect(after.liabilityShareValue >= bank.liabilityShareValue).toBe(true);
      expect(after.collectedGroupFeesOutstanding >= bank.collectedGroupFeesOutstanding).toBe(true);
      expect(after.collectedInsuranceFeesOutstanding >= bank.collectedInsuranceFeesOutstanding).toBe(true);
      expect(after.collectedProgramFeesOutstanding >= bank.collectedProgramFeesOutstanding).toBe(true);
      expect(after.cache.accumulatedSinceLastUpdate >= 0n).toBe(true);
      if (changes === undefined) {
        expect(totalLiabilities === fx.ZERO).toBe(true);
        continue;
      }
      expect(changes.groupFeesCollected >= 0n && changes.insuranceFeesCollected >= 0n && changes.programFeesCollected >= 0n).toBe(true);
      const fees = fx.add(fx.add(changes.groupFeesCollected, changes.insuranceFeesCollected), changes.programFeesCollected);
      const totalsAfter = bankTotals(after);
      const drift = fx.abs(
        fx.sub(fx.add(fx.sub(totalsAfter.totalAssets, totalsAfter.totalLiabilities), fees), fx.sub(totalAssets, totalLiabilities)),
      );
      const tolerance = conservationTolerance(totalAssetShares, totalLiabilityShares);
      expect(fx.cmp(drift, tolerance) <= 0, `case ${c}: drift ${fx.toDecimal(drift)}`).toBe(true);
    }
  });
});
