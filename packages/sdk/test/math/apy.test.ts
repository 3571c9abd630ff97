// One APY for a bank and an account, with its parts, against hand-computed numbers: the bank's lending and borrowing
// APY (interest, emissions, staking yield), emissions priced in the bank's market, and the account's net APY over the
// same figures, so a one-bank account shows exactly its bank's APY.
import { BankFlags, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { bankApy, bankRates, lstApyFromDto, marketApys, marketEmissionsRates, type BankApy } from "../../src/math/bank-rates.js";
import { accountRisk } from "../../src/math/health.js";
import { accountNetApy } from "../../src/math/net-apy.js";
import type { PricedBank } from "../../src/math/priced-bank.js";
import { interestRates } from "../../src/math/rates.js";
import { toNumber } from "../../src/math/units.js";
import { balance, banksOf, d, usdc } from "./support.js";

/** Fixed parts per side, to check the weighting exactly. */
const parts = (interest: string, emissions: string, stakingYield: string) => ({
  interest: d(interest),
  emissions: d(emissions),
  stakingYield: d(stakingYield),
  total: fx.ZERO,
});

describe("bank APY", () => {
  // 50% utilization on the default curve.
  const bank = usdc({ totalAssets: "100000000", totalLiabilities: "50000000" });
  const { lendingApy, borrowingApy } = interestRates(bank);

  it("adds emissions and staking yield to lending; borrowing costs interest and staking yield less its emissions", () => {
    const apy = bankApy(bank, { emissions: { lending: d("0.02"), borrowing: d("0.05") }, lstApy: d("0.07") });
    expect(apy.lending).toEqual({
      interest: lendingApy,
      emissions: d("0.02"),
      stakingYield: d("0.07"),
      total: fx.add(fx.add(lendingApy, d("0.02")), d("0.07")),
    });
    expect(apy.borrowing).toEqual({
      interest: borrowingApy,
      emissions: d("0.05"),
      stakingYield: d("0.07"),
      total: fx.sub(fx.add(borrowingApy, d("0.07")), d("0.05")),
    });
    expect(toNumber(lendingApy)).toBeGreaterThan(0);
    // The rates view's totals are the same figures.
    const rates = bankRates(bank, { emissions: { lending: d("0.02"), borrowing: d("0.05") }, lstApy: d("0.07") });
    expect([rates.totalLendingRate, rates.totalBorrowingRate, rates.lstRate]).toEqual([apy.lending.total, apy.borrowing.total, d("0.07")]);
  });

  it("is the interest APY alone without emissions or staking yield", () => {
    const apy = bankApy(bank);
    expect(apy.lending).toEqual({ interest: lendingApy, emissions: fx.ZERO, stakingYield: fx.ZERO, total: lendingApy });
    expect(apy.borrowing.total).toBe(borrowingApy);
  });

  it("reads the DTO's lst_apy, null and non-finite meaning none", () => {
    expect(lstApyFromDto(0.0725)).toBe(d("0.072500000000"));
    expect(lstApyFromDto(null)).toBeUndefined();
    expect(lstApyFromDto(undefined)).toBeUndefined();
    expect(lstApyFromDto(Number.NaN)).toBeUndefined();
  });
});

describe("emissions priced in the market", () => {
  // 100,000 reward native units (6 decimals) per token a year: 0.1 reward token; at $2.5 per reward and $1 per token: 25%.
  const reward = usdc({ oracle: { kind: "fixed", price: "2.5" } });
  const base = usdc({
    totalAssets: "100000000",
    totalLiabilities: "50000000",
    emissionsRate: 100_000n,
    flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE,
  });
  const paying: PricedBank = { ...base, bank: { ...base.bank, emissionsMint: reward.bank.mint } };

  it("finds the reward token's price among the market's banks", () => {
    const rates = marketEmissionsRates([paying, reward], paying)!;
    expect(toNumber(rates.lending)).toBeCloseTo(0.25, 12);
    expect(rates.borrowing).toBe(fx.ZERO);
    // Not in the market: no figure rather than a wrong one.
    expect(marketEmissionsRates([paying], paying)).toBeUndefined();
    expect(marketEmissionsRates([paying, reward], reward)).toBeUndefined();
  });

  it("gives every screen the same APY per bank, staking yield included", () => {
    const market = { banks: banksOf(paying, reward) };
    const apyOf = marketApys(market, (b) => (b === paying ? d("0.07") : undefined));
    const apy = apyOf(paying);
    expect(apy).toBe(apyOf(paying));
    expect(apy).toEqual(bankApy(paying, { emissions: marketEmissionsRates([reward], paying), lstApy: d("0.07") }));
    expect(toNumber(apy.lending.total)).toBeCloseTo(toNumber(interestRates(paying).lendingApy) + 0.25 + 0.07, 12);
    expect(apyOf(reward)).toEqual(bankApy(reward));
  });
});

describe("account net APY", () => {
  const lent = usdc({ totalAssets: "100000000", totalLiabilities: "50000000" });
  const borrowed = usdc({ totalAssets: "100000000", totalLiabilities: "50000000" });

  it("weighs each side's parts by the positions' values over the net worth; emissions are income on both sides", () => {
    // $10 lent at 30% interest, 10% emissions, 7% staking; $2 borrowed at 60% interest, 5% emissions: net worth $8.
    const fixed: BankApy = { lending: parts("0.3", "0.1", "0.07"), borrowing: parts("0.6", "0.05", "0") };
    const account = accountRisk(
      [balance(lent, "assets", "10000000"), balance(borrowed, "liabilities", "2000000")],
      banksOf(lent, borrowed),
    );
    const net = accountNetApy(account, () => fixed);
    // (3 − 1.2) / 8, (1 + 0.1) / 8, 0.7 / 8, and their sum.
    expect(toNumber(net.interest)).toBeCloseTo(0.225, 12);
    expect(toNumber(net.emissions)).toBeCloseTo(0.1375, 12);
    expect(toNumber(net.stakingYield)).toBeCloseTo(0.0875, 12);
    expect(net.total).toBe(fx.add(fx.add(net.interest, net.emissions), net.stakingYield));
    expect(toNumber(net.total)).toBeCloseTo(0.45, 12);
  });

  it("is exactly the bank's APY for an account with one deposit", () => {
    const account = accountRisk([balance(lent, "assets", "10000000")], banksOf(lent));
    const apyOf = marketApys({ banks: banksOf(lent) }, () => d("0.07"));
    const net = accountNetApy(account, apyOf);
    expect(net.total).toBe(apyOf(lent).lending.total);
    expect(net.interest).toBe(interestRates(lent).lendingApy);
    expect(net.stakingYield).toBe(d("0.07"));
  });

  it("is zero for an empty account", () => {
    expect(accountNetApy(accountRisk([], new Map()), () => bankApy(lent)).total).toBe(fx.ZERO);
  });
});
