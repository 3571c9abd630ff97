// A bank's e-mode pairs as the bank page lists them: which collateral a borrow pairs with, which borrows raise a deposit.
import type { I80F48 } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { emodePairs } from "../../src/math/emode.js";
import { toNumber } from "../../src/math/units.js";
import { makeBank } from "./support.js";

const fixed = (price: string) => ({ kind: "fixed" as const, price });
// Weights are stored as I80F48: compare them at six decimals.
const weight = (value: I80F48) => Number(toNumber(value).toFixed(6));

describe("e-mode pairs", () => {
  const sol = makeBank({
    decimals: 9,
    oracle: fixed("150"),
    assetWeightInit: "0.8",
    emodeTag: 501,
    emodeEntries: [{ tag: 1571, init: "0.9", maint: "0.95" }],
  });
  const jitoSol = makeBank({
    decimals: 9,
    oracle: fixed("170"),
    assetWeightInit: "0.75",
    emodeTag: 1571,
    emodeEntries: [{ tag: 501, init: "0.85", maint: "0.9" }],
  });
  const unknownTag = makeBank({ decimals: 9, oracle: fixed("1"), emodeTag: 77, emodeEntries: [{ tag: 1571, init: "0.5", maint: "0.6" }] });
  const usdc = makeBank({ decimals: 6, oracle: fixed("1") });
  const banks = [sol, jitoSol, unknownTag, usdc];
  const summary = (pairs: ReturnType<typeof emodePairs>["whenBorrowing"]) =>
    pairs.map((p) => [
      p.bank.address,
      p.tag,
      weight(p.weights.assetWeightInit),
      weight(p.weights.assetWeightMaint),
      weight(p.ownWeightInit),
    ]);

  it("borrowing SOL pairs with the tier-1 LST at its entry's weights, against the LST's own weight", () => {
    const pairs = emodePairs(sol, banks);
    expect(summary(pairs.whenBorrowing)).toEqual([[jitoSol.address, 1571, 0.9, 0.95, 0.75]]);
  });

  it("lending SOL pairs with the banks whose entries name 501, against SOL's own weight", () => {
    expect(summary(emodePairs(sol, banks).whenLending)).toEqual([[jitoSol.address, 501, 0.85, 0.9, 0.8]]);
  });

  it("an unknown own tag counts as unset, but the bank's entries still pair its borrows; no entries, no pairs", () => {
    expect(summary(emodePairs(jitoSol, banks).whenLending)).toEqual([
      [sol.address, 1571, 0.9, 0.95, 0.75],
      [unknownTag.address, 1571, 0.5, 0.6, 0.75],
    ]);
    expect(summary(emodePairs(unknownTag, banks).whenBorrowing)).toEqual([[jitoSol.address, 1571, 0.5, 0.6, 0.75]]);
    expect(emodePairs(unknownTag, banks).whenLending).toEqual([]);
    expect(emodePairs(usdc, banks)).toEqual({ whenBorrowing: [], whenLending: [] });
  });
});
