// Positions as users see them and liquidation prices, against hand-computed numbers (net APY: apy.test.ts).
import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { accountRisk } from "../../src/math/health.js";
import { liquidationPrice } from "../../src/math/liquidation-price.js";
import { userPositions } from "../../src/math/positions.js";
import { toNumber } from "../../src/math/units.js";
import { balance, banksOf, d, makeBank, sol, usdc } from "./support.js";

describe("liquidation price (§21 item 1 account)", () => {
  const solBank = sol({ assetWeightInit: "0.25", assetWeightMaint: "0.4" });
  const usdcBank = usdc();
  const account = accountRisk(
    [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")],
    banksOf(solBank, usdcBank),
  );
  const [lending, borrowing] = account.positions;

  it("SOL liquidates at 10 / (2 × 0.4) = $12.5", () => {
    expect(toNumber(liquidationPrice(account, lending!)!)).toBeCloseTo(12.5, 12);
  });

  it("the USDC debt liquidates at 8 / 10 = $0.8", () => {
    expect(toNumber(liquidationPrice(account, borrowing!)!)).toBeCloseTo(0.8, 12);
  });

  it("has none for collateral without debt", () => {
    const alone = accountRisk([balance(solBank, "assets", "2000000000")], banksOf(solBank));
    expect(liquidationPrice(alone, alone.positions[0]!)).toBeNull();
  });

  it("adds the confidence interval back for assets: 2.12% on a Pyth price", () => {
    const pyth = makeBank({ decimals: 9, oracle: { kind: "pyth", price: 100n, conf: 1n }, assetWeightMaint: "0.5" });
    const risky = accountRisk(
      [balance(pyth, "assets", "1000000000"), balance(usdcBank, "liabilities", "40000000")],
      banksOf(pyth, usdcBank),
    );
    // 1 token × 0.5 × (P − 2.12) = 40 → P = 82.12.
    expect(toNumber(liquidationPrice(risky, risky.positions[0]!)!)).toBeCloseTo(82.12, 10);
  });
});

describe("user positions", () => {
  it("shows amounts in tokens, values at the real-time price, side, dust and liquidation price", () => {
    const solBank = sol({ assetWeightMaint: "0.5" });
    const usdcBank = usdc();
    const account = accountRisk(
      [balance(solBank, "assets", "3000000000"), balance(usdcBank, "liabilities", "1.5")],
      banksOf(solBank, usdcBank),
    );
    const [lending, borrowing] = userPositions(account);
    expect(lending).toMatchObject({
      bank: solBank.address,
      amount: fx.fromInt(3),
      usdValue: fx.fromInt(30),
      isLending: true,
      isDust: false,
    });
    expect(toNumber(lending!.liquidationPrice!)).toBeCloseTo(1.5e-6 / 1.5, 12);
    expect(borrowing).toMatchObject({ bank: usdcBank.address, isLending: false, isDust: false });
    expect(borrowing!.amount).toBe(fx.div(d("1.5"), fx.fromInt(1_000_000)));
  });
});
