// Liquidation on a real ledger through the client builders: a borrower with 10 SOL ($100) of collateral and 700 USDC
// of debt is healthy until an oracle push takes SOL to $80; a liquidator then repays the close factor's 20% of the debt
// and redeems the seized cTokens, the protocol keeping 10% of the bonus. Then the risk council: deleveraging marks,
// an individual deleveraging once the margin call has run out, a crash that leaves debt without collateral, and the
// loss socialised. Expected amounts are worked out here from the obligation a refresh in the same prices left, with
// the program's rounding.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "@ballast/ledger";
import {
  depositReserveLiquidityAndObligationCollateralInstruction,
  liquidateObligationAndRedeemReserveCollateralInstruction,
  liquidateObligationAndRedeemReserveCollateralV2Instruction,
  markObligationForDeleveragingInstruction,
  updateEntireReserveConfigInstruction,
  NO_DELEVERAGING_MARKER,
  socializeLossInstruction,
  socializeLossV2Instruction,
  type Obligation,
  type ReserveAccounts,
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

let m: BorrowerMarket;
let borrower: Borrower;
let council: Keypair;

beforeAll(async () => {
  m = await BorrowerMarket.start();
  borrower = await m.borrower(10n * SOL);
  await m.h.send([...(await m.refreshAll(borrower.obligation, 100n)), m.borrow(borrower, 700n * USDC)], [borrower.keypair]);
  council = await m.h.fundedKeypair();
});
afterAll(() => m.h.close());

/** Refreshes everything at `solUsd` in a transaction of its own and returns the obligation as the refresh left it. */
async function refreshedObligation(solUsd: bigint, of: Borrower = borrower): Promise<Obligation> {
  await m.h.send(await m.refreshAll(of.obligation, solUsd), [m.liquidator]);
  return m.h.obligation(of.obligation);
}

/** What an LTV liquidation of `offered` USDC seizes, by the reference's formulas (no elevation group, 20% close factor). */
function expectedLtvLiquidation(ob: Obligation, offered: bigint) {
  const ltv = div(ob.borrowFactorAdjustedDebtValueSf, ob.depositedValueSf);
  const unhealthy = div(ob.unhealthyBorrowValueSf, ob.depositedValueSf);
  const noBf = div(ob.borrowedAssetsMarketValueSf, ob.depositedValueSf);
  const bonus = min(min(max(bps(200n), ltv - unhealthy), bps(1_000n)), ONE - noBf);
  const debt = ob.borrows[0]!;
  const closeFactor = ltv > pct(95n) ? ONE : pct(20n);
  const maxValue = min(min(mul(ob.borrowedAssetsMarketValueSf, closeFactor), debt.marketValueSf), 500_000n * ONE);
  const debtAmount = min(mul(debt.borrowedAmountSf, div(maxValue, debt.marketValueSf)), offered * ONE);
  const valueWithBonus = mul(mul(debt.marketValueSf, div(debtAmount, debt.borrowedAmountSf)), ONE + bonus);
  const collateral = ob.deposits[0]!;
  const withdraw = mul(collateral.depositedAmount * ONE, div(valueWithBonus, collateral.marketValueSf)) >> 60n;
  return { bonus, debtAmount, repay: ceil(debtAmount), withdraw };
}

/** The protocol's share of `redeemed` liquidity at `bonus`: `feePct` of the bonus part, rounded up, at least 1. */
function protocolFee(redeemed: bigint, bonus: bigint, feePct: bigint): bigint {
  const amount = redeemed * ONE;
  return max(ceil(mul(amount - div(amount, ONE + bonus), pct(feePct))), 1n);
}

describe("liquidate_obligation_and_redeem_reserve_collateral", () => {
  it("refuses a healthy obligation (6016) and a zero amount, and needs reserves refreshed in the slot", async () => {
    const healthy = await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n)), m.liquidate(borrower.obligation, 1_000n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    expect(healthy.logs?.some((l) => l.startsWith("Program log: Obligation is healthy and cannot be liquidated, LTV: 0.69999"))).toBe(true);
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 80n)), m.liquidate(borrower.obligation, 0n)],
      [m.liquidator],
      "InvalidAmount",
    );
    // The v1 form checks its refreshes first (market-refresh-introspection.test.ts); the `_v2` form reaches staleness.
    const stale = await m.h.expectFailure(m.liquidateV2(borrower.obligation, USDC), [m.liquidator], "ReserveStale");
    expect(stale.logs).toContain("Program log: Repay reserve is stale and must be refreshed in the current slot, price status: 00111111");
  });

  it("liquidates 20% of the debt once SOL falls to $80, paying the bonus in redeemed SOL minus the protocol's fee", async () => {
    const ob = await refreshedObligation(80n);
    // 700 / 800 against an 85% liquidation threshold.
    expect(ob.depositedValueSf).toBe(800n * ONE);
    const { bonus, debtAmount, repay, withdraw } = expectedLtvLiquidation(ob, 1_000n * USDC);
    // Overshoot 87.5% − 85% = 2.5% beats the 2% minimum; the close factor caps the repayment at 140 of 700 USDC.
    expect((bonus * 10_000n + ONE / 2n) >> 60n).toBe(250n);
    expect(repay).toBe(140n * USDC);
    expect(withdraw).toBe(1_793_749_999n);
    const fee = protocolFee(withdraw, bonus, 10n);
    expect(fee).toBe(4_375_000n);

    // The liquidator's floor is checked against what it nets.
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 80n)), m.liquidate(borrower.obligation, 1_000n * USDC, withdraw - fee + 1n)],
      [m.liquidator],
      "LiquidationRewardTooSmall",
    );

    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    const debtReserveBefore = await m.h.reserve(m.usdcR.reserve);
    const solReserveBefore = await m.h.reserve(m.solR.reserve);
    const { signature, slot } = await m.h.send(
      [...(await m.refreshAll(borrower.obligation, 80n)), m.liquidate(borrower.obligation, 1_000n * USDC, withdraw - fee)],
      [m.liquidator],
    );
    expect(await m.h.logs(signature)).toContain(
      "Program log: Obligation is eligible for liquidation because of LtvExceeded with liquidation bonus: 250bps",
    );
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(repay);
    expect(await m.h.balance(m.liquidatorSol)).toBe(withdraw - fee);
    expect(await m.h.balance(m.liquidatorCSol)).toBe(0n);
    expect(await m.h.balance(m.solR.feeReceiver)).toBe(fee);

    const debtReserve = await m.h.reserve(m.usdcR.reserve);
    expect(debtReserve.liquidity.availableAmount).toBe(debtReserveBefore.liquidity.availableAmount + repay);
    expect(debtReserve.liquidity.borrowedAmountSf).toBe(debtReserveBefore.liquidity.borrowedAmountSf - debtAmount);
    expect(debtReserve.borrowedAmountOutsideElevationGroup).toBe(700n * USDC - repay);
    expect(debtReserve.lastUpdate.stale).toBe(1);
    const solReserve = await m.h.reserve(m.solR.reserve);
    expect(solReserve.liquidity.availableAmount).toBe(solReserveBefore.liquidity.availableAmount - withdraw);
    expect(solReserve.collateral.mintTotalSupply).toBe(solReserveBefore.collateral.mintTotalSupply - withdraw);
    // Liquidation redemptions do not count against the deposit withdrawal cap.
    expect(solReserve.config.depositWithdrawalCap.currentTotal).toBe(solReserveBefore.config.depositWithdrawalCap.currentTotal);
    expect(await m.h.balance(m.solR.collateralSupply)).toBe(10n * SOL - withdraw);

    const after = await m.h.obligation(borrower.obligation);
    expect(after.deposits[0]!.depositedAmount).toBe(10n * SOL - withdraw);
    expect(after.borrows[0]!.borrowedAmountSf).toBe(700n * USDC * ONE - debtAmount);
    expect(after.borrows[0]!.borrowedAmountOutsideElevationGroups).toBe(700n * USDC - repay);
    expect(after.lastUpdate).toEqual({ slot, stale: 1, priceStatus: 63 });
  });
});

describe("the risk council", () => {
  const mark = (signer: Keypair, target: number) =>
    markObligationForDeleveragingInstruction({
      riskCouncil: signer.publicKey,
      obligation: borrower.obligation,
      lendingMarket: m.market,
      autodeleverageTargetLtvPct: target,
    });
  const socializeParams = (amount: bigint) => ({
    riskCouncil: council.publicKey,
    obligation: borrower.obligation,
    lendingMarket: m.market,
    reserve: m.usdcR.reserve,
    liquidityAmount: amount,
  });
  const socialize = (amount: bigint) => socializeLossInstruction(socializeParams(amount));

  const u64 = (n: bigint) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(n);
    return bytes;
  };

  it("marks an obligation for deleveraging only as the market's risk council, with a target of at most 100%", async () => {
    await m.updateMarket("UpdateRiskCouncil", council.publicKey.toBytes());
    const stranger = await m.h.fundedKeypair();
    const refused = await m.h.expectFailure(mark(stranger, 50), [stranger], "ConstraintHasOne");
    expect(refused.logs?.some((l) => l.includes("caused by account: lending_market"))).toBe(true);
    await m.h.expectFailure(mark(council, 101), [council], "InvalidConfig");
    // The market has no margin-call period yet.
    await m.h.expectFailure(mark(council, 50), [council], "InvalidConfig");

    await m.updateMarket("UpdateIndividualAutodeleverageMarginCallPeriodSecs", u64(3_600n));
    await m.setMarketFlag("UpdateAutodeleverageEnabled", true);
    await m.h.send(mark(council, 50), [council]);
    const marked = await m.h.obligation(borrower.obligation);
    expect([marked.autodeleverageTargetLtvPct, marked.autodeleverageMarginCallStartedTimestamp]).toEqual([50, m.h.now()]);
    await m.h.expectFailure(mark(council, 40), [council], "ObligationCurrentlyMarkedForDeleveraging");
  });

  it("lets liquidators deleverage a marked obligation above its target once the margin call has run out", async () => {
    // LTV about 68% at $100: healthy, above the 50% target, but the hour has not passed.
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n)), m.liquidate(borrower.obligation, 1_000n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    m.h.advance(3_600);
    const ob = await refreshedObligation(100n);
    const debt = ob.borrows[0]!;
    const debtAmount = mul(debt.borrowedAmountSf, div(mul(ob.borrowedAssetsMarketValueSf, pct(20n)), debt.marketValueSf));
    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    const solBefore = await m.h.balance(m.liquidatorSol);
    const { signature } = await m.h.send(
      [...(await m.refreshAll(borrower.obligation, 100n)), m.liquidate(borrower.obligation, 1_000n * USDC)],
      [m.liquidator],
    );
    // No deleveraging bonus is configured: the collateral is taken at its value, the protocol's fee is its 1 minimum.
    expect(await m.h.logs(signature)).toContain(
      "Program log: Obligation is eligible for liquidation because of IndividualDeleveraging with liquidation bonus: 0bps",
    );
    const repay = ceil(debtAmount);
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(repay);
    const withdraw =
      mul(
        ob.deposits[0]!.depositedAmount * ONE,
        div(mul(debt.marketValueSf, div(debtAmount, debt.borrowedAmountSf)), ob.deposits[0]!.marketValueSf),
      ) >> 60n;
    expect((await m.h.balance(m.liquidatorSol)) - solBefore).toBe(withdraw - 1n);

    await m.h.send(mark(council, NO_DELEVERAGING_MARKER), [council]);
    const unmarked = await m.h.obligation(borrower.obligation);
    expect([unmarked.autodeleverageTargetLtvPct, unmarked.autodeleverageMarginCallStartedTimestamp]).toEqual([0, 0n]);
  });

  it("socialises the debt left after a crash took all the collateral, the depositors absorbing it", async () => {
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n)), socialize(100n * USDC)],
      [council],
      "CannotSocializeObligationWithCollateral",
    );

    // At $10 the debt exceeds the collateral: all of it is seized at the 0.5% bad-debt bonus and the repayment is
    // scaled down to what it is worth.
    const ob = await refreshedObligation(10n);
    const debt = ob.borrows[0]!;
    const collateral = ob.deposits[0]!;
    const settle = mul(debt.borrowedAmountSf, div(collateral.marketValueSf, mul(debt.marketValueSf, ONE + bps(50n))));
    await m.h.send([...(await m.refreshAll(borrower.obligation, 10n)), m.liquidate(borrower.obligation, 10_000n * USDC)], [m.liquidator]);
    const crashed = await m.h.obligation(borrower.obligation);
    expect(crashed.deposits.every((d) => d.depositedAmount === 0n)).toBe(true);
    const left = debt.borrowedAmountSf - settle;
    expect(crashed.borrows[0]!.borrowedAmountSf).toBe(left);

    const stranger = await m.h.fundedKeypair();
    await m.h.expectFailure(
      socializeLossInstruction({
        riskCouncil: stranger.publicKey,
        obligation: borrower.obligation,
        lendingMarket: m.market,
        reserve: m.usdcR.reserve,
        liquidityAmount: USDC,
      }),
      [stranger],
      "ConstraintHasOne",
    );
    // Reserve and obligation must be refreshed in the slot with every price check.
    await m.h.expectFailure(socializeLossV2Instruction(socializeParams(100n * USDC)), [council], "ReserveStale");

    const reserveBefore = await m.h.reserve(m.usdcR.reserve);
    await m.h.send([...(await m.refreshAll(borrower.obligation, 10n)), socialize(100n * USDC)], [council]);
    const reserve = await m.h.reserve(m.usdcR.reserve);
    expect(reserve.liquidity.borrowedAmountSf).toBe(reserveBefore.liquidity.borrowedAmountSf - 100n * USDC * ONE);
    expect(reserve.liquidity.availableAmount).toBe(reserveBefore.liquidity.availableAmount);
    expect((await m.h.obligation(borrower.obligation)).borrows[0]!.borrowedAmountSf).toBe(left - 100n * USDC * ONE);

    await m.h.send([...(await m.refreshAll(borrower.obligation, 10n)), socialize(U64_MAX)], [council]);
    const cleared = await m.h.obligation(borrower.obligation);
    expect([cleared.hasDebt, cleared.borrows.every((b) => b.borrowedAmountSf === 0n)]).toEqual([0, true]);
    await m.h.expectFailure([...(await m.refreshAll(borrower.obligation, 10n)), socialize(USDC)], [council], "ObligationEmpty");
  });
});

describe("small debts and market-wide deleveraging", () => {
  it("makes a debt worth less than $2 be repaid whole (6121)", async () => {
    // 0.02 SOL ($2) against 1 USDC; at $55 the LTV is about 91%.
    const small = await m.borrower(SOL / 50n);
    await m.h.send([...(await m.refreshAll(small.obligation, 100n)), m.borrow(small, USDC)], [small.keypair]);
    await m.h.expectFailure(
      [...(await m.refreshAll(small.obligation, 55n)), m.liquidate(small.obligation, USDC / 2n)],
      [m.liquidator],
      "RepayTooSmallForFullLiquidation",
    );
    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    await m.h.send([...(await m.refreshAll(small.obligation, 55n)), m.liquidate(small.obligation, USDC)], [m.liquidator]);
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(USDC);
    const after = await m.h.obligation(small.obligation);
    expect([after.hasDebt, after.borrows[0]!.borrowedAmountSf]).toEqual([0, 0n]);
  });

  it("deleverages a healthy obligation once the SOL reserve has been over its deposit limit past its margin call", async () => {
    const second = await m.borrower(10n * SOL);
    await m.h.send([...(await m.refreshAll(second.obligation, 100n)), m.borrow(second, 600n * USDC)], [second.keypair]);
    const original = (await m.h.reserve(m.solR.reserve)).config;
    const deleveraging = structuredClone(original);
    deleveraging.depositLimit = SOL;
    deleveraging.autodeleverageEnabled = 1;
    deleveraging.deleveragingMarginCallPeriodSecs = 3_600n;
    // The LTV threshold falls from 100% by 100% a day; the bonus starts at 1%.
    deleveraging.deleveragingThresholdDecreaseBpsPerDay = 10_000n;
    deleveraging.minDeleveragingBonusBps = 100;
    const configure = (config: typeof original) =>
      updateEntireReserveConfigInstruction({
        lendingMarketOwner: m.h.owner.publicKey,
        lendingMarket: m.market,
        reserve: m.solR.reserve,
        config,
      });
    await m.h.send(configure(deleveraging), [m.h.owner]);
    // The refresh records when the reserve went over its limit; the margin call runs from there.
    const healthy = await m.h.expectFailure(
      [...(await m.refreshAll(second.obligation, 100n)), m.liquidate(second.obligation, 1_000n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    expect(healthy.logs).toContain(
      "Program log: Reserve is eligible for auto-deleveraging, but margin call period not expired (0/3600 seconds)",
    );
    await m.h.send(await m.refreshAll(second.obligation, 100n), [m.liquidator]);
    expect((await m.h.reserve(m.solR.reserve)).liquidity.depositLimitCrossedTimestamp).toBe(m.h.now());

    // Half a day after the margin call the threshold is 50%, under the obligation's 60%.
    m.h.advance(3_600 + 43_200);
    const usdcBefore = await m.h.balance(m.liquidatorUsdc);
    const { signature } = await m.h.send(
      [...(await m.refreshAll(second.obligation, 100n)), m.liquidate(second.obligation, 1_000n * USDC)],
      [m.liquidator],
    );
    expect(await m.h.logs(signature)).toContain(
      "Program log: Obligation is eligible for liquidation because of MarketWideDeleveraging with liquidation bonus: 100bps",
    );
    // The close factor still applies: 20% of the 600 USDC.
    const debtAmount = mul(600n * USDC * ONE, div(mul(600n * ONE, pct(20n)), 600n * ONE));
    expect(usdcBefore - (await m.h.balance(m.liquidatorUsdc))).toBe(120n * USDC);
    expect((await m.h.obligation(second.obligation)).borrows[0]!.borrowedAmountSf).toBe(600n * USDC * ONE - debtAmount);
    await m.h.send(configure(original), [m.h.owner]);
  });
});

describe("priorities", () => {
  it("repays the highest borrow factor debt first (6099) and seizes the lowest liquidation threshold first (6100)", async () => {
    const eth = (await m.addEth()).accounts;
    const ETH = 100_000_000n;
    // 10 SOL and 1 ETH ($1,000 each) against 900 USDC and 0.1 ETH (borrow factor 150%).
    const b = await m.borrower(10n * SOL);
    const borrowerEth = await m.h.tokenAccount(b.keypair.publicKey, eth.liquidityMint);
    await m.h.mintTo(eth.liquidityMint, borrowerEth, ETH);
    const depositEth = depositReserveLiquidityAndObligationCollateralInstruction({
      owner: b.keypair.publicKey,
      obligation: b.obligation,
      reserve: eth,
      userSourceLiquidity: borrowerEth,
      liquidityAmount: ETH,
    });
    await m.h.send([...(await m.refreshAll(b.obligation, 100n, [eth.reserve])), depositEth], [b.keypair]);
    await m.h.send([...(await m.refreshAll(b.obligation, 100n)), m.borrow(b, 900n * USDC)], [b.keypair]);
    await m.h.send([...(await m.refreshAll(b.obligation, 100n, [eth.reserve])), m.borrow(b, ETH / 10n, eth, borrowerEth)], [b.keypair]);

    const liquidatorEth = await m.h.tokenAccount(m.liquidator.publicKey, eth.liquidityMint);
    const liquidatorCEth = await m.h.tokenAccount(m.liquidator.publicKey, eth.collateralMint);
    await m.h.mintTo(eth.liquidityMint, liquidatorEth, ETH);
    const accountsOf = (r: ReserveAccounts) =>
      r === eth
        ? { liquidity: liquidatorEth, collateral: liquidatorCEth }
        : r === m.solR
          ? { liquidity: m.liquidatorSol, collateral: m.liquidatorCSol }
          : { liquidity: m.liquidatorUsdc, collateral: m.liquidatorCSol };
    const liquidate = (repay: ReserveAccounts, withdraw: ReserveAccounts, amount: bigint) =>
      liquidateObligationAndRedeemReserveCollateralInstruction({
        liquidator: m.liquidator.publicKey,
        obligation: b.obligation,
        repayReserve: repay,
        withdrawReserve: withdraw,
        userSourceLiquidity: accountsOf(repay).liquidity,
        userDestinationCollateral: accountsOf(withdraw).collateral,
        userDestinationLiquidity: accountsOf(withdraw).liquidity,
        liquidityAmount: amount,
      });

    // At $40 SOL: $1,050 of BF-adjusted debt against $340 + $700 unhealthy borrow value.
    const ob = await refreshedObligation(40n, b);
    expect([ob.highestBorrowFactorPct, ob.lowestReserveDepositLiquidationLtv]).toEqual([150n, 70n]);
    const signers = [m.liquidator];
    await m.h.expectFailure(
      [...(await m.refreshAll(b.obligation, 40n)), liquidate(m.usdcR, m.solR, 100n * USDC)],
      signers,
      "LiquidationBorrowFactorPriority",
    );
    await m.h.expectFailure(
      [...(await m.refreshAll(b.obligation, 40n, [m.solR.reserve, eth.reserve])), liquidate(eth, m.solR, ETH / 10n)],
      signers,
      "LiquidationLowestLiquidationLtvPriority",
    );
    // The ETH debt repaid with ETH collateral: one reserve on both sides, its vault paying out the redemption net of
    // the repayment. No interest and no other lender: a cETH redeems for exactly one unit.
    const ethOf = (o: Obligation) => ({
      debt: o.borrows.find((d) => d.borrowReserve === eth.reserve.toBase58())?.borrowedAmountSf ?? 0n,
      collateral: o.deposits.find((d) => d.depositReserve === eth.reserve.toBase58())?.depositedAmount ?? 0n,
    });
    const ethBefore = await m.h.balance(liquidatorEth);
    const vaultBefore = await m.h.balance(eth.liquiditySupply);
    const { signature } = await m.h.send(
      [...(await m.refreshAll(b.obligation, 40n, [eth.reserve])), liquidate(eth, eth, ETH / 10n)],
      signers,
    );
    expect((await m.h.logs(signature)).some((l) => l.includes("because of LtvExceeded"))).toBe(true);
    const before = ethOf(ob);
    const after = ethOf(await m.h.obligation(b.obligation));
    const repaid = ceil(before.debt - after.debt);
    const seized = before.collateral - after.collateral;
    const fee = await m.h.balance(eth.feeReceiver);
    // The close factor allows $200 of the $1,000 debt: all of this $100 one.
    expect([after.debt, repaid, seized > 0n, fee > 0n]).toEqual([0n, ETH / 10n, true, true]);
    expect((await m.h.balance(liquidatorEth)) - ethBefore).toBe(seized - fee - repaid);
    expect(vaultBefore - (await m.h.balance(eth.liquiditySupply))).toBe(seized - repaid);
  });

  it("refuses collateral that cannot be liquidated (6087) and any liquidation in emergency mode (6042)", async () => {
    const b = await m.borrower(SOL);
    const original = (await m.h.reserve(m.usdcR.reserve)).config;
    const configure = (config: typeof original) =>
      updateEntireReserveConfigInstruction({
        lendingMarketOwner: m.h.owner.publicKey,
        lendingMarket: m.market,
        reserve: m.usdcR.reserve,
        config,
      });
    await m.h.send(configure({ ...structuredClone(original), loanToValuePct: 0, liquidationThresholdPct: 0 }), [m.h.owner]);
    const seizeUsdc = liquidateObligationAndRedeemReserveCollateralV2Instruction({
      liquidator: m.liquidator.publicKey,
      obligation: b.obligation,
      repayReserve: m.usdcR,
      withdrawReserve: m.usdcR,
      userSourceLiquidity: m.liquidatorUsdc,
      userDestinationCollateral: m.liquidatorCSol,
      userDestinationLiquidity: m.liquidatorUsdc,
      liquidityAmount: USDC,
    });
    const refused = await m.h.expectFailure(seizeUsdc, [m.liquidator], "CollateralNonLiquidatable");
    expect(refused.logs).toContain("Program log: Liquidation threshold of the withdraw reserve is 0 and can't be used for liquidation");
    await m.h.send(configure(original), [m.h.owner]);

    await m.setMarketFlag("UpdateEmergencyMode", true);
    await m.h.expectFailure(m.liquidateV2(b.obligation, USDC), [m.liquidator], "GlobalEmergencyMode");
    await m.setMarketFlag("UpdateEmergencyMode", false);
  });
});
