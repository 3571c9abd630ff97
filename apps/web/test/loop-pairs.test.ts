// The loop screen's pairs: a collateral bank against every bank of another token that takes borrows and leaves room
// for leverage above 1, the max in hundredths rounded down (never above what the SDK accepts), e-mode pairs marked;
// and the leverage the slider hands the SDK.
import { BankOperationalState, MarginfiGroupLayout, decodeMarginfiGroup, i80f48 as fx } from "@ballast/protocol";
import { checkTargetLeverage, maxLeverage, type Market, type PricedBank } from "@ballast/sdk";
import { describe, expect, it } from "vitest";
import { NOW, banksOf, makeBank } from "../../../packages/sdk/test/math/support.js";
import {
  MIN_LEVERAGE_HUNDREDTHS,
  clampLeverage,
  formatLeverageHundredths,
  leverageText,
  loopCollaterals,
  loopPairsFor,
} from "../src/features/loop/loop-pairs.js";

const LST_T1 = 1571;
const SOL_TAG = 501;

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

// JitoSOL: 0.8 as collateral, 0.9 in e-mode when SOL (entry for LST tier 1) is borrowed → 10× against SOL.
const jitoSol = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "110" }, assetWeightInit: "0.8", emodeTag: LST_T1 });
const sol = makeBank({
  decimals: 9,
  oracle: { kind: "fixed", price: "100" },
  assetWeightInit: "0.8",
  emodeTag: SOL_TAG,
  emodeEntries: [{ tag: LST_T1, init: "0.9", maint: "0.95" }],
});
// USDC borrowed at liability weight 1.25: JitoSOL against it reaches 1 / (1 − 0.64) ≈ 2.78×.
const usdc = makeBank({ decimals: 6, oracle: { kind: "fixed", price: "1" }, assetWeightInit: "0.9", liabilityWeightInit: "1.25" });
// Worthless as collateral: nothing can be looped on it.
const meme = makeBank({ decimals: 5, oracle: { kind: "fixed", price: "0.01" }, assetWeightInit: "0" });
const paused = makeBank({ decimals: 6, oracle: { kind: "fixed", price: "1" }, operationalState: BankOperationalState.Paused });
const usdcTwin = makeBank({ decimals: 6, mint: usdc.bank.mint, oracle: { kind: "fixed", price: "1" }, assetWeightInit: "0.9" });

const market = marketOf(jitoSol, sol, usdc, meme, paused, usdcTwin);

describe("loop pairs", () => {
  it("pairs JitoSOL with every borrowable bank, SOL in e-mode first, highest max leverage first, leaving out the paused one", () => {
    const pairs = loopPairsFor(market, jitoSol);
    expect(pairs.map((p) => [p.liability.address, p.maxLeverageHundredths, p.emode])).toEqual([
      [sol.address, Number(fx.toIntFloor(fx.mul(maxLeverage(jitoSol, sol)!, fx.fromInt(100)))), true],
      [meme.address, 500, false],
      [usdcTwin.address, 500, false],
      [usdc.address, 277, false],
    ]);
    expect(pairs[0]!.maxLeverageHundredths).toBeGreaterThanOrEqual(999);
  });

  it("never offers a max the SDK refuses", () => {
    for (const pair of loopPairsFor(market, jitoSol)) {
      expect(() => checkTargetLeverage(fx.fromDecimal(leverageText(pair.maxLeverageHundredths)), jitoSol, pair.liability)).not.toThrow();
    }
  });

  it("loops against no bank of the same token, and a bank whose collateral is worthless or paused loops nothing", () => {
    expect(loopPairsFor(market, usdc).some((p) => p.liability.bank.mint === usdc.bank.mint)).toBe(false);
    expect(loopPairsFor(market, meme)).toEqual([]);
    expect(loopPairsFor(market, paused)).toEqual([]);
    expect(loopCollaterals(market)).not.toContain(meme);
    expect(loopCollaterals(market)).not.toContain(paused);
    expect(loopCollaterals(market)).toContain(jitoSol);
  });
});

describe("leverage", () => {
  it("reads hundredths as the SDK's decimal text", () => {
    expect(leverageText(300)).toBe("3");
    expect(leverageText(250)).toBe("2.5");
    expect(leverageText(301)).toBe("3.01");
    expect(leverageText(MIN_LEVERAGE_HUNDREDTHS)).toBe("1.01");
  });

  it("shows two decimals", () => {
    expect(formatLeverageHundredths(300)).toBe("3.00×");
    expect(formatLeverageHundredths(1005)).toBe("10.05×");
  });

  it("keeps the slider within the pair's range", () => {
    expect(clampLeverage(1_000, 277)).toBe(277);
    expect(clampLeverage(50, 277)).toBe(MIN_LEVERAGE_HUNDREDTHS);
    expect(clampLeverage(200, 277)).toBe(200);
  });
});
