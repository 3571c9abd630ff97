// Token ↔ collateral-token conversions of Kamino positions: exact values at a known rate, and over seeded random
// reserves the two properties a withdrawal relies on: asking for tokens never redeems collateral worth more than
// asked, and gives up less than one collateral token's worth.
import { describe, expect, it } from "vitest";
import { curveFromPoints, defaultReserveConfig, fraction } from "@ballast/market";
import { i80f48 as fx } from "@ballast/protocol";
import { mulberry32 } from "../../../ledger/test/support/random.js";
import {
  isOracleFailure,
  kaminoCollateralForTokens,
  kaminoCollateralView,
  kaminoReserveTotals,
  kaminoTokensForCollateral,
  kaminoUtilizationCurve,
  priceBank,
  toNumber,
  utilizationRate,
  type KaminoReserve,
} from "../../src/index.js";
import { NOW, usdc } from "./support.js";

/** A reserve with what the rate math reads: cToken supply, available and borrowed liquidity, curve and take rate. */
function reserve(collateralSupply: bigint, available: bigint, borrowedSf = 0n): KaminoReserve {
  const config = defaultReserveConfig();
  config.protocolTakeRatePct = 10;
  config.borrowRateCurve.points = curveFromPoints([
    { utilizationRateBps: 0, borrowRateBps: 0 },
    { utilizationRateBps: 10_000, borrowRateBps: 1_000 },
  ]);
  return {
    config,
    collateral: { mintTotalSupply: collateralSupply },
    liquidity: {
      availableAmount: available,
      borrowedAmountSf: borrowedSf,
      accumulatedProtocolFeesSf: 0n,
      accumulatedReferrerFeesSf: 0n,
      pendingReferrerFeesSf: 0n,
    },
  } as unknown as KaminoReserve;
}

describe("Kamino token and collateral amounts", () => {
  it("convert at the reserve's rate, rounding down both ways", () => {
    // 1,000 cTokens for 1,250 tokens: one cToken is worth 1.25 tokens.
    const r = reserve(1_000n, 1_000n, fraction.fromInt(250n));
    expect(kaminoCollateralForTokens(r, 100n)).toBe(80n);
    expect(kaminoCollateralForTokens(r, 101n)).toBe(80n);
    expect(kaminoTokensForCollateral(r, 80n)).toBe(100n);
    expect(kaminoTokensForCollateral(r, 3n)).toBe(3n);
  });

  it("are 1:1 for an empty reserve", () => {
    expect(kaminoCollateralForTokens(reserve(0n, 0n), 1_234n)).toBe(1_234n);
    expect(kaminoTokensForCollateral(reserve(0n, 0n), 1_234n)).toBe(1_234n);
  });

  it("never redeem more than asked, and miss by less than one cToken (seeded random reserves)", () => {
    const next = mulberry32(0x6b616d69);
    const big = () => BigInt(next()) * BigInt(next() % 1_000_000) + BigInt(next());
    for (let i = 0; i < 500; i++) {
      const supply = big() + 1n;
      const r = reserve(supply, supply + BigInt(next() % 1_000), fraction.fromInt(BigInt(next()) % (supply / 2n + 1n)));
      const asked = BigInt(next()) * BigInt(1 + (next() % 1_000));
      const collateral = kaminoCollateralForTokens(r, asked);
      expect(kaminoTokensForCollateral(r, collateral) <= asked).toBe(true);
      expect(kaminoTokensForCollateral(r, collateral + 1n) >= asked).toBe(true);
    }
  });
});

describe("a Kamino bank seen through its reserve", () => {
  // 1,000 cTokens for 1,250 tokens, 250 of them borrowed: utilization 20%, curve rate 2%, depositors keep 90%.
  const view = kaminoCollateralView(reserve(1_000n, 1_000n, fraction.fromInt(250n)));

  it("reads tokens per collateral token and the supply rate off the reserve", () => {
    expect(view.tokensPerCollateral).toBe(fx.fromDecimal("1.25"));
    expect(toNumber(view.utilization)).toBeCloseTo(0.2, 12);
    expect(toNumber(view.supplyApr)).toBeCloseTo(0.2 * 0.02 * 0.9, 12);
    const idle = kaminoCollateralView(reserve(0n, 0n));
    expect([idle.tokensPerCollateral, idle.utilization, idle.supplyApr]).toEqual([fx.ONE, fx.ZERO, fx.ZERO]);
  });

  it("charts the reserve's rates over utilization: the curve to borrowers, its share to depositors", () => {
    const curve = kaminoUtilizationCurve(view);
    expect(curve).toHaveLength(101);
    expect([curve[0]!.borrowingRate, curve[0]!.lendingRate]).toEqual([fx.ZERO, fx.ZERO]);
    // At 50%: 5% to borrowers, 50% × 5% × 90% to depositors; at 100%: 10% and 9%.
    expect(toNumber(curve[50]!.borrowingRate)).toBeCloseTo(0.05, 12);
    expect(toNumber(curve[50]!.lendingRate)).toBeCloseTo(0.0225, 12);
    expect(toNumber(curve[100]!.borrowingRate)).toBeCloseTo(0.1, 12);
    expect(toNumber(curve[100]!.lendingRate)).toBeCloseTo(0.09, 12);
    expect(curve[20]!.lendingRate).toBe(view.supplyApr);
  });

  it("is priced per token, counted in tokens, capped in tokens, and lends at the reserve's rate", () => {
    // The program's view: 800 collateral tokens at $1.25 each, a 1,000-collateral-token deposit limit.
    const booked = usdc({ totalAssets: "800000000", depositLimit: 1_000_000_000n, oracle: { kind: "fixed", price: "1.25" } });
    const seen = priceBank(booked.address, booked.bank, booked.price, NOW, undefined, view);
    expect(seen.kamino).toBe(view);
    expect(seen.assetShareValue).toBe(fx.mul(booked.bank.assetShareValue, fx.fromDecimal("1.25")));
    expect(seen.totalAssets).toBe(fx.fromInt(1_000_000_000n));
    const leg = seen.price.realTime;
    expect(!isOracleFailure(leg) && leg.price).toBe(fx.ONE);
    expect(seen.depositLimit).toBe(1_250_000_000n);
    expect(seen.depositCapacity).toBe(250_000_000n - 1n);
    expect(seen.rates.lendingRate).toBe(view.supplyApr);
    expect(seen.rates.borrowingRate).toBe(fx.ZERO);
    expect(utilizationRate(seen)).toBe(view.utilization);
    // The program's own banks are untouched.
    expect(priceBank(booked.address, booked.bank, booked.price, NOW)).toEqual(booked);
  });

  it("shows the reserve's own totals behind its utilization: 1,250 supplied, 250 borrowed, at $1 a token", () => {
    expect([view.reserveSupply, view.reserveBorrowed]).toEqual([fx.fromInt(1_250n), fx.fromInt(250n)]);
    const booked = usdc({ oracle: { kind: "fixed", price: "1.25" } });
    const seen = priceBank(booked.address, booked.bank, booked.price, NOW, undefined, view);
    // 1,250 and 250 native units of a 6-decimal token at $1.
    expect(kaminoReserveTotals(seen)).toEqual({
      supply: fx.fromInt(1_250n),
      borrowed: fx.fromInt(250n),
      // $0.00025 cut to I80F48 bits by the value math (0.00025 × 2^48 = 70,368,744,177.664).
      usd: { supply: fx.fromDecimal("0.00125"), borrowed: fx.fromBits(70_368_744_177n) },
    });
    expect(kaminoReserveTotals(booked)).toBeNull();
  });
});
