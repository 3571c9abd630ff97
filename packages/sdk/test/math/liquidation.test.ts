// Liquidation math against the reference's worked examples (§21 items 1–3) and the program's own value helpers:
// which accounts are liquidatable or bankrupt, the outcome of a classic liquidation to the I80F48 bit, the most one
// liquidation may take with the 0.95 factor, the profit net of costs, and end_liquidation's checks.
import { AssetTag, DEFAULT_PUBKEY, MAX_LENDING_ACCOUNT_BALANCES, RiskTier, calcAmount, calcValue, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { accountRisk } from "../../src/math/health.js";
import {
  LIQUIDATION_MAX_AMOUNT_FACTOR,
  badDebtPositions,
  bestLiquidation,
  isBankrupt,
  isLiquidatable,
  liquidationOutcome,
  liquidationPairRefusal,
  liquidationProfit,
  maxLiquidatable,
  receivershipCheck,
  receivershipMaxPremium,
} from "../../src/math/liquidation.js";
import { balancesAfterAction } from "../../src/math/action-projection.js";
import { balance, banksOf, d, makeBank, sol, usdc } from "./support.js";

const SOL = 1_000_000_000n;

const emptySlots = () =>
  Array.from({ length: MAX_LENDING_ACCOUNT_BALANCES }, () => ({
    active: false,
    bankPk: DEFAULT_PUBKEY,
    assetShares: fx.ZERO,
    liabilityShares: fx.ZERO,
  }));

/** §21 item 1: 2 SOL (init 0.25 / maint 0.4) against 10 USDC: Maintenance health −$2. */
function example() {
  const solBank = sol({ assetWeightInit: "0.25", assetWeightMaint: "0.4" });
  const usdcBank = usdc();
  const banks = banksOf(solBank, usdcBank);
  const balances = [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")];
  // A liquidator with 10 SOL of deposit backs the debt it takes over (a fresh one fails its Initial check, 6009).
  const liquidatorBalances = balancesAfterAction(emptySlots(), solBank, { kind: "deposit", amount: 10n * SOL });
  return {
    solBank,
    usdcBank,
    banks,
    balances,
    pair: { balances, banks, assetBank: solBank.address, liabilityBank: usdcBank.address, liquidatorBalances },
  };
}

describe("which accounts liquidators may enter", () => {
  it("§21 item 1 is liquidatable; at exactly zero health too; healthy accounts and accounts without debt are not", () => {
    const { banks, balances, solBank, usdcBank } = example();
    expect(isLiquidatable(accountRisk(balances, banks))).toBe(true);
    // 2 SOL × $10 × 0.5 = $10 against $10: health exactly 0 is liquidatable (reference §22 item 5).
    const even = sol({ assetWeightMaint: "0.5" });
    const evenBanks = banksOf(even, usdcBank);
    expect(
      isLiquidatable(accountRisk([balance(even, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")], evenBanks)),
    ).toBe(true);
    const healthy = sol({ assetWeightMaint: "0.8" });
    expect(
      isLiquidatable(
        accountRisk([balance(healthy, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")], banksOf(healthy, usdcBank)),
      ),
    ).toBe(false);
    expect(isLiquidatable(accountRisk([balance(solBank, "assets", "2000000000")], banks))).toBe(false);
  });

  it("refuses pairs of default-like collateral and staked debt, either way round, and the same bank twice", () => {
    const staked = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "10" }, assetTag: AssetTag.Staked });
    const wsol = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "10" }, assetTag: AssetTag.Sol });
    const usdcBank = usdc();
    expect(liquidationPairRefusal(staked, usdcBank)).toBe("AssetTagMismatch");
    expect(liquidationPairRefusal(usdcBank, staked)).toBe("AssetTagMismatch");
    expect(liquidationPairRefusal(staked, wsol)).toBeNull();
    expect(liquidationPairRefusal(wsol, usdcBank)).toBeNull();
    expect(liquidationPairRefusal(usdcBank, usdcBank)).toBe("SameAssetAndLiabilityBanks");
  });
});

describe("§21 item 2: seizing 0.1 SOL of that account", () => {
  const { pair, solBank, usdcBank } = example();
  const outcome = liquidationOutcome({ ...pair, assetAmount: 100_000_000n });

  it("books 975,000 µUSDC of debt to the liquidator and repays 950,000 of the liquidatee's, bit for bit", () => {
    const value = (discount: string) => calcValue(fx.fromInt(100_000_000n), d("10"), 9, fx.sub(fx.ONE, d(discount)));
    expect(outcome.liabilityTaken).toBe(calcAmount(value("0.025"), fx.ONE, 6));
    expect(outcome.liabilityRepaid).toBe(calcAmount(fx.mul(fx.div(value("0"), fx.ONE), LIQUIDATION_MAX_AMOUNT_FACTOR), fx.ONE, 6));
    expect(fx.toIntFloor(outcome.liabilityTaken)).toBe(975_000n);
    expect(fx.toIntFloor(outcome.liabilityRepaid)).toBe(950_000n);
    expect(outcome.seizedValue).toBe(d("1"));
    expect(outcome.refusal).toBeNull();
  });

  it("moves 24,999 whole µUSDC to insurance and books the rest of the 25,000 as outstanding", () => {
    expect(outcome.insuranceFee).toBe(fx.sub(outcome.liabilityTaken, outcome.liabilityRepaid));
    expect(outcome.insuranceTransfer).toBe(24_999n);
    expect(fx.add(fx.fromInt(outcome.insuranceTransfer), outcome.insuranceOutstanding)).toBe(outcome.insuranceFee);
    expect(Math.round(Number(fx.toDecimal(outcome.liquidatorFee)))).toBe(25_000);
  });

  it("leaves the liquidatee 1.9 SOL and 9.05 USDC: health −2 → −1.45", () => {
    const after = outcome.liquidatee;
    const solBalance = after.balances.find((b) => b.bankPk === solBank.address)!;
    const usdcBalance = after.balances.find((b) => b.bankPk === usdcBank.address)!;
    expect(solBalance.assetShares).toBe(fx.fromInt(1_900_000_000n));
    expect(usdcBalance.liabilityShares).toBe(fx.sub(fx.fromInt(10_000_000n), outcome.liabilityRepaid));
    expect(after.preHealth).toBe(fx.sub(calcValue(fx.fromInt(2n * SOL), d("10"), 9, d("0.4")), d("10")));
    expect(after.postHealth).toBe(
      fx.sub(calcValue(fx.fromInt(1_900_000_000n), d("10"), 9, d("0.4")), calcValue(usdcBalance.liabilityShares, fx.ONE, 6)),
    );
    expect(Math.abs(Number(fx.toDecimal(after.postHealth)) + 1.45)).toBeLessThan(1e-9);
  });

  it("gives the liquidator +0.1 SOL of deposit and the 0.975 USDC of debt; a fresh one cannot back it at init 0.25", () => {
    const taker = outcome.liquidator.balances.filter((b) => b.active);
    expect(taker).toHaveLength(2);
    expect(taker.find((b) => b.bankPk === solBank.address)!.assetShares).toBe(fx.fromInt(10n * SOL + 100_000_000n));
    expect(taker.find((b) => b.bankPk === usdcBank.address)!.liabilityShares).toBe(outcome.liabilityTaken);
    const fresh = liquidationOutcome({ ...pair, liquidatorBalances: undefined, assetAmount: 100_000_000n });
    expect(fresh.refusal).toBe("RiskEngineInitRejected");
    expect(fresh.liquidator.balances.find((b) => b.bankPk === solBank.address)!.assetShares).toBe(fx.fromInt(100_000_000n));
  });
});

describe("the program's refusals, predicted", () => {
  const { pair } = example();
  it("refuses pushing health above zero (6071), seizing more than held (6065) and a zero amount", () => {
    // Health rises by (0.95 × 1 − 0.4) = $0.55 per dollar seized: $2 / 0.55 ≈ $3.64, i.e. 0.364 SOL, brings it to zero.
    expect(liquidationOutcome({ ...pair, assetAmount: 400_000_000n }).refusal).toBe("TooSevereLiquidation");
    expect(liquidationOutcome({ ...pair, assetAmount: 3n * SOL }).refusal).toBe("OverliquidationAttempt");
    expect(liquidationOutcome({ ...pair, assetAmount: 0n }).refusal).toBe("ZeroLiquidationAmount");
  });

  it("refuses repaying the whole debt (6069) when the collateral would cover it", () => {
    const solBank = sol({ assetWeightMaint: "0.1" });
    const usdcBank = usdc();
    const banks = banksOf(solBank, usdcBank);
    const balances = [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")];
    // 10 USDC / 0.95 = $10.53 of SOL repays it all.
    expect(
      liquidationOutcome({ balances, banks, assetBank: solBank.address, liabilityBank: usdcBank.address, assetAmount: 1_100_000_000n })
        .refusal,
    ).toBe("ExhaustedLiability");
  });

  it("refuses a healthy account (6068)", () => {
    const solBank = sol({ assetWeightMaint: "0.9" });
    const usdcBank = usdc();
    const balances = [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "10000000")];
    const outcome = liquidationOutcome({
      balances,
      banks: banksOf(solBank, usdcBank),
      assetBank: solBank.address,
      liabilityBank: usdcBank.address,
      assetAmount: 1n,
    });
    expect(outcome.refusal).toBe("HealthyAccount");
  });
});

describe("the most one liquidation may take (0.95 factor)", () => {
  it("§21: health bounds it at $2 / (0.95 − 0.4) of SOL, the largest amount the program accepts", () => {
    const { pair } = example();
    const max = maxLiquidatable(pair);
    expect(max.limitedBy).toBe("health");
    // 2 / 0.55 = 3.6363… USD = 0.36363… SOL.
    expect(max.assetAmount).toBeGreaterThan(363_636_000n);
    expect(max.assetAmount).toBeLessThanOrEqual(363_636_364n);
    expect(liquidationOutcome({ ...pair, assetAmount: max.assetAmount }).refusal).toBeNull();
    expect(liquidationOutcome({ ...pair, assetAmount: max.assetAmount + 1n }).refusal).toBe("TooSevereLiquidation");
    expect(max.liabilityRepaid).toBe(liquidationOutcome({ ...pair, assetAmount: max.assetAmount }).liabilityRepaid);
  });

  it("given the liquidator's balances, is bounded by the debt it can back", () => {
    const { pair, solBank } = example();
    // 0.25 SOL of deposit backs $0.625 at init 0.25: about 0.064 SOL seized (0.975 × $10 × 0.064 ≈ $0.625).
    const liquidatorBalances = balancesAfterAction(emptySlots(), solBank, { kind: "deposit", amount: SOL / 4n });
    const max = maxLiquidatable({ ...pair, liquidatorBalances });
    expect(max.limitedBy).toBe("liquidator");
    expect(liquidationOutcome({ ...pair, liquidatorBalances, assetAmount: max.assetAmount }).refusal).toBeNull();
    expect(liquidationOutcome({ ...pair, liquidatorBalances, assetAmount: max.assetAmount + 1n }).refusal).toBe("RiskEngineInitRejected");
  });

  it("is bounded by the debt (it may never be repaid whole) and by the collateral held", () => {
    const solBank = sol({ assetWeightMaint: "0.1" });
    const usdcBank = usdc();
    const usdtBank = usdc();
    const banks = banksOf(solBank, usdcBank, usdtBank);
    // Another $100 of debt keeps health far below zero, so the $10 USDC debt is what bounds the pair.
    const byDebt = maxLiquidatable({
      balances: [
        balance(solBank, "assets", "5000000000"),
        balance(usdcBank, "liabilities", "10000000"),
        balance(usdtBank, "liabilities", "100000000"),
      ],
      banks,
      assetBank: solBank.address,
      liabilityBank: usdcBank.address,
    });
    expect(byDebt.limitedBy).toBe("debt");
    expect(fx.cmp(byDebt.liabilityRepaid, fx.fromInt(10_000_000n))).toBe(-1);
    expect(fx.cmp(byDebt.liabilityRepaid, fx.fromInt(9_999_990n))).toBe(1);

    const byCollateral = maxLiquidatable({
      balances: [balance(solBank, "assets", "500000000"), balance(usdcBank, "liabilities", "10000000")],
      banks,
      assetBank: solBank.address,
      liabilityBank: usdcBank.address,
    });
    expect(byCollateral.limitedBy).toBe("collateral");
    expect(byCollateral.assetAmount).toBe(500_000_000n);
  });

  it("is zero when seizing cannot improve health (collateral weighted like the debt) or the account is healthy", () => {
    const solBank = sol({ assetWeightMaint: "0.96" });
    const usdcBank = usdc();
    const banks = banksOf(solBank, usdcBank);
    const underwater = maxLiquidatable({
      balances: [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "10000000")],
      banks,
      assetBank: solBank.address,
      liabilityBank: usdcBank.address,
    });
    expect(underwater.assetAmount).toBe(0n);
    const { banks: exampleBanks, solBank: s, usdcBank: u } = example();
    expect(
      maxLiquidatable({
        balances: [balance(s, "assets", "9000000000"), balance(u, "liabilities", "10000000")],
        banks: exampleBanks,
        assetBank: s.address,
        liabilityBank: u.address,
      }).assetAmount,
    ).toBe(0n);
  });
});

describe("profit and receivership", () => {
  it("profit: $1 of SOL for 0.975 USDC of debt, less 10,000 lamports at $10 = $0.0249", () => {
    const { pair } = example();
    const outcome = liquidationOutcome({ ...pair, assetAmount: 100_000_000n });
    const profit = liquidationProfit(outcome, { asset: d("10"), liability: fx.ONE, sol: d("10") }, 10_000n);
    expect(Math.abs(Number(fx.toDecimal(profit)) - 0.0249)).toBeLessThan(1e-9);
  });

  it("§21 item 3: withdraw 0.21 SOL and repay 2 USDC passes (ratio 1.05); seizing $3 for $2 is too high a premium", () => {
    const { banks, balances, solBank, usdcBank } = example();
    const pre = accountRisk(balances, banks);
    const after = (lamports: bigint) =>
      accountRisk(
        balancesAfterAction(balancesAfterAction(balances, solBank, { kind: "withdraw", amount: lamports }), usdcBank, {
          kind: "repay",
          amount: 2_000_000n,
        }),
        banks,
      );
    const ok = receivershipCheck(pre, after(210_000_000n), fx.ZERO);
    expect(ok.seized).toBe(d("2.1"));
    expect(ok.repaid).toBe(d("2"));
    expect(ok.refusal).toBeNull();
    expect(Math.abs(Number(fx.toDecimal(ok.postHealth)) + 0.84)).toBeLessThan(1e-9);
    expect(receivershipCheck(pre, after(300_000_000n), fx.ZERO).refusal).toBe("LiquidationPremiumTooHigh");
    expect(receivershipMaxPremium(d("0.1"))).toBe(fx.add(fx.ONE, d("0.1")));
    expect(receivershipMaxPremium(fx.ZERO)).toBe(fx.add(fx.ONE, d("0.05")));
  });
});

describe("the best pair", () => {
  it("picks the pair whose largest liquidation earns the most, net of the transaction's cost", () => {
    const solBank = sol({ assetWeightMaint: "0.4" });
    const ethBank = makeBank({ decimals: 8, oracle: { kind: "fixed", price: "2000" }, assetWeightMaint: "0.4" });
    const usdcBank = usdc();
    const banks = banksOf(solBank, ethBank, usdcBank);
    // $20 of SOL and $2 of ETH against $12 of USDC: seizing SOL can go further, so it earns more.
    const balances = [
      balance(solBank, "assets", "2000000000"),
      balance(ethBank, "assets", "100000"),
      balance(usdcBank, "liabilities", "12000000"),
    ];
    const best = bestLiquidation({ balances, banks, solPrice: d("10"), txCostLamports: 5_000n })!;
    expect(best.outcome.assetBank).toBe(solBank.address);
    expect(best.outcome.liabilityBank).toBe(usdcBank.address);
    expect(best.outcome.refusal === null || best.outcome.refusal === "RiskEngineInitRejected").toBe(true);
    expect(fx.cmp(best.profit, fx.ZERO)).toBe(1);
    const healthy = [balance(solBank, "assets", "2000000000"), balance(usdcBank, "liabilities", "1000000")];
    expect(bestLiquidation({ balances: healthy, banks, solPrice: d("10"), txCostLamports: 5_000n })).toBeNull();
  });
});

describe("the liquidator's isolated-tier rule (6029)", () => {
  /** An isolated-tier stablecoin: borrowable alone, worth nothing as collateral. */
  const isolatedUsd = () => usdc({ riskTier: RiskTier.Isolated, assetWeightInit: "0", assetWeightMaint: "0" });

  type Extra = { bank: "isolated" | "usdc"; kind: "borrow" | "deposit"; amount: bigint };

  /** §21 item 1's account, its debt in `debtBank`; the liquidator holds `solDeposit` of SOL and then `extra`. */
  function isolatedExample(debtBank: "isolated" | "usdc", extra: Extra[], solDeposit = 10n * SOL) {
    const solBank = sol({ assetWeightInit: "0.25", assetWeightMaint: "0.4" });
    const usdcBank = usdc();
    const isolated = isolatedUsd();
    const banks = banksOf(solBank, usdcBank, isolated);
    const debt = debtBank === "isolated" ? isolated : usdcBank;
    const balances = [balance(solBank, "assets", "2000000000"), balance(debt, "liabilities", "10000000")];
    let liquidatorBalances = balancesAfterAction(emptySlots(), solBank, { kind: "deposit", amount: solDeposit });
    for (const e of extra) {
      liquidatorBalances = balancesAfterAction(liquidatorBalances, e.bank === "isolated" ? isolated : usdcBank, {
        kind: e.kind,
        amount: e.amount,
      });
    }
    return { balances, banks, assetBank: solBank.address, liabilityBank: debt.address, liquidatorBalances, isolated };
  }

  it("refuses taking over isolated debt next to the liquidator's other debt, and other debt next to its isolated debt", () => {
    const intoIsolated = isolatedExample("isolated", [{ bank: "usdc", kind: "borrow", amount: 1_000_000n }]);
    expect(liquidationOutcome({ ...intoIsolated, assetAmount: 100_000_000n }).refusal).toBe("IsolatedAccountIllegalState");
    const besideIsolated = isolatedExample("usdc", [{ bank: "isolated", kind: "borrow", amount: 1_000_000n }]);
    expect(liquidationOutcome({ ...besideIsolated, assetAmount: 100_000_000n }).refusal).toBe("IsolatedAccountIllegalState");
  });

  it("lets a liquidator without other debt take the isolated debt over; a fresh one is judged by its Initial check only", () => {
    const alone = isolatedExample("isolated", []);
    expect(liquidationOutcome({ ...alone, assetAmount: 100_000_000n }).refusal).toBeNull();
    const fresh = liquidationOutcome({ ...alone, liquidatorBalances: undefined, assetAmount: 100_000_000n });
    expect(fresh.refusal).toBe("RiskEngineInitRejected");
  });

  it("reports the Initial check first, as the program runs it before the risk-tier rule", () => {
    // 0.5 SOL backs $1.25 at init 0.25: 1 USDC of debt plus the 0.975 taken over is more than that.
    const pair = isolatedExample("isolated", [{ bank: "usdc", kind: "borrow", amount: 1_000_000n }], SOL / 2n);
    expect(liquidationOutcome({ ...pair, assetAmount: 100_000_000n }).refusal).toBe("RiskEngineInitRejected");
  });

  it("seizes nothing when the rule would break at any amount, and bestLiquidation skips the pair", () => {
    const pair = isolatedExample("isolated", [{ bank: "usdc", kind: "borrow", amount: 1_000_000n }]);
    const max = maxLiquidatable(pair);
    expect(max.assetAmount).toBe(0n);
    expect(max.limitedBy).toBe("liquidator");
    // The program only lets through debt below one share, which is no liability at all: 100 lamports take 0.975 µiso.
    expect(liquidationOutcome({ ...pair, assetAmount: 100n }).refusal).toBeNull();
    expect(liquidationOutcome({ ...pair, assetAmount: 200n }).refusal).toBe("IsolatedAccountIllegalState");
    const candidate = { balances: pair.balances, banks: pair.banks, solPrice: d("10"), txCostLamports: 5_000n };
    expect(bestLiquidation({ ...candidate, liquidatorBalances: pair.liquidatorBalances })).toBeNull();
    const alone = isolatedExample("isolated", []);
    const best = bestLiquidation({
      ...candidate,
      balances: alone.balances,
      banks: alone.banks,
      liquidatorBalances: alone.liquidatorBalances,
    })!;
    expect(best.outcome.liabilityBank).toBe(alone.isolated.address);
    expect(best.outcome.refusal).toBeNull();
  });

  it("stops where the debt taken over would outgrow the liquidator's deposit in the isolated bank", () => {
    // 2 iso of deposit absorbs about 0.205 SOL's worth of debt (0.975 × $10 per SOL) before it turns into debt.
    const pair = isolatedExample("isolated", [
      { bank: "isolated", kind: "deposit", amount: 2_000_000n },
      { bank: "usdc", kind: "borrow", amount: 1_000_000n },
    ]);
    const max = maxLiquidatable(pair);
    expect(max.limitedBy).toBe("liquidator");
    expect(max.assetAmount).toBeGreaterThan(200_000_000n);
    expect(liquidationOutcome({ ...pair, assetAmount: max.assetAmount }).refusal).toBeNull();
    expect(liquidationOutcome({ ...pair, assetAmount: max.assetAmount + 1n }).refusal).toBe("IsolatedAccountIllegalState");
  });
});

describe("bankruptcy on Equity values", () => {
  it("needs Equity assets below liabilities and below $0.1, with more than $0.0001 of debt", () => {
    const { solBank, usdcBank, banks } = example();
    const gone = accountRisk([balance(solBank, "assets", "5000000"), balance(usdcBank, "liabilities", "10000000")], banks);
    // 0.005 SOL = $0.05 of Equity assets against $10; 0.02 SOL = $0.2 is not below the $0.1 threshold.
    expect(isBankrupt(gone)).toBe(true);
    expect(badDebtPositions(gone).map((p) => p.bank.address)).toEqual([usdcBank.address]);
    const dime = accountRisk([balance(solBank, "assets", "20000000"), balance(usdcBank, "liabilities", "10000000")], banks);
    expect(isBankrupt(dime)).toBe(false);
    const dust = accountRisk([balance(usdcBank, "liabilities", "0.00005")], banks);
    expect(isBankrupt(dust)).toBe(false);
  });
});
