// Emissions and points against hand-computed numbers.
import { BankFlags, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { emissionsApr, emissionsRates, pendingEmissions } from "../../src/math/emissions.js";
import { pointsBoost } from "../../src/math/points.js";
import { toNumber } from "../../src/math/units.js";
import { NOW, balance, d, usdc } from "./support.js";

const YEAR = 31_536_000n;

describe("emissions", () => {
  it("APR = rate / 10^reward decimals × reward price / bank price: 1 reward token ($2) per $10 token → 20%", () => {
    expect(emissionsApr(1_000_000n, { decimals: 6, price: fx.fromInt(2) }, fx.fromInt(10))).toBe(fx.div(fx.fromInt(2), fx.fromInt(10)));
  });

  it("counts only the sides whose flag is on", () => {
    const bank = usdc({ flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, emissionsRate: 500_000n }).bank;
    const rates = emissionsRates(bank, { decimals: 6, price: fx.ONE }, fx.ONE);
    expect(rates).toEqual({ lending: d("0.5"), borrowing: fx.ZERO });
  });

  it("accrues rate per token per year on the balance, capped at what remains", () => {
    // 1,000 tokens at 1 reward token (10^6 units) per token per year, for half a year: 500 reward tokens.
    const bank = usdc({ flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, emissionsRate: 1_000_000n, emissionsRemaining: "1000000000" });
    const lending = { ...balance(bank, "assets", "1000000000"), lastUpdate: NOW, emissionsOutstanding: d("7") };
    expect(pendingEmissions(lending, bank.bank, NOW + YEAR / 2n)).toBe(fx.add(d("7"), fx.fromInt(500_000_000)));
    const scarce = usdc({ flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, emissionsRate: 1_000_000n, emissionsRemaining: "1000" });
    expect(pendingEmissions({ ...lending, bankPk: scarce.address }, scarce.bank, NOW + YEAR)).toBe(fx.add(d("7"), fx.fromInt(1000)));
  });

  it("earns nothing on a side whose flag is off", () => {
    const bank = usdc({ flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, emissionsRate: 1_000_000n, emissionsRemaining: "1000000000" });
    const borrowing = balance(bank, "liabilities", "1000000000");
    expect(pendingEmissions(borrowing, bank.bank, NOW + YEAR)).toBe(fx.ZERO);
  });
});

describe("points boost", () => {
  it("0.2 × amount × (multiplier − 1) / divisor × 365", () => {
    // 0.2 × 1,000 × 2 / 4 × 365 = 36,500.
    expect(toNumber(pointsBoost(fx.fromInt(1000), fx.fromInt(3), fx.fromInt(4)))).toBeCloseTo(36_500, 9);
    expect(pointsBoost(fx.fromInt(1000), fx.ONE, fx.fromInt(4))).toBe(fx.ZERO);
  });
});
