// Health components against hand-computed values and the program's own valuation building blocks (§21 item 1,
// isolated and reduce-only banks, oracle failures, the init-limit discount).
import { BankOperationalState, RiskTier, calcValue, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { accountRisk } from "../../src/math/health.js";
import { toNumber } from "../../src/math/units.js";
import {
  canBeLiquidated,
  freeCollateral,
  healthBar,
  healthFactor,
  isLiquidationRisk,
  signedFreeCollateral,
} from "../../src/math/health-factor.js";
import { NOW, balance, banksOf, d, makeBank, sol, usdc } from "./support.js";

describe("§21 item 1: 2 SOL at init 0.25 / maint 0.4 against 10 USDC", () => {
  const solBank = sol({ assetWeightInit: "0.25", assetWeightMaint: "0.4" });
  const usdcBank = usdc();
  const account = accountRisk(
    [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")],
    banksOf(solBank, usdcBank),
  );
  const { initial, maintenance, equity } = account.health;

  it("values Initial assets at 2 × 10 × 0.25 = $5 against $10", () => {
    expect(initial.assets).toBe(fx.mul(fx.fromInt(20), d("0.25")));
    expect(initial.assets).toBe(d("5"));
    expect(initial.liabilities).toBe(d("10"));
    expect(signedFreeCollateral(initial)).toBe(d("-5"));
    expect(freeCollateral(initial)).toBe(fx.ZERO);
  });

  it("values Maintenance at 8 − 10 = −$2: liquidatable, health factor −0.25", () => {
    expect(maintenance.assets).toBe(calcValue(d("2000000000"), d("10"), 9, d("0.4")));
    expect(maintenance.liabilities).toBe(d("10"));
    expect(canBeLiquidated(maintenance)).toBe(true);
    expect(healthFactor(maintenance)).toBe(fx.div(fx.sub(maintenance.assets, d("10")), maintenance.assets));
    expect(Math.abs(toNumber(healthFactor(maintenance)) + 0.25)).toBeLessThan(1e-12);
    expect(healthBar(healthFactor(maintenance))).toBe(fx.ZERO);
    expect(isLiquidationRisk(account)).toBe(true);
  });

  it("values Equity at weight 1: $20 against $10", () => {
    expect(equity.assets).toBe(d("20"));
    expect(equity.liabilities).toBe(d("10"));
  });
});

describe("valuation rules", () => {
  it("follows calcValue's rounding for awkward share values and prices", () => {
    const bank = makeBank({
      decimals: 6,
      oracle: { kind: "pyth", price: 123_456_789n, conf: 12_345n, emaPrice: 123_000_000n, emaConf: 10_000n, exponent: -6 },
      assetShareValue: "1.000123456789",
      assetWeightInit: "0.77",
      assetWeightMaint: "0.83",
    });
    const shares = d("987654.321");
    const account = accountRisk([{ active: 1, bankPk: bank.address, assetShares: shares, liabilityShares: fx.ZERO }], banksOf(bank));
    const amount = fx.mul(shares, bank.bank.assetShareValue);
    const tw = bank.price.timeWeighted as { low: ReturnType<typeof d> };
    const rt = bank.price.realTime as { low: ReturnType<typeof d> };
    expect(account.health.initial.assets).toBe(calcValue(amount, tw.low, 6, d("0.77")));
    expect(account.health.maintenance.assets).toBe(calcValue(amount, rt.low, 6, d("0.83")));
    expect(account.health.equity.assets).toBe(calcValue(amount, tw.low, 6, fx.ONE));
  });

  it("counts isolated collateral as nothing, in every pass", () => {
    const bank = sol({ riskTier: RiskTier.Isolated, assetWeightInit: "0", assetWeightMaint: "0" });
    const { health } = accountRisk([balance(bank, "assets", "1000000000")], banksOf(bank));
    expect([health.initial.assets, health.maintenance.assets, health.equity.assets]).toEqual([fx.ZERO, fx.ZERO, fx.ZERO]);
  });

  it("counts reduce-only collateral for Maintenance and Equity only", () => {
    const bank = sol({ operationalState: BankOperationalState.ReduceOnly, assetWeightInit: "0.5", assetWeightMaint: "0.6" });
    const { health } = accountRisk([balance(bank, "assets", "1000000000")], banksOf(bank));
    expect(health.initial.assets).toBe(fx.ZERO);
    expect(health.maintenance.assets).toBe(calcValue(d("1000000000"), d("10"), 9, d("0.6")));
    expect(fx.toDecimal(health.maintenance.assets).startsWith("6.0000000000000")).toBe(true);
    expect(health.equity.assets).toBe(d("10"));
  });

  it("ignores balances under one share", () => {
    const bank = sol();
    const { positions } = accountRisk([balance(bank, "assets", "0.9")], banksOf(bank));
    expect(positions).toEqual([]);
  });

  it("tolerates a stale asset oracle for Initial only", () => {
    const stale = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 1n, publishTime: NOW - 61n }, maxAge: 60 });
    const fresh = usdc();
    const { health } = accountRisk([balance(stale, "assets", "1000000"), balance(fresh, "assets", "2000000")], banksOf(stale, fresh));
    expect(health.initial).toEqual({ assets: d("2"), liabilities: fx.ZERO, error: null });
    expect(health.maintenance.error).toMatchObject({ code: 6050, name: "PythPushStalePrice", stage: "load" });
    expect(health.maintenance.assets).toBe(fx.ZERO);
    expect(health.equity.error?.code).toBe(6050);
  });

  it("fails every pass on a stale liability oracle", () => {
    const stale = makeBank({ decimals: 6, oracle: { kind: "switchboard", value: 1n, lastUpdate: NOW - 61n }, maxAge: 60 });
    const { health } = accountRisk([balance(stale, "liabilities", "1000000")], banksOf(stale));
    expect(health.initial.error?.code).toBe(6049);
    expect(health.maintenance.error?.code).toBe(6049);
  });

  it("fails Initial on a confidence beyond the gate even for assets", () => {
    const wide = makeBank({ decimals: 0, oracle: { kind: "pyth", price: 100n, conf: 5n } });
    const { health } = accountRisk([balance(wide, "assets", "1")], banksOf(wide));
    expect(health.initial.error).toMatchObject({ code: 6055, stage: "price" });
  });

  it("discounts Initial weights above total_asset_value_init_limit (§19.1: $101 limit, $2,000.01 deposited)", () => {
    const bank = usdc({ totalAssets: "2000010000", totalAssetValueInitLimit: 101n });
    const { health } = accountRisk([balance(bank, "assets", "100010000")], banksOf(bank));
    const discount = fx.div(fx.fromInt(101), d("2000.01"));
    expect(bank.initLimitDiscount).toBe(discount);
    expect(health.initial.assets).toBe(calcValue(d("100010000"), d("1"), 6, fx.mul(fx.ONE, discount)));
    expect(fx.toDecimal(health.initial.assets).startsWith("5.0504")).toBe(true);
    expect(health.maintenance.assets).toBe(calcValue(d("100010000"), d("1"), 6, fx.ONE));
  });

  it("throws for an unknown bank", () => {
    const bank = sol();
    expect(() => accountRisk([balance(bank, "assets", "1000000000")], new Map())).toThrow(`Bank ${bank.address} not found`);
  });
});

describe("what users see", () => {
  it("health factor 1 without assets, bar capped within 0 and 100", () => {
    const none = { assets: fx.ZERO, liabilities: fx.ZERO, error: null };
    expect(healthFactor(none)).toBe(fx.ONE);
    expect(healthBar(fx.ONE)).toBe(fx.fromInt(100));
    expect(healthBar(d("0.5"))).toBe(fx.fromInt(50));
    expect(healthBar(d("1.5"))).toBe(fx.fromInt(100));
  });

  it("flags health below 0.1", () => {
    const collateral = sol({ assetWeightMaint: "1" });
    const debt = usdc();
    const banks = banksOf(collateral, debt);
    // $10 of SOL: $9.5 of debt leaves 0.05, $8.5 leaves 0.15.
    expect(
      isLiquidationRisk(accountRisk([balance(collateral, "assets", "1000000000"), balance(debt, "liabilities", "9500000")], banks)),
    ).toBe(true);
    expect(
      isLiquidationRisk(accountRisk([balance(collateral, "assets", "1000000000"), balance(debt, "liabilities", "8500000")], banks)),
    ).toBe(false);
  });

  it("flags staked-SOL accounts only once borrowings reach lendings", () => {
    const staked = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "10" }, assetTag: 2, assetWeightMaint: "0.5" });
    const solBank = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "10" }, assetTag: 1 });
    const banks = banksOf(staked, solBank);
    // Maintenance health (5 − 4.8) / 5 = 0.04 < 0.1, but $4.8 borrowed < $10 lent.
    const below = accountRisk([balance(staked, "assets", "1000000000"), balance(solBank, "liabilities", "480000000")], banks);
    expect(fx.cmp(healthFactor(below.health.maintenance), d("0.1"))).toBe(-1);
    expect(isLiquidationRisk(below)).toBe(false);
    const even = accountRisk([balance(staked, "assets", "1000000000"), balance(solBank, "liabilities", "1000000000")], banks);
    expect(isLiquidationRisk(even)).toBe(true);
  });
});
