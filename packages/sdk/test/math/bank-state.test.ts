// The actions a bank takes by its operational state and kind, as the program refuses them (6016, 6017, 6084).
import { AssetTag, BankOperationalState } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { bankActionRefusal, bankActionsOffered, bankStateName, type BankAction } from "../../src/math/bank-state.js";
import { usdc } from "./support.js";

const ACTIONS: BankAction[] = ["deposit", "withdraw", "borrow", "repay"];
const refusals = (state: BankOperationalState, assetTag?: AssetTag) => {
  const bank = usdc({ operationalState: state, ...(assetTag === undefined ? {} : { assetTag }) }).bank;
  return ACTIONS.map((action) => bankActionRefusal(bank, action));
};

describe("bank action refusals", () => {
  it("follows the operational state: all, none, reductions only, and nothing ever after bankruptcy", () => {
    expect(refusals(BankOperationalState.Operational)).toEqual([null, null, null, null]);
    expect(refusals(BankOperationalState.Paused)).toEqual(["paused", "paused", "paused", "paused"]);
    expect(refusals(BankOperationalState.ReduceOnly)).toEqual(["reduce-only", null, "reduce-only", null]);
    expect(refusals(BankOperationalState.KilledByBankruptcy)).toEqual(Array(4).fill("killed-by-bankruptcy"));
    expect(bankStateName(usdc({ operationalState: BankOperationalState.KilledByBankruptcy }).bank)).toBe("killed-by-bankruptcy");
  });

  it("offers a Kamino bank's deposits and withdrawals only", () => {
    expect(bankActionsOffered(usdc({ assetTag: AssetTag.Kamino }).bank)).toEqual(["deposit", "withdraw"]);
    expect(refusals(BankOperationalState.Operational, AssetTag.Kamino)).toEqual([null, null, "not-offered", "not-offered"]);
    expect(refusals(BankOperationalState.KilledByBankruptcy, AssetTag.Kamino)).toEqual([
      "killed-by-bankruptcy",
      "killed-by-bankruptcy",
      "not-offered",
      "not-offered",
    ]);
  });
});
