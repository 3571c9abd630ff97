// Token ↔ collateral-token conversions of Kamino positions: exact values at a known rate, and over seeded random
// reserves the two properties a withdrawal relies on: asking for tokens never redeems collateral worth more than
// asked, and gives up less than one collateral token's worth.
import { describe, expect, it } from "vitest";
import { fraction } from "@ballast/market";
import { mulberry32 } from "../../../ledger/test/support/random.js";
import { kaminoCollateralForTokens, kaminoTokensForCollateral, type KaminoReserve } from "../../src/index.js";

/** A reserve with only what the exchange rate reads: cToken supply, available liquidity and borrowed liquidity. */
function reserve(collateralSupply: bigint, available: bigint, borrowedSf = 0n): KaminoReserve {
  return {
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
