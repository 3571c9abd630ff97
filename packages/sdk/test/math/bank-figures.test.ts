// The markets table's per-bank figures: loan-to-value, what can still be borrowed and the totals in dollars.
import { describe, expect, it } from "vitest";
import { bankTotalsUsd, borrowableNative, loanToValue } from "../../src/math/bank-figures.js";
import { toNumber } from "../../src/math/units.js";
import { sol } from "./support.js";

const SOL = 1_000_000_000n;

describe("bank figures", () => {
  it("LTV is the inverse of the Initial liability weight", () => {
    expect(toNumber(loanToValue(sol({ liabilityWeightInit: "1.25" })))).toBeCloseTo(0.8, 12);
    expect(toNumber(loanToValue(sol()))).toBe(1);
  });

  it("borrowable is the liquidity without a borrow limit, and the remaining capacity under one", () => {
    const totals = { totalAssets: (100n * SOL).toString(), totalLiabilities: (30n * SOL).toString() };
    expect(borrowableNative(sol(totals))).toBe(70n * SOL);
    // The total must stay strictly below the limit: 40 − 30 SOL, less one native unit.
    expect(borrowableNative(sol({ ...totals, borrowLimit: 40n * SOL }))).toBe(10n * SOL - 1n);
    expect(borrowableNative(sol({ ...totals, borrowLimit: 1_000n * SOL }))).toBe(70n * SOL);
  });

  it("totals in dollars at the real-time price, none without a price", () => {
    const usd = bankTotalsUsd(sol({ totalAssets: (100n * SOL).toString(), totalLiabilities: (30n * SOL).toString() }))!;
    expect(toNumber(usd.deposits)).toBe(1_000);
    expect(toNumber(usd.borrows)).toBe(300);
    expect(bankTotalsUsd(sol({ oracle: { kind: "switchboard", value: 0n, lastUpdate: 0n } }))).toBeNull();
  });
});
