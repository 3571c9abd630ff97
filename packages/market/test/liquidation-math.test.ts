// The liquidation arithmetic against values worked out by hand (raw bits, 60 fractional bits): bonuses for each
// reason, the close factor and the cap at once, what a repayment seizes, and the protocol's share of the bonus.
import { describe, expect, it } from "vitest";
import {
  BAD_DEBT_LTV_THRESHOLD,
  autodeleverageBonus,
  autodeleverageThreshold,
  daysFractional,
  liquidationAmounts,
  liquidationBonus,
  maxLiquidatableBorrowedAmount,
  orderExecutionBonus,
  protocolLiquidationFee,
  secondsSinceDeleveragingStarted,
} from "../src/index.js";

const ONE = 1n << 60n;
const bps = (b: bigint) => (b << 60n) / 10_000n;
const pct = (p: bigint) => (p << 60n) / 100n;
const NO_CAP = 0xffff;
const collateral = { minLiquidationBonusBps: 200, maxLiquidationBonusBps: 1_000, badDebtLiquidationBonusBps: 50 };
const debt = { minLiquidationBonusBps: 300, maxLiquidationBonusBps: 500, badDebtLiquidationBonusBps: 80 };

describe("liquidation bonus", () => {
  it("takes the larger minimum when the LTV overshoot is smaller", () => {
    // 87% against 85%: 2% overshoot, below the debt reserve's 3% minimum.
    expect(liquidationBonus(collateral, debt, pct(85n), pct(87n), pct(87n), NO_CAP)).toBe(bps(300n));
  });

  it("caps the overshoot at the larger maximum, the elevation group's cap and what is left before bad debt", () => {
    // 95% against 85%: 10% overshoot = the 10% max, but only 5% is left before bad debt.
    expect(liquidationBonus(collateral, debt, pct(85n), pct(95n), pct(95n), NO_CAP)).toBe(ONE - pct(95n));
    expect(liquidationBonus(collateral, debt, pct(85n), pct(95n), pct(80n), NO_CAP)).toBe(bps(1_000n));
    expect(liquidationBonus(collateral, debt, pct(85n), pct(95n), pct(80n), 400)).toBe(bps(400n));
  });

  it("pays the smaller bad-debt bonus from a no-BF LTV of 0.99, raised to what is left before bad debt", () => {
    // The literal 0.99 rounds to the same bits as 99/100 truncated.
    expect(BAD_DEBT_LTV_THRESHOLD).toBe(pct(99n));
    expect(liquidationBonus(collateral, debt, pct(85n), pct(99n), pct(99n), NO_CAP)).toBe(ONE - pct(99n));
    expect(liquidationBonus(collateral, debt, pct(85n), pct(120n), pct(120n), NO_CAP)).toBe(bps(50n));
  });

  it("grows deleveraging bonuses daily from the minimum, up to the max bonus and bad debt", () => {
    expect(daysFractional(3n * 86_400n)).toBe(3n * ONE);
    expect(daysFractional(43_200n)).toBe(ONE / 2n);
    expect(autodeleverageBonus(100, 50n, 1_000, NO_CAP, 2n * ONE, pct(50n))).toBe(bps(100n) + 2n * bps(50n));
    expect(autodeleverageBonus(100, 50n, 150, NO_CAP, 2n * ONE, pct(50n))).toBe(bps(150n));
    expect(autodeleverageBonus(100, 50n, 1_000, 120, 2n * ONE, pct(50n))).toBe(bps(120n));
    expect(autodeleverageBonus(100, 50n, 1_000, NO_CAP, 2n * ONE, pct(99n))).toBe(ONE - pct(99n));
    // The market-wide threshold falls 1% a day from 100%.
    expect(autodeleverageThreshold(100n, 3n * ONE)).toBe(ONE - 3n * bps(100n));
    expect(autodeleverageThreshold(100n, 200n * ONE)).toBe(0n);
    expect(secondsSinceDeleveragingStarted(3_600n, 3_599n)).toBeNull();
    expect(secondsSinceDeleveragingStarted(3_600n, 3_700n)).toBe(100n);
  });

  it("interpolates an order's bonus by the distance past its threshold, constant without one", () => {
    expect(orderExecutionBonus(100, 300, ONE / 2n, pct(60n))).toBe(bps(100n) + (bps(300n) - bps(100n)) / 2n);
    expect(orderExecutionBonus(100, 300, ONE, pct(60n))).toBe(bps(300n));
    expect(orderExecutionBonus(100, 300, null, pct(60n))).toBe(bps(100n));
    expect(orderExecutionBonus(100, 300, ONE, pct(99n) + pct(1n) / 2n)).toBe(ONE - pct(99n) - pct(1n) / 2n);
  });
});

describe("liquidation amounts", () => {
  const terms = {
    userLtv: pct(90n),
    totalDebtValue: 700n * ONE,
    debtValue: 700n * ONE,
    borrowedAmount: 700_000_000n * ONE,
    closeFactorPct: 20,
    insolvencyRiskLtvPct: 95,
    maxLiquidatableValueAtOnce: 500_000n,
  };

  it("repays at most the close factor's share of all debt, all of it above the insolvency LTV, and the cap at once", () => {
    // 20% of $700 is $140 of this $700 debt: 140 USDC, one truncation below.
    const share = maxLiquidatableBorrowedAmount(terms);
    expect([share < 140_000_000n * ONE, (share + ONE - 1n) >> 60n]).toEqual([true, 140_000_000n]);
    expect(maxLiquidatableBorrowedAmount({ ...terms, userLtv: pct(96n) })).toBe(700_000_000n * ONE);
    // Another debt of $300 in the obligation: 20% of $1,000 is $200, two thirds of this $300 debt.
    const other = maxLiquidatableBorrowedAmount({
      ...terms,
      totalDebtValue: 1_000n * ONE,
      debtValue: 300n * ONE,
      borrowedAmount: 300n * ONE,
    });
    expect((other + ONE - 1n) >> 60n).toBe(200n);
    const large = { ...terms, userLtv: pct(96n), totalDebtValue: 2_000_000n * ONE, debtValue: 2_000_000n * ONE, borrowedAmount: 8n * ONE };
    expect(maxLiquidatableBorrowedAmount(large)).toBe(2n * ONE);
  });

  it("seizes the bonus-inclusive value's share of the cTokens, rounding the seizure down and the repayment up", () => {
    const position = { depositedAmount: 1_000n, marketValueSf: 100n * ONE };
    expect(liquidationAmounts(50n * ONE, position, 10n * ONE + 1n, false)).toEqual({
      settleAmount: 10n * ONE + 1n,
      repayAmount: 11n,
      withdrawAmount: 500n,
    });
    expect(liquidationAmounts(100n * ONE, position, 10n * ONE, false)).toEqual({
      settleAmount: 10n * ONE,
      repayAmount: 10n,
      withdrawAmount: 1_000n,
    });
  });

  it("takes all the collateral when it is worth less, scaling the repayment down unless the liquidation must be full", () => {
    const position = { depositedAmount: 1_000n, marketValueSf: 100n * ONE };
    expect(liquidationAmounts(200n * ONE, position, 10n * ONE, false)).toEqual({
      settleAmount: 5n * ONE,
      repayAmount: 5n,
      withdrawAmount: 1_000n,
    });
    expect(liquidationAmounts(200n * ONE, position, 10n * ONE, true)).toEqual({
      settleAmount: 10n * ONE,
      repayAmount: 10n,
      withdrawAmount: 1_000n,
    });
    // A forced full liquidation seizes at least one cToken.
    expect(liquidationAmounts(ONE / 100n, position, ONE, true).withdrawAmount).toBe(1n);
    expect(liquidationAmounts(ONE / 100n, position, ONE, false).withdrawAmount).toBe(0n);
  });

  it("charges the protocol its percent of the bonus inside the redeemed liquidity, rounded up, at least one unit", () => {
    // 1,000,000 at a 5% bonus holds 47,619.05 of bonus; 10% of it is 4,761.9.
    expect(protocolLiquidationFee(1_000_000n, pct(5n), 10)).toBe(4_762n);
    expect(protocolLiquidationFee(1_000_000n, pct(5n), 0)).toBe(1n);
    expect(protocolLiquidationFee(1_000_000n, 0n, 10)).toBe(1n);
  });
});
