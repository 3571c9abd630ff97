// E-mode made visible: a collateral's Initial weight before → after an action, and the pair that earned e-mode.
import { type I80F48 } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { EmodeTag, accountEmode, emodeWeightChanges, type EmodeAction } from "../../src/math/emode-impact.js";
import { accountRisk } from "../../src/math/health.js";
import { toNumber } from "../../src/math/units.js";
import { balance, banksOf, makeBank } from "./support.js";

const fixed = { kind: "fixed" as const, price: "10" };
// SOL (tag 501) lends at 0.8; borrowing the tier-1 LST raises it to 0.9, the tier-2 LST to 0.85; USDC has no entry.
const sol = makeBank({ decimals: 9, oracle: fixed, assetWeightInit: "0.8", emodeTag: EmodeTag.Sol });
const lst1 = makeBank({
  decimals: 9,
  oracle: fixed,
  assetWeightInit: "0.75",
  emodeTag: EmodeTag.LstTier1,
  emodeEntries: [{ tag: 501, init: "0.9", maint: "0.93" }],
});
const lst2 = makeBank({
  decimals: 9,
  oracle: fixed,
  emodeTag: EmodeTag.LstTier2,
  emodeEntries: [{ tag: 501, init: "0.85", maint: "0.9" }],
});
const usdc = makeBank({ decimals: 6, oracle: { kind: "fixed", price: "1" }, assetWeightInit: "0.9" });
const banks = banksOf(sol, lst1, lst2, usdc);

const weight = (value: I80F48) => Number(toNumber(value).toFixed(6));
const account = (...balances: ReturnType<typeof balance>[]) => accountRisk(balances, banks);
const changes = (acc: ReturnType<typeof account>, bank: typeof sol, action: EmodeAction) =>
  emodeWeightChanges(acc, bank, action).map((c) => [c.bank.address, weight(c.before), weight(c.after)]);

const lendingSol = account(balance(sol, "assets", "1000000000"));
const inEmode = account(balance(sol, "assets", "1000000000"), balance(lst1, "liabilities", "100000000"));

describe("emodeWeightChanges", () => {
  it("borrowing the LST raises lent SOL from 80 % to 90 %; borrowing USDC changes nothing", () => {
    expect(changes(lendingSol, lst1, "borrow")).toEqual([[sol.address, 0.8, 0.9]]);
    expect(changes(lendingSol, usdc, "borrow")).toEqual([]);
  });

  it("in e-mode, a USDC borrow loses it (90 % → 80 %), a tier-2 borrow lowers it to 85 %, repaying all loses it", () => {
    expect(changes(inEmode, usdc, "borrow")).toEqual([[sol.address, 0.9, 0.8]]);
    expect(changes(inEmode, lst2, "borrow")).toEqual([[sol.address, 0.9, 0.85]]);
    expect(changes(inEmode, lst1, "repayAll")).toEqual([[sol.address, 0.9, 0.8]]);
    expect(changes(inEmode, lst1, "borrow")).toEqual([]);
  });

  it("supplying SOL against an LST debt starts from SOL's own weight; withdrawing all changes no other weight", () => {
    const borrowingLst = account(balance(usdc, "assets", "1000000"), balance(lst1, "liabilities", "100000000"));
    expect(changes(borrowingLst, sol, "supply")).toEqual([[sol.address, 0.8, 0.9]]);
    expect(changes(borrowingLst, usdc, "supply")).toEqual([]);
    expect(changes(inEmode, sol, "withdrawAll")).toEqual([]);
  });
});

describe("accountEmode", () => {
  it("names the collateral, its tag and weight, and the borrowed banks that earned it", () => {
    const emode = accountEmode(inEmode);
    expect(emode?.liabilities.map((b) => b.address)).toEqual([lst1.address]);
    expect(emode?.collateral.map((c) => [c.bank.address, c.tag, weight(c.weightInit)])).toEqual([[sol.address, EmodeTag.Sol, 0.9]]);
  });

  it("is off without a borrow or when no collateral's tag is named", () => {
    expect(accountEmode(lendingSol)).toBeNull();
    expect(accountEmode(account(balance(usdc, "assets", "1000000"), balance(lst1, "liabilities", "100000000")))).toBeNull();
    expect(
      accountEmode(
        account(balance(sol, "assets", "1000000000"), balance(lst1, "liabilities", "1000000"), balance(usdc, "liabilities", "1000")),
      ),
    ).toBeNull();
  });
});
