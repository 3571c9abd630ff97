// The pure validators: each refusal by its code, in the order the checks run, only on what the caller gives, and worded
// in the caller's names.
import { BankOperationalState, RiskTier } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { accountRisk, type BalanceLike } from "../../src/math/health.js";
import type { PricedBank } from "../../src/math/priced-bank.js";
import {
  actionRefusalMessage,
  validateAction,
  validateBorrow,
  validateDeposit,
  validateRepay,
  validateWithdraw,
  type ValidatedAccount,
} from "../../src/validation/index.js";
import { balance, banksOf, sol, usdc } from "../math/support.js";

const WALLET = { token: 1_000_000_000n, nativeSol: 0n };

function accountOf(balances: BalanceLike[], ...banks: PricedBank[]): ValidatedAccount {
  return { risk: accountRisk(balances, banksOf(...banks)), balances };
}

describe("the validators", () => {
  it("refuse by the bank's state before anything else, with or without an account", () => {
    const paused = usdc({ operationalState: BankOperationalState.Paused });
    const reduceOnly = usdc({ operationalState: BankOperationalState.ReduceOnly });
    expect(validateDeposit({ bank: paused })?.code).toBe("BANK_PAUSED");
    expect(validateRepay({ bank: paused, account: null })?.code).toBe("BANK_PAUSED");
    expect(validateBorrow({ bank: reduceOnly })?.code).toBe("BANK_REDUCE_ONLY");
    expect(validateWithdraw({ bank: reduceOnly })).toBeNull();
  });

  it("check the wallet first when an amount is given", () => {
    const bank = usdc({ operationalState: BankOperationalState.Paused });
    expect(validateDeposit({ bank, amount: { amount: 1n, max: 1n, wallet: null } })?.code).toBe("WALLET_NOT_CONNECTED");
  });

  it("leave the account's checks to the program when the account is not given", () => {
    const bank = usdc();
    expect(validateWithdraw({ bank })).toBeNull();
    expect(validateWithdraw({ bank, account: null })?.code).toBe("NO_DEPOSIT");
    expect(validateBorrow({ bank, account: null })?.code).toBe("NO_ACCOUNT");
    expect(validateRepay({ bank, account: null })?.code).toBe("NO_DEBT");
  });

  it("refuse a borrow beside an isolated debt, naming the isolated bank", () => {
    const collateral = sol({ totalAssets: "1000000000000" });
    const isolated = usdc({ riskTier: RiskTier.Isolated, totalAssets: "1000000000" });
    const other = usdc({ totalAssets: "1000000000" });
    const account = accountOf(
      [balance(collateral, "assets", "1000000000"), balance(isolated, "liabilities", "1000")],
      collateral,
      isolated,
      other,
    );
    const refusal = validateBorrow({ bank: other, account });
    expect(refusal?.code).toBe("ISOLATED_DEBT");
    const wording = { symbolOf: (b: PricedBank) => (b === isolated ? "BONK" : "USDC"), formatAmount: (n: bigint) => n.toString() };
    expect(actionRefusalMessage(refusal!, wording)).toBe(
      "You are borrowing BONK, an isolated asset that cannot be borrowed together with other liabilities",
    );
  });

  it("refuse an amount above the max, worded in the caller's format", () => {
    const bank = usdc({ totalAssets: "1000000000" });
    const account = accountOf([balance(bank, "assets", "5000000")], bank);
    const refusal = validateAction("withdraw", { bank, account, amount: { amount: 6_000_000n, max: 5_000_000n, wallet: WALLET } });
    expect(refusal).toMatchObject({ code: "ABOVE_MAX", max: 5_000_000n });
    expect(actionRefusalMessage(refusal!, { symbolOf: () => "USDC", formatAmount: () => "5" })).toBe(
      "Amount exceeds the maximum of 5 USDC",
    );
    expect(actionRefusalMessage(refusal!)).toBe(`Amount exceeds the maximum of 5000000 ${bank.address}`);
  });
});
