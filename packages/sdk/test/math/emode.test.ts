// E-mode weights (§21 item 6), their impact per action, and leverage.
import { BankLayout, accountView, reconcileEmode as programReconcile, i80f48 as fx, type BankData } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { reconcileEmode } from "../../src/math/emode.js";
import { EmodeImpactStatus, emodeImpacts, emodeTagOf } from "../../src/math/emode-impact.js";
import { accountRisk } from "../../src/math/health.js";
import { checkTargetLeverage, maxLeverage } from "../../src/math/leverage.js";
import type { PricedBank } from "../../src/math/priced-bank.js";
import { balance, bankData, banksOf, d, makeBank, sol, usdc, type BankSpec } from "./support.js";

const SOL_TAG = 501;

// SOL asset weights 0.8 / 0.85; LST (liability weights 1 / 1) gives SOL 0.9 / 0.93 when borrowed.
const solSpec: BankSpec = {
  decimals: 9,
  oracle: { kind: "fixed", price: "10" },
  assetWeightInit: "0.8",
  assetWeightMaint: "0.85",
  emodeTag: SOL_TAG,
};
const lstSpec: BankSpec = {
  decimals: 9,
  oracle: { kind: "fixed", price: "10" },
  emodeTag: 1571,
  emodeEntries: [{ tag: SOL_TAG, init: "0.9", maint: "0.93" }],
};
const solBank = makeBank(solSpec);
const lst = makeBank(lstSpec);
const cash = usdc();

describe("§21 item 6: e-mode weights", () => {
  it("values SOL at 0.9 / 0.93 while only LST is borrowed", () => {
    const account = accountRisk(
      [balance(solBank, "assets", "1000000000"), balance(lst, "liabilities", "100000000")],
      banksOf(solBank, lst, cash),
    );
    expect(account.health.initial.assets).toBe(fx.mul(fx.fromInt(10), d("0.9")));
    expect(account.health.maintenance.assets).toBe(fx.mul(fx.fromInt(10), d("0.93")));
  });

  it("drops back to 0.8 / 0.85 with any USDC borrow (USDC has no SOL entry)", () => {
    const account = accountRisk(
      [balance(solBank, "assets", "1000000000"), balance(lst, "liabilities", "100000000"), balance(cash, "liabilities", "1000000")],
      banksOf(solBank, lst, cash),
    );
    expect(account.emode.size).toBe(0);
    expect(account.health.initial.assets).toBe(fx.mul(fx.fromInt(10), d("0.8")));
  });

  it("raises a zero own weight to the entry's", () => {
    const retiring = makeBank({ ...solSpec, assetWeightInit: "0", assetWeightMaint: "0.5" });
    const account = accountRisk(
      [balance(retiring, "assets", "1000000000"), balance(lst, "liabilities", "100000000")],
      banksOf(retiring, lst),
    );
    expect(account.health.initial.assets).toBe(fx.mul(fx.fromInt(10), d("0.9")));
  });

  it("never lowers a bank's own weight", () => {
    const strong = makeBank({ ...solSpec, assetWeightInit: "0.95", assetWeightMaint: "0.97" });
    const account = accountRisk([balance(strong, "assets", "1000000000"), balance(lst, "liabilities", "100000000")], banksOf(strong, lst));
    expect(account.health.initial.assets).toBe(fx.mul(fx.fromInt(10), d("0.95")));
  });

  it("intersects borrowed banks' entries keeping the lowest weights, as the program does", () => {
    const specs: BankSpec[] = [
      lstSpec,
      {
        ...lstSpec,
        emodeEntries: [
          { tag: SOL_TAG, init: "0.85", maint: "0.95" },
          { tag: 1571, init: "0.7", maint: "0.8" },
        ],
      },
      { ...lstSpec, emodeEntries: [{ tag: 1571, init: "0.5", maint: "0.6" }] },
    ];
    const decoded = specs.map((s) => ({ data: accountView(BankLayout, bankData(s)), bank: makeBank(s) }));
    const ours = (banks: { bank: PricedBank }[]) => reconcileEmode(banks.map((b) => b.bank.emodeEntries));
    const theirs = (banks: { data: BankData }[]) => programReconcile(banks.map((b) => b.data));
    for (const set of [[0], [0, 1], [1, 2], [0, 1, 2], []]) {
      const banks = set.map((i) => decoded[i]!);
      expect(ours(banks)).toEqual(theirs(banks));
    }
    expect(ours([decoded[0]!, decoded[1]!]).get(SOL_TAG)).toEqual({ flags: 0, assetWeightInit: d("0.85"), assetWeightMaint: d("0.93") });
  });
});

describe("e-mode impact", () => {
  const lst2 = makeBank({ ...lstSpec, emodeEntries: [{ tag: SOL_TAG, init: "0.95", maint: "0.96" }] });
  const lst3 = makeBank({ ...lstSpec, emodeEntries: [{ tag: SOL_TAG, init: "0.85", maint: "0.9" }] });
  const lstCollateral = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "10" }, emodeTag: 1572 });
  const jlp = makeBank({
    decimals: 6,
    oracle: { kind: "fixed", price: "4" },
    emodeTag: 619,
    emodeEntries: [{ tag: 619, init: "0.9", maint: "0.95" }],
  });
  const all = [solBank, lst, lst2, lst3, cash, lstCollateral, jlp];
  const banks = banksOf(...all);
  const impacts = (...balances: ReturnType<typeof balance>[]) => emodeImpacts(accountRisk(balances, banks), all);

  it("reads only the three known tags", () => {
    expect([501, 1571, 1572, 619, 0].map(emodeTagOf)).toEqual([501, 1571, 1572, 0, 0]);
  });

  it("lending SOL: borrowing LST activates e-mode, USDC does not", () => {
    const result = impacts(balance(solBank, "assets", "1000000000"));
    expect(result.get(lst.address)?.borrow).toBe(EmodeImpactStatus.ActivateEmode);
    expect(result.get(cash.address)?.borrow).toBe(EmodeImpactStatus.InactiveEmode);
    expect(result.get(solBank.address)).toEqual({ withdrawAll: EmodeImpactStatus.InactiveEmode });
    expect(result.get(lstCollateral.address)?.supply).toBe(EmodeImpactStatus.InactiveEmode);
    // An unknown tag (619) is unset for the client: no supply impact, borrowing it changes nothing.
    expect(result.get(jlp.address)).toEqual({ borrow: EmodeImpactStatus.InactiveEmode });
  });

  it("lending SOL against LST: extend, increase, reduce, remove", () => {
    const result = impacts(balance(solBank, "assets", "1000000000"), balance(lst, "liabilities", "100000000"));
    expect(result.get(lst.address)).toEqual({ borrow: EmodeImpactStatus.ExtendEmode, repayAll: EmodeImpactStatus.RemoveEmode });
    // The intersection keeps the lower weight: 0.95 against 0.9 leaves 0.9; 0.85 lowers it.
    expect(result.get(lst2.address)?.borrow).toBe(EmodeImpactStatus.ExtendEmode);
    expect(result.get(lst3.address)?.borrow).toBe(EmodeImpactStatus.ReduceEmode);
    expect(result.get(cash.address)?.borrow).toBe(EmodeImpactStatus.RemoveEmode);
    expect(result.get(solBank.address)).toEqual({ withdrawAll: EmodeImpactStatus.RemoveEmode });
    expect(result.get(lstCollateral.address)?.supply).toBe(EmodeImpactStatus.ExtendEmode);
  });

  it("repaying the debt that held the weight down increases it", () => {
    const result = impacts(
      balance(solBank, "assets", "1000000000"),
      balance(lst, "liabilities", "100000000"),
      balance(lst3, "liabilities", "100000000"),
    );
    expect(result.get(lst3.address)?.repayAll).toBe(EmodeImpactStatus.IncreaseEmode);
    expect(result.get(lst.address)?.repayAll).toBe(EmodeImpactStatus.ExtendEmode);
  });
});

describe("leverage", () => {
  it("max leverage = 1 / (1 − collateral init weight / liability init weight)", () => {
    const collateral = sol({ assetWeightInit: "0.8" });
    const debt = usdc({ liabilityWeightInit: "1.25" });
    // 0.8 / 1.25 = 0.64 → 1 / 0.36 ≈ 2.78.
    const max = maxLeverage(collateral, debt);
    expect(max).toBe(fx.div(fx.ONE, fx.sub(fx.ONE, fx.div(d("0.8"), d("1.25")))));
    expect(Number(max) / 2 ** 48).toBeCloseTo(2.7778, 4);
  });

  it("uses the e-mode weight of the pair: SOL against LST at 0.9 → 10x", () => {
    const max = maxLeverage(solBank, lst);
    expect(Number(max) / 2 ** 48).toBeCloseTo(10, 12);
    expect(maxLeverage(solBank, cash)).toBe(fx.div(fx.ONE, fx.sub(fx.ONE, d("0.8"))));
  });

  it("has no bound when the weights meet", () => {
    expect(maxLeverage(usdc(), usdc())).toBeNull();
  });

  it("checks a target with the spec's messages", () => {
    expect(() => checkTargetLeverage(fx.ONE, solBank, lst)).toThrow("Target leverage 1 needs to be greater than 1");
    expect(() => checkTargetLeverage(d("10.5"), solBank, lst)).toThrow(
      `Target leverage 10.5 exceeds max leverage for banks ${solBank.address}, ${lst.address}`,
    );
    expect(() => checkTargetLeverage(d("9.5"), solBank, lst)).not.toThrow();
  });
});
