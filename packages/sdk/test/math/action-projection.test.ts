// Balances after one action, checked against the amounts the program would book.
import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { balancesAfterAction } from "../../src/math/action-projection.js";
import { accountRisk, type BalanceLike } from "../../src/math/health.js";
import { balance, banksOf, d, usdc } from "./support.js";

const empty = (): BalanceLike => ({
  active: 0,
  bankPk: "11111111111111111111111111111111",
  assetShares: fx.ZERO,
  liabilityShares: fx.ZERO,
});

describe("balancesAfterAction", () => {
  const bank = usdc({ assetShareValue: "2", liabilityShareValue: "1.25" });
  const banks = banksOf(bank);

  it("opens the first inactive slot on a first deposit", () => {
    const after = balancesAfterAction([empty(), empty()], bank, { kind: "deposit", amount: 10n });
    expect(after[0]).toMatchObject({ active: true, bankPk: bank.address, assetShares: d("5"), liabilityShares: fx.ZERO });
    expect(after[1]!.active).toBe(0);
  });

  it("repays debt first, then lends the rest", () => {
    const after = balancesAfterAction([balance(bank, "liabilities", "5")], bank, { kind: "deposit", amount: 9n });
    expect(accountRisk(after, banks).positions[0]).toMatchObject({ side: "assets", amount: d("4") });
  });

  it("withdraws first, then borrows the rest", () => {
    const after = balancesAfterAction([balance(bank, "assets", "6")], bank, { kind: "borrow", amount: 10n });
    // 4 tokens of debt at 1.25 per share: 3.2 shares, which I80F48 holds one bit short of 4 tokens.
    expect(after[0]).toMatchObject({ assetShares: fx.ZERO, liabilityShares: fx.div(d("4"), d("1.25")) });
    expect(accountRisk(after, banks).positions[0]).toMatchObject({ side: "liabilities", amount: fx.sub(d("4"), fx.fromBits(1n)) });
  });

  it("closes the balance on withdraw-all and repay-all", () => {
    const after = balancesAfterAction([balance(bank, "assets", "6")], bank, { kind: "withdraw", amount: 0n, all: true });
    expect(after[0]!.active).toBe(false);
    expect(accountRisk(after, banks).positions).toEqual([]);
  });

  it("refuses a new balance without a free slot, and a withdrawal without a balance", () => {
    const other = usdc();
    expect(() => balancesAfterAction([balance(other, "assets", "1")], bank, { kind: "deposit", amount: 1n })).toThrow(
      "No inactive balance found",
    );
    expect(() => balancesAfterAction([empty()], bank, { kind: "withdraw", amount: 1n })).toThrow(
      "Balance for bank should be projected active",
    );
  });
});
