// The loop's client math in exact values: the borrow that reaches a target leverage at a given swap rate, an
// account's leverage, the leveraged-position shape, and the price-impact levels the apps warn at.
import { describe, expect, it } from "vitest";
import { i80f48 as fx } from "@ballast/protocol";
import { accountRisk } from "../../src/math/health.js";
import { accountLeverage, leveragedPosition, loopBorrowAmount } from "../../src/math/leverage.js";
import { priceImpactLevel } from "../../src/swap/slippage.js";
import { balance, banksOf, d, sol, usdc } from "./support.js";

describe("loopBorrowAmount", () => {
  const [collateral, liability] = [sol(), usdc()];

  it("borrows principal × (L − 1) by value when the swap gives the oracle rate", () => {
    // 10 SOL ($100) at 3×: $200 of USDC, which buys 20 SOL at $10 → $300 deposited against $200 owed.
    const rate = d("100"); // one USDC native unit ($0.000001) buys 100 SOL native units (0.0000001 SOL)
    expect(loopBorrowAmount({ collateral, liability, principal: 10_000_000_000n, target: d("3"), rate })).toBe(200_000_000n);
  });

  it("borrows less when the swap loses value, so the leverage by value is still the target", () => {
    // 1 % lost in the swap: B = P·Pc·(L−1) / (L·Pl − r·Pc·(L−1)) = 100·2 / (3 − 0.99·2) = 196.078431… USDC.
    const rate = d("99");
    const borrow = loopBorrowAmount({ collateral, liability, principal: 10_000_000_000n, target: d("3"), rate })!;
    expect(borrow).toBe(196_078_431n);
    // Deposits: 10 SOL + 196.078431 × 0.99 / 10 SOL = 29.411764… SOL = $294.1176; leverage 294.1176 / 98.0392 = 3.
    const deposited = 10_000_000_000n + borrow * 99n;
    const risk = accountRisk(
      [balance(collateral, "assets", deposited.toString()), balance(liability, "liabilities", borrow.toString())],
      banksOf(collateral, liability),
    );
    expect(Number(fx.toDecimal(accountLeverage(risk)!)).toFixed(6)).toBe("3.000000");
  });

  it("is null when no borrow reaches the target (a swap returning nothing)", () => {
    expect(loopBorrowAmount({ collateral, liability, principal: 1n, target: d("3"), rate: d("1000000") })).toBeNull();
  });
});

describe("accountLeverage and leveragedPosition", () => {
  const [collateral, liability] = [sol(), usdc()];
  const banks = banksOf(collateral, liability);

  it("reads deposits over net worth, and a one-deposit one-debt account as a leveraged position", () => {
    const risk = accountRisk([balance(collateral, "assets", "30000000000"), balance(liability, "liabilities", "200000000")], banks);
    expect(accountLeverage(risk)).toBe(fx.fromInt(3));
    const position = leveragedPosition(risk)!;
    expect(position.collateral.bank.address).toBe(collateral.address);
    expect(position.debt.bank.address).toBe(liability.address);
    expect(position.leverage).toBe(fx.fromInt(3));
  });

  it("has no leverage without debt, and no leveraged position with two deposits", () => {
    const lending = accountRisk([balance(collateral, "assets", "30000000000")], banks);
    expect(accountLeverage(lending)).toBeNull();
    expect(leveragedPosition(lending)).toBeNull();
    const other = usdc();
    const two = accountRisk(
      [balance(collateral, "assets", "1000000000"), balance(other, "assets", "1000000"), balance(liability, "liabilities", "1000000")],
      banksOf(collateral, liability, other),
    );
    expect(leveragedPosition(two)).toBeNull();
  });
});

describe("priceImpactLevel", () => {
  it("is a warning above 1 % and needs confirmation above 5 %", () => {
    expect([0, 1, 1.01, 5, 5.01].map(priceImpactLevel)).toEqual(["ok", "ok", "warning", "warning", "confirm"]);
  });
});
