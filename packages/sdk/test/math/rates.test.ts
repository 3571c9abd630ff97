// Rates against §21 item 5 (legacy curve O 0.5, P 0.6, M 3 with 100 deposited and 50 borrowed) and hand-computed APYs.
import { accrueInterest, i80f48 as fx, SECONDS_PER_YEAR } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { bankRates } from "../../src/math/bank-rates.js";
import { priceBank } from "../../src/math/priced-bank.js";
import { aprToApy, interestRates, utilizationCurve, utilizationRate } from "../../src/math/rates.js";
import { toNumber } from "../../src/math/units.js";
import { NOW, d, usdc } from "./support.js";

describe("§21 item 5: utilization 0.5 on the O 0.5 / P 0.6 / M 3 curve", () => {
  const bank = usdc({ totalAssets: "100000000", totalLiabilities: "50000000" });

  it("utilization 0.5, base 0.6, lending 0.3, borrowing 0.6", () => {
    expect(utilizationRate(bank)).toBe(d("0.5"));
    expect(bank.rates.baseRate).toBe(d("0.6"));
    expect(bank.rates.lendingRate).toBe(fx.mul(d("0.6"), d("0.5")));
    expect(bank.rates.borrowingRate).toBe(d("0.6"));
  });

  it("with protocol_ir_fee 0.1 and protocol_fixed 0.01, borrowing 0.6 × 1.1 + 0.01 = 0.67", () => {
    const fees = usdc({
      totalAssets: "100000000",
      totalLiabilities: "50000000",
      curve: { optimal: "0.5", plateau: "0.6", max: "3", protocolIrFee: "0.1", protocolFixedFeeApr: "0.01" },
    });
    expect(toNumber(fees.rates.borrowingRate)).toBeCloseTo(0.67, 14);
    expect(fees.rates.lendingRate).toBe(bank.rates.lendingRate);
  });

  it("after one year in one accrual the totals are 130 and 80", () => {
    const { bank: accrued } = accrueInterest(bank.bank, NOW + SECONDS_PER_YEAR);
    const later = priceBank(bank.address, accrued, bank.price, NOW + SECONDS_PER_YEAR);
    expect(toNumber(later.totalAssets)).toBeCloseTo(130_000_000, 4);
    expect(toNumber(later.totalLiabilities)).toBeCloseTo(80_000_000, 4);
  });

  it("quotes an empty bank at utilization 0", () => {
    const empty = usdc();
    expect(utilizationRate(empty)).toBe(fx.ZERO);
    expect(empty.rates.lendingRate).toBe(fx.ZERO);
  });
});

describe("APR to APY", () => {
  it("compounds exactly for small period counts: 10% twice a year → 10.25%", () => {
    expect(aprToApy(d("0.1"), 2n)).toBe(fx.sub(fx.mul(fx.add(fx.ONE, d("0.05")), fx.add(fx.ONE, d("0.05"))), fx.ONE));
    expect(aprToApy(d("0.1"), 1n)).toBe(d("0.1"));
  });

  it("compounds 63,072,000 times a year: 30% APR → (1 + 0.3/n)^n − 1 ≈ e^0.3 − 1", () => {
    const n = 63_072_000;
    const expected = Math.expm1(n * Math.log1p(0.3 / n));
    expect(Math.abs(toNumber(aprToApy(d("0.3"))) - expected)).toBeLessThan(1e-13);
    expect(aprToApy(fx.ZERO)).toBe(fx.ZERO);
  });

  it("refuses APRs beyond ±5000%", () => {
    expect(() => aprToApy(fx.fromInt(51))).toThrow(RangeError);
  });

  it("reports a bank's APRs and APYs", () => {
    const bank = usdc({ totalAssets: "100000000", totalLiabilities: "50000000" });
    const rates = interestRates(bank);
    expect(rates.lendingApr).toBe(bank.rates.lendingRate);
    expect(rates.lendingApy).toBe(aprToApy(bank.rates.lendingRate));
    expect(rates.borrowingApy).toBe(aprToApy(d("0.6")));
  });
});

describe("utilization curve", () => {
  it("has 101 points from 0 to 100% on the program's curve", () => {
    const curve = utilizationCurve(usdc().bank.config.interestRateConfig);
    expect(curve).toHaveLength(101);
    expect(curve[0]).toEqual({ utilization: fx.ZERO, baseRate: fx.ZERO, lendingRate: fx.ZERO, borrowingRate: fx.ZERO });
    expect(curve[50]!.utilization).toBe(d("0.5"));
    expect(curve[50]!.baseRate).toBe(d("0.6"));
    expect(curve[100]!.baseRate).toBe(fx.fromInt(3));
    expect(curve[100]!.lendingRate).toBe(fx.fromInt(3));
    // Linear in between: 25% is half the plateau, 75% halfway from plateau to max.
    expect(toNumber(curve[25]!.baseRate)).toBeCloseTo(0.3, 14);
    expect(toNumber(curve[75]!.baseRate)).toBeCloseTo(1.8, 14);
  });
});

describe("bank rates", () => {
  it("adds emissions and staking yield to lending, and nets borrowing emissions", () => {
    const bank = usdc({ totalAssets: "100000000", totalLiabilities: "50000000" });
    const rates = bankRates(bank, { emissions: { lending: d("0.02"), borrowing: d("0.05") }, lstApy: d("0.07") });
    const { lendingApy, borrowingApy } = interestRates(bank);
    expect(rates.totalLendingRate).toBe(fx.add(fx.add(lendingApy, d("0.02")), d("0.07")));
    expect(rates.totalBorrowingRate).toBe(fx.sub(fx.add(borrowingApy, d("0.07")), d("0.05")));
    expect(rates.emissionsBorrowRate).toBe(d("0.05"));
  });
});
