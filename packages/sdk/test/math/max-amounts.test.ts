// Max amounts and bank capacity against hand-computed numbers. SOL $10 (9 decimals), USDC $1 (6 decimals).
import { BankOperationalState, RiskTier, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { accountRisk } from "../../src/math/health.js";
import { accountMaxAmounts, maxBorrow, maxDeposit, maxRepay, maxWithdraw } from "../../src/math/max-amounts.js";
import { NATIVE_SOL_MINT } from "../../src/math/priced-bank.js";
import { isDust } from "../../src/math/positions.js";
import { remainingCapacity } from "../../src/math/capacity.js";
import { NOW, balance, banksOf, d, sol, usdc } from "./support.js";

const noWallet = { token: 0n, nativeSol: 0n };

describe("bank capacity", () => {
  it("leaves deposits strictly below the limit: limit 1,000, total 900 → 99", () => {
    expect(usdc({ totalAssets: "900", depositLimit: 1000n }).depositCapacity).toBe(99n);
    expect(usdc({ totalAssets: "900.5", depositLimit: 1000n }).depositCapacity).toBe(99n);
    expect(usdc().depositCapacity).toBeNull();
  });

  it("keeps twice the interest accrued since the last update clear", () => {
    // 100 tokens lent at 30% APR (utilization 0.5), 1,000 s since the last update:
    // buffer 2 × 0.3 × 1,000 / 31,536,000 × 100,000,000 ≈ 1,902.6 → room 899,998,097.4 → 899,998,097.
    const bank = usdc({ totalAssets: "100000000", totalLiabilities: "50000000", depositLimit: 1_000_000_000n, lastUpdate: NOW - 1000n });
    expect(bank.depositCapacity).toBe(899_998_097n);
    // Borrow room: 50 at 60% APR: buffer ≈ 1,902.6 as well → 200,000,000 − 50,000,000 − 1,902.6 → 149,998,097.
    expect(remainingCapacity(200_000_000n, bank.totalLiabilities, bank.rates.borrowingRate, NOW - 1000n, NOW)).toBe(149_998_097n);
    expect(remainingCapacity(100n, fx.fromInt(150), fx.ZERO, NOW, NOW)).toBe(0n);
  });

  it("liquidity is deposits minus borrows", () => {
    expect(usdc({ totalAssets: "100000000", totalLiabilities: "50000000" }).liquidity).toBe(50_000_000n);
  });
});

describe("max deposit", () => {
  it("is the wallet balance within the deposit room", () => {
    expect(maxDeposit(usdc({ totalAssets: "900", depositLimit: 1000n }), { token: 500n, nativeSol: 0n })).toBe(99n);
    expect(maxDeposit(usdc(), { token: 500n, nativeSol: 0n })).toBe(500n);
  });

  it("keeps 0.02 SOL spare on the SOL bank, counting wrapped and native SOL", () => {
    const solBank = sol({ mint: NATIVE_SOL_MINT });
    expect(maxDeposit(solBank, { token: 0n, nativeSol: 1_000_000_000n })).toBe(980_000_000n);
    expect(maxDeposit(solBank, { token: 5_000_000n, nativeSol: 10_000_000n })).toBe(0n);
  });

  it("is zero on a paused or reduce-only bank", () => {
    expect(maxDeposit(usdc({ operationalState: BankOperationalState.ReduceOnly }), { token: 500n, nativeSol: 0n })).toBe(0n);
  });
});

describe("max repay", () => {
  it("is the smaller of the debt rounded up and the wallet", () => {
    // 3.5 shares at 1.5 per share = 5.25 native units owed → 6.
    const bank = usdc({ liabilityShareValue: "1.5" });
    const account = accountRisk([balance(bank, "liabilities", "5.25")], banksOf(bank));
    expect(maxRepay(account, bank, { token: 100n, nativeSol: 0n })).toBe(6n);
    expect(maxRepay(account, bank, { token: 4n, nativeSol: 0n })).toBe(4n);
    expect(maxRepay(account, usdc(), { token: 100n, nativeSol: 0n })).toBe(0n);
  });
});

describe("max withdraw and max borrow", () => {
  // 10 SOL at init weight 0.5 ($50) against 20 USDC of debt: free collateral $30, $27.6 offered.
  const solBank = sol({ assetWeightInit: "0.5", assetWeightMaint: "0.6", totalAssets: "1000000000000", totalLiabilities: "0" });
  const usdcBank = usdc({ totalAssets: "1000000000", totalLiabilities: "20000000" });
  const banks = banksOf(solBank, usdcBank);
  const account = accountRisk([balance(solBank, "assets", "10000000000"), balance(usdcBank, "liabilities", "20000000")], banks);

  it("withdraws what 0.92 of the free collateral frees: 27.6 / (10 × 0.5) = 5.52 SOL", () => {
    expect(maxWithdraw(account, solBank)).toBe(5_520_000_000n);
  });

  it("withdraws everything without debt, rounded down", () => {
    const alone = accountRisk([balance(solBank, "assets", "10000000000.7")], banks);
    expect(maxWithdraw(alone, solBank)).toBe(10_000_000_000n);
  });

  it("withdraws everything when the deposit is worth less than the free collateral", () => {
    const debt = usdc({ totalAssets: "1000000" });
    const rich = accountRisk(
      [balance(solBank, "assets", "10000000000"), balance(usdcBank, "assets", "100000000"), balance(debt, "liabilities", "1")],
      banksOf(solBank, usdcBank, debt),
    );
    expect(maxWithdraw(rich, usdcBank)).toBe(100_000_000n);
  });

  it("borrows 0.92 of the free collateral at the Initial liability price: 27.6 USDC", () => {
    expect(maxBorrow(account, usdcBank)).toBe(27_600_000n);
  });

  it("borrowing where the account lends first buys back the deposit: 5.52 SOL", () => {
    expect(maxBorrow(account, solBank)).toBe(5_520_000_000n);
  });

  it("borrows deposit plus debt when the free collateral exceeds the deposit", () => {
    // 1 SOL ($5 init) and $100 of USDC against $10 of debt: 0.92 × 95 = $87.4 offered; 1 SOL back for $5, then
    // $82.4 / $10 = 8.24 SOL of debt: 9.24 SOL.
    const usdcCollateral = usdc({ totalAssets: "1000000000" });
    const lots = accountRisk(
      [
        balance(solBank, "assets", "1000000000"),
        balance(usdcCollateral, "assets", "100000000"),
        balance(usdcBank, "liabilities", "10000000"),
      ],
      banksOf(solBank, usdcCollateral, usdcBank),
    );
    expect(lots.health.initial.assets).toBe(fx.add(d("5"), d("100")));
    expect(maxBorrow(lots, solBank)).toBe(9_240_000_000n);
  });

  it("is capped by the bank's liquidity and borrow room", () => {
    const thin = usdc({ totalAssets: "30000000", totalLiabilities: "20000000" });
    const capped = accountRisk(
      [balance(solBank, "assets", "10000000000"), balance(thin, "liabilities", "20000000")],
      banksOf(solBank, thin),
    );
    expect(maxBorrow(capped, thin)).toBe(10_000_000n);
    const limited = usdc({ totalAssets: "1000000000", totalLiabilities: "20000000", borrowLimit: 25_000_000n });
    const room = accountRisk(
      [balance(solBank, "assets", "10000000000"), balance(limited, "liabilities", "20000000")],
      banksOf(solBank, limited),
    );
    expect(maxBorrow(room, limited)).toBe(4_999_999n);
  });

  it("is zero when Initial health already fails", () => {
    const weak = accountRisk([balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "6000000")], banks);
    expect(maxBorrow(weak, usdcBank)).toBe(0n);
    expect(maxWithdraw(weak, solBank)).toBe(0n);
  });

  it("falls back to max withdraw for an isolated-tier bank next to other debt", () => {
    const isolated = usdc({ riskTier: RiskTier.Isolated, assetWeightInit: "0", assetWeightMaint: "0", totalAssets: "1000000000" });
    const mixed = accountRisk(
      [balance(solBank, "assets", "10000000000"), balance(usdcBank, "liabilities", "20000000"), balance(isolated, "assets", "3000000")],
      banksOf(solBank, usdcBank, isolated),
    );
    // Isolated collateral is worth nothing, so all of it can go; no new debt can be added there.
    expect(maxBorrow(mixed, isolated)).toBe(3_000_000n);
    const isolatedDebt = accountRisk(
      [balance(solBank, "assets", "10000000000"), balance(isolated, "liabilities", "2000000")],
      banksOf(solBank, isolated),
    );
    expect(maxBorrow(isolatedDebt, usdcBank)).toBe(0n);
    // Alone, isolated debt can grow: 0.92 × (50 − 2) = 44.16 USDC.
    expect(maxBorrow(isolatedDebt, isolated)).toBe(44_160_000n);
  });

  it("recomputes free collateral under the e-mode the borrow leaves (§21 item 6)", () => {
    // 10 SOL at 0.8 (e-mode 0.9 while only LST is borrowed), 2 LST ($10) borrowed: $90 − $20 = $70.
    const solE = sol({ assetWeightInit: "0.8", assetWeightMaint: "0.85", emodeTag: 501, totalAssets: "100000000000" });
    const lst = makeLst();
    const cash = usdc({ totalAssets: "1000000000" });
    const emode = accountRisk(
      [balance(solE, "assets", "10000000000"), balance(lst, "liabilities", "2000000000")],
      banksOf(solE, lst, cash),
    );
    expect(emode.health.initial.assets).toBe(fx.mul(fx.fromInt(100), d("0.9")));
    // More LST keeps e-mode: 0.92 × 70 / 10 = 6.44 LST.
    expectRoundedDown(maxBorrow(emode, lst), 6_440_000_000n);
    // USDC ends e-mode: 0.92 × (80 − 20) = 55.2 USDC.
    expectRoundedDown(maxBorrow(emode, cash), 55_200_000n);
  });

  it("gives all four maxima per bank at once", () => {
    const [forSol, forUsdc] = accountMaxAmounts(account, [solBank, usdcBank], () => ({ token: 7_000_000n, nativeSol: 0n }));
    expect(forUsdc).toEqual({ bank: usdcBank, maxDeposit: 7_000_000n, maxRepay: 7_000_000n, maxWithdraw: 0n, maxBorrow: 27_600_000n });
    expect(forSol).toEqual({ bank: solBank, maxDeposit: 7_000_000n, maxRepay: 0n, maxWithdraw: 5_520_000_000n, maxBorrow: 5_520_000_000n });
    expect(maxDeposit(solBank, noWallet)).toBe(0n);
  });
});

describe("dust", () => {
  it("is an amount with nothing left in whole native units", () => {
    expect(isDust(d("0.999"))).toBe(true);
    expect(isDust(fx.ONE)).toBe(false);
  });
});

/** Hand-computed with exact decimals; the I80F48 weights (0.9, 0.92 are not binary fractions) may land one unit lower. */
function expectRoundedDown(actual: bigint, exact: bigint) {
  expect(exact - actual >= 0n && exact - actual <= 1n, `${actual} vs ${exact}`).toBe(true);
}

function makeLst() {
  return sol({
    liabilityWeightInit: "1",
    liabilityWeightMaint: "1",
    totalAssets: "100000000000",
    emodeEntries: [{ tag: 501, init: "0.9", maint: "0.93" }],
  });
}
