// The account report: each position's contribution to Initial, Maintenance and Equity adds up to the components the
// health math computes, liquidation prices solve Maintenance health to zero, and flags read by name.
import { AccountFlags, RiskTier, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { accountFlagNames, accountReport } from "../../src/math/account-report.js";
import { accountRisk } from "../../src/math/health.js";
import { toNumber } from "../../src/math/units.js";
import { balance, banksOf, d, sol, usdc } from "./support.js";

describe("accountReport", () => {
  it("§21 item 1: 2 SOL (init 0.25, maint 0.4) against 10 USDC, contribution by contribution", () => {
    const solBank = sol({ assetWeightInit: "0.25", assetWeightMaint: "0.4" });
    const usdcBank = usdc({ liabilityWeightInit: "1.25", liabilityWeightMaint: "1.1" });
    const balances = [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")];
    const report = accountReport(balances, AccountFlags.ACCOUNT_FROZEN, banksOf(solBank, usdcBank));

    const [collateral, debt] = report.positions;
    expect(collateral).toMatchObject({ index: 0, bank: solBank.address, side: "assets", decimals: 9 });
    expect(toNumber(collateral!.amount)).toBeCloseTo(2000000000, 9);
    expect(toNumber(collateral!.uiAmount)).toBeCloseTo(2, 9);
    expect(toNumber(collateral!.usdValue!)).toBeCloseTo(20, 9);
    expect(toNumber(collateral!.initial.weight)).toBeCloseTo(0.25, 9);
    expect(toNumber(collateral!.initial.value)).toBeCloseTo(5, 9);
    expect(toNumber(collateral!.maintenance.value)).toBeCloseTo(8, 9);
    expect(toNumber(collateral!.equity.value)).toBeCloseTo(20, 9);
    // 2 SOL × 0.4 × P = $11 of weighted debt.
    expect(toNumber(collateral!.liquidationPrice!)).toBeCloseTo(13.75, 9);

    expect(debt).toMatchObject({ index: 1, bank: usdcBank.address, side: "liabilities" });
    expect(toNumber(debt!.initial.value)).toBeCloseTo(12.5, 9);
    expect(toNumber(debt!.maintenance.value)).toBeCloseTo(11, 9);
    expect(toNumber(debt!.equity.value)).toBeCloseTo(10, 9);

    expect(toNumber(report.initial.health!)).toBeCloseTo(-7.5, 9);
    expect(toNumber(report.maintenance.health!)).toBeCloseTo(-3, 9);
    expect(toNumber(report.equity.health!)).toBeCloseTo(10, 9);
    expect(report.liquidatable).toBe(true);
    expect(report.flags).toEqual(["ACCOUNT_FROZEN"]);

    // The contributions add up to the components of the health math.
    const { health } = accountRisk(balances, banksOf(solBank, usdcBank));
    for (const key of ["initial", "maintenance", "equity"] as const) {
      const sum = (side: "assets" | "liabilities") =>
        report.positions.filter((p) => p.side === side).reduce((s, p) => fx.add(s, p[key].value), fx.ZERO);
      expect(sum("assets")).toBe(health[key].assets);
      expect(sum("liabilities")).toBe(health[key].liabilities);
    }
  });

  it("isolated collateral counts nothing, Equity included, and a healthy account is not liquidatable", () => {
    const isolated = sol({ riskTier: RiskTier.Isolated, assetWeightInit: "0", assetWeightMaint: "0" });
    const usdcBank = usdc();
    const report = accountReport(
      [balance(isolated, "assets", "1000000000"), balance(usdcBank, "assets", "5000000")],
      0n,
      banksOf(isolated, usdcBank),
    );
    expect(report.positions[0]!.equity).toEqual({ weight: fx.ZERO, value: fx.ZERO });
    expect(report.positions[1]!.equity.value).toBe(d("5"));
    expect(report.liquidatable).toBe(false);
    expect(report.positions.every((p) => p.liquidationPrice === null)).toBe(true);
    expect(report.flags).toEqual([]);
  });

  it("names every set flag in bit order", () => {
    expect(accountFlagNames(AccountFlags.ACCOUNT_FROZEN | AccountFlags.ACCOUNT_DISABLED)).toEqual(["ACCOUNT_DISABLED", "ACCOUNT_FROZEN"]);
  });
});
