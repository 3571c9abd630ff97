// Obligation orders on a real ledger through the client builders: a borrower with 10 SOL ($100) of collateral and
// 600 USDC of debt sets a stop-loss order (LTV above 65%: a liquidator may repay up to 100 USDC at a 1–3% bonus),
// with every refusal set_obligation_order has; deposits and borrows that would break an order's shape are refused;
// then SOL falls to $85, short of liquidation, and a third party executes the order through the liquidation
// instruction at the interpolated bonus until the order is used up.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ConditionType,
  OpportunityType,
  emptyOrder,
  setObligationOrderInstruction,
  type Obligation,
  type ObligationOrder,
} from "../src/index.js";
import { BorrowerMarket, SOL, USDC, type Borrower } from "./support/borrower-market.js";

const ONE = 1n << 60n;
const mul = (a: bigint, b: bigint) => (a * b) >> 60n;
const div = (a: bigint, b: bigint) => (a << 60n) / b;
const bps = (b: bigint) => (b << 60n) / 10_000n;
const pct = (p: bigint) => (p << 60n) / 100n;
const ceil = (a: bigint) => (a + ONE - 1n) >> 60n;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const FRACTION_MAX = (1n << 128n) - 1n;

let m: BorrowerMarket;
let borrower: Borrower;

/** Stop-loss at 65% LTV: repay up to 100 USDC of the single debt at a bonus from 1% to 3%. */
const STOP_LOSS: ObligationOrder = {
  conditionThresholdSf: pct(65n),
  opportunityParameterSf: 100n * USDC * ONE,
  minExecutionBonusBps: 100,
  maxExecutionBonusBps: 300,
  conditionType: ConditionType.UserLtvAbove,
  opportunityType: OpportunityType.DeleverageSingleDebtAmount,
};

beforeAll(async () => {
  m = await BorrowerMarket.start();
  borrower = await m.borrower(10n * SOL);
  await m.h.send([...(await m.refreshAll(borrower.obligation, 100n)), m.borrow(borrower, 600n * USDC)], [borrower.keypair]);
});
afterAll(() => m.h.close());

function setOrder(index: number, order: ObligationOrder, who: Borrower = borrower, signer: Keypair = who.keypair) {
  return setObligationOrderInstruction({ owner: signer.publicKey, obligation: who.obligation, lendingMarket: m.market, index, order });
}

describe("set_obligation_order", () => {
  it("refuses new orders while the market disables their creation (6128), bad indexes (6123) and bad configurations (6124)", async () => {
    const signers = [borrower.keypair];
    await m.h.expectFailure(setOrder(0, STOP_LOSS), signers, "OrderCreationDisabled");
    await m.setMarketFlag("UpdateObligationOrderCreationEnabled", true);
    await m.h.expectFailure(setOrder(2, STOP_LOSS), signers, "OrderIndexOutOfBounds");
    const invalid: ObligationOrder[] = [
      { ...STOP_LOSS, conditionThresholdSf: ONE },
      { ...STOP_LOSS, conditionThresholdSf: pct(1n) - 1n },
      { ...STOP_LOSS, maxExecutionBonusBps: 1_001 },
      { ...STOP_LOSS, minExecutionBonusBps: 400 },
      { ...STOP_LOSS, opportunityParameterSf: 0n },
      { ...STOP_LOSS, opportunityType: OpportunityType.DeleverageAllDebt },
      { ...STOP_LOSS, conditionType: 7 },
      { ...STOP_LOSS, conditionType: ConditionType.Always },
      { ...emptyOrder(), minExecutionBonusBps: 1 },
    ];
    for (const order of invalid) await m.h.expectFailure(setOrder(0, order), signers, "InvalidOrderConfiguration");

    const stranger = await m.h.fundedKeypair();
    await m.h.expectFailure(setOrder(0, STOP_LOSS, borrower, stranger), [stranger], "ConstraintHasOne");
    await m.setMarketFlag("UpdateEmergencyMode", true);
    await m.h.expectFailure(setOrder(0, STOP_LOSS), signers, "GlobalEmergencyMode");
    await m.setMarketFlag("UpdateEmergencyMode", false);
    await m.h.send(setOrder(0, STOP_LOSS), signers);
    expect((await m.h.obligation(borrower.obligation)).orders).toEqual([STOP_LOSS, emptyOrder()]);
  });

  it("cancels an order with an all-zero one, also while creation is disabled", async () => {
    const takeProfit: ObligationOrder = {
      ...STOP_LOSS,
      conditionType: ConditionType.UserLtvBelow,
      conditionThresholdSf: pct(30n),
      opportunityType: OpportunityType.DeleverageAllDebt,
      opportunityParameterSf: FRACTION_MAX,
    };
    await m.h.send(setOrder(1, takeProfit), [borrower.keypair]);
    expect((await m.h.obligation(borrower.obligation)).orders[1]).toEqual(takeProfit);
    await m.setMarketFlag("UpdateObligationOrderCreationEnabled", false);
    await m.h.send(setOrder(1, emptyOrder()), [borrower.keypair]);
    expect((await m.h.obligation(borrower.obligation)).orders).toEqual([STOP_LOSS, emptyOrder()]);
    await m.setMarketFlag("UpdateObligationOrderCreationEnabled", true);
  });

  it("keeps orders fitting the obligation: a single-debt order needs one debt (6125), a second debt is refused (6126)", async () => {
    const debtFree = await m.borrower(SOL);
    await m.h.expectFailure(setOrder(0, STOP_LOSS, debtFree), [debtFree.keypair], "OrderConfigurationNotSupportedByObligation");
    const priceRatio = { ...STOP_LOSS, conditionType: ConditionType.DebtCollPriceRatioAbove, conditionThresholdSf: ONE };
    await m.h.expectFailure(setOrder(1, priceRatio, debtFree), [debtFree.keypair], "OrderConfigurationNotSupportedByObligation");

    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n, [m.solR.reserve])), m.borrow(borrower, SOL / 10n, m.solR)],
      [borrower.keypair],
      "OperationNotPermittedWithCurrentObligationOrders",
    );
  });
});

describe("order execution through liquidate_obligation_and_redeem_reserve_collateral", () => {
  /** The obligation a refresh at `solUsd` leaves, from a transaction of its own. */
  async function refreshed(solUsd: bigint): Promise<Obligation> {
    await m.h.send(await m.refreshAll(borrower.obligation, solUsd), [m.liquidator]);
    return m.h.obligation(borrower.obligation);
  }

  it("refuses while the condition does not hold or execution is disabled (6016)", async () => {
    // 60% LTV at $100: below the 65% trigger.
    await m.setMarketFlag("UpdateObligationOrderExecutionEnabled", true);
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n)), m.liquidate(borrower.obligation, 60n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    // About 70.6% LTV at $85 triggers it, but execution is off, or price-triggered liquidation is.
    await m.setMarketFlag("UpdateObligationOrderExecutionEnabled", false);
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 85n)), m.liquidate(borrower.obligation, 60n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    await m.setMarketFlag("UpdateObligationOrderExecutionEnabled", true);
    await m.setMarketFlag("UpdatePriceTriggeredLiquidationDisabled", true);
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 85n)), m.liquidate(borrower.obligation, 60n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    await m.setMarketFlag("UpdatePriceTriggeredLiquidationDisabled", false);
  });

  it("lets a third party repay up to the order's amount at the bonus interpolated by the LTV's distance", async () => {
    const ob = await refreshed(85n);
    const ltv = div(ob.borrowFactorAdjustedDebtValueSf, ob.depositedValueSf);
    const unhealthy = div(ob.unhealthyBorrowValueSf, ob.depositedValueSf);
    const noBf = div(ob.borrowedAssetsMarketValueSf, ob.depositedValueSf);
    const distance = div(ltv - pct(65n), unhealthy - pct(65n));
    const bonus = min(bps(100n) + mul(distance, bps(300n) - bps(100n)), ONE - noBf);
    const debt = ob.borrows[0]!;
    const collateral = ob.deposits[0]!;
    const debtAmount = 60n * USDC * ONE;
    const valueWithBonus = mul(mul(debt.marketValueSf, div(debtAmount, debt.borrowedAmountSf)), ONE + bonus);
    const withdraw = mul(collateral.depositedAmount * ONE, div(valueWithBonus, collateral.marketValueSf)) >> 60n;
    // The 20% order execution fee of the withdraw reserve, not its 10% liquidation fee.
    const redeemed = withdraw * ONE;
    const fee = max(ceil(mul(redeemed - div(redeemed, ONE + bonus), pct(20n))), 1n);

    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    const solBefore = await m.h.balance(m.liquidatorSol);
    const { signature } = await m.h.send(
      [...(await m.refreshAll(borrower.obligation, 85n)), m.liquidate(borrower.obligation, 60n * USDC)],
      [m.liquidator],
    );
    const logs = await m.h.logs(signature);
    expect(logs).toContain(
      `Program log: Obligation is eligible for liquidation because of ObligationOrder(0) with liquidation bonus: ${(bonus * 10_000n + ONE / 2n) >> 60n}bps`,
    );
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(60n * USDC);
    expect((await m.h.balance(m.liquidatorSol)) - solBefore).toBe(withdraw - fee);
    const after = await m.h.obligation(borrower.obligation);
    expect(after.borrows[0]!.borrowedAmountSf).toBe(600n * USDC * ONE - debtAmount);
    expect(after.deposits[0]!.depositedAmount).toBe(10n * SOL - withdraw);
    // 40 of the order's 100 USDC are left.
    expect(after.orders[0]).toEqual({ ...STOP_LOSS, opportunityParameterSf: 40n * USDC * ONE });
  });

  it("caps the next execution at what is left of the order, then clears it", async () => {
    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    await m.h.send([...(await m.refreshAll(borrower.obligation, 85n)), m.liquidate(borrower.obligation, 100n * USDC)], [m.liquidator]);
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(40n * USDC);
    const after = await m.h.obligation(borrower.obligation);
    expect(after.orders).toEqual([emptyOrder(), emptyOrder()]);
    expect(after.borrows[0]!.borrowedAmountSf).toBe(500n * USDC * ONE);
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 85n)), m.liquidate(borrower.obligation, 100n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
  });

  it("executes a take-profit on the debt/collateral price ratio, which may repay any part of the debt and stays set", async () => {
    // Below 1/120: SOL above $120. Repay any amount at a 0.5–1.5% bonus.
    const takeProfit: ObligationOrder = {
      conditionThresholdSf: ONE / 120n,
      opportunityParameterSf: FRACTION_MAX,
      minExecutionBonusBps: 50,
      maxExecutionBonusBps: 150,
      conditionType: ConditionType.DebtCollPriceRatioBelow,
      opportunityType: OpportunityType.DeleverageAllDebt,
    };
    await m.h.send(setOrder(1, takeProfit), [borrower.keypair]);
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n)), m.liquidate(borrower.obligation, 100n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    // At $150 the ratio is 1/150: a fifth of the way from the threshold to zero.
    const ob = await refreshed(150n);
    const ratio = div(ONE, 150n * ONE);
    const distance = div(takeProfit.conditionThresholdSf - ratio, takeProfit.conditionThresholdSf);
    const bonus = bps(50n) + mul(distance, bps(150n) - bps(50n));
    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    const { signature } = await m.h.send(
      [...(await m.refreshAll(borrower.obligation, 150n)), m.liquidate(borrower.obligation, 100n * USDC)],
      [m.liquidator],
    );
    expect(await m.h.logs(signature)).toContain(
      `Program log: Obligation is eligible for liquidation because of ObligationOrder(1) with liquidation bonus: ${(bonus * 10_000n + ONE / 2n) >> 60n}bps`,
    );
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(100n * USDC);
    const after = await m.h.obligation(borrower.obligation);
    expect(after.borrows[0]!.borrowedAmountSf).toBe(ob.borrows[0]!.borrowedAmountSf - 100n * USDC * ONE);
    expect(after.orders[1]).toEqual(takeProfit);
  });
});
