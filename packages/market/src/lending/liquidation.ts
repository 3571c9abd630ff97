// klend's liquidate_obligation and post_liquidate_redeem (reference §2.14, §3.6): checks in the program's order,
// the amounts repaid and seized, the books of the debt reserve and the obligation, the orders an execution consumes,
// then the seized cTokens redeemed (as far as the reserve's liquidity allows) with the protocol's fee.
import { PriceStatus } from "../constants.js";
import { fail } from "../errors.js";
import { collateralToLiquidity, exchangeRateOf, liquidityToCollateral } from "../math/exchange-rate.js";
import * as fx from "../math/fraction.js";
import { FRACTION_MAX, liquidationAmounts, maxLiquidatableBorrowedAmount, protocolLiquidationFee } from "../math/liquidation.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { type MarketClock, markStale } from "./last-update.js";
import { elevationGroupOf } from "./elevation-groups.js";
import { type LiquidationReason, effectiveLiquidationThresholdPct, liquidationParams } from "./liquidation-eligibility.js";
import {
  borrowIndex,
  borrowSlot,
  depositIndex,
  depositSlot,
  repayToBorrow,
  updateHasDebt,
  withdrawFromDeposit,
} from "./obligation-positions.js";
import type { ReserveRef } from "./obligation-refresh.js";
import { OpportunityType, consumeOrder, removeAllOrders } from "./orders.js";
import { type Log, priceStatusBits, requireFresh } from "./preconditions.js";
import { redeemReserveCollateral, refreshReserve } from "./reserve-operations.js";

export interface LiquidationResult {
  /** Native units the liquidator pays into the debt reserve. */
  repayAmount: bigint;
  /** cTokens seized from the collateral vault. */
  withdrawAmount: bigint;
  /** Of those, cTokens the reserve's liquidity lets the liquidator redeem. */
  withdrawCollateralAmount: bigint;
  bonusRate: bigint;
  reason: LiquidationReason;
}

/** Removes `amount` from an obligation's and its reserves' counts of debt (outside elevation groups, or per group collateral). */
export function reduceDebtTrackers(
  obligation: Obligation,
  borrowIndexInSlots: number,
  repayReserve: Reserve,
  depositReserves: readonly ReserveRef[],
  amount: bigint,
): void {
  const group = obligation.elevationGroup;
  if (group === 0) {
    const liquidity = borrowSlot(obligation, borrowIndexInSlots);
    repayReserve.borrowedAmountOutsideElevationGroup = fx.saturatingSub(repayReserve.borrowedAmountOutsideElevationGroup, amount);
    liquidity.borrowedAmountOutsideElevationGroups = fx.saturatingSub(liquidity.borrowedAmountOutsideElevationGroups, amount);
    return;
  }
  let next = 0;
  for (const deposit of obligation.deposits) {
    if (deposit.depositReserve === ZERO_PUBKEY) continue;
    const ref = depositReserves[next++];
    if (!ref || ref.key !== deposit.depositReserve) fail("InvalidAccountInput");
    const counters = ref.reserve.borrowedAmountsAgainstThisReserveInElevationGroups;
    counters[group - 1] = fx.saturatingSub(counters[group - 1] ?? 0n, amount);
    deposit.borrowedAmountAgainstThisCollateralInElevationGroup = fx.saturatingSub(
      deposit.borrowedAmountAgainstThisCollateralInElevationGroup,
      amount,
    );
  }
}

/**
 * Liquidates up to `liquidityAmount` of the obligation's debt in `repay`, seizing cTokens of `withdraw` (the same
 * reserve state when both are one reserve). `depositReserves` are the obligation's deposit reserves, needed for the
 * elevation-group debt counters of an obligation in a group.
 */
export function liquidateObligation(
  market: LendingMarket,
  repay: ReserveRef,
  withdraw: ReserveRef,
  obligation: Obligation,
  clock: MarketClock,
  liquidityAmount: bigint,
  depositReserves: readonly ReserveRef[],
  log: Log,
): LiquidationResult {
  log(
    `Liquidating liquidation_close_factor_pct: ${market.liquidationMaxDebtCloseFactorPct}, liquidation_max_value: ${market.maxLiquidatableDebtMarketValueAtOnce}`,
  );
  const group = elevationGroupOf(market, obligation.elevationGroup);
  const collateralThresholdPct = effectiveLiquidationThresholdPct(withdraw.reserve, group);
  if (collateralThresholdPct === 0) {
    log("Liquidation threshold of the withdraw reserve is 0 and can't be used for liquidation");
    fail("CollateralNonLiquidatable");
  }
  if (liquidityAmount === 0n) {
    log("Liquidity amount provided cannot be zero");
    fail("InvalidAmount");
  }
  const required = PriceStatus.LIQUIDATION_CHECKS;
  const stale = (what: string, status: number) =>
    `${what} is stale and must be refreshed in the current slot, price status: ${priceStatusBits(status)}`;
  requireFresh(
    repay.reserve.lastUpdate,
    clock,
    required,
    "ReserveStale",
    stale("Repay reserve", repay.reserve.lastUpdate.priceStatus),
    log,
  );
  const withdrawStatus = withdraw.reserve.lastUpdate.priceStatus;
  requireFresh(withdraw.reserve.lastUpdate, clock, required, "ReserveStale", stale("Withdraw reserve", withdrawStatus), log);
  requireFresh(obligation.lastUpdate, clock, required, "ObligationStale", stale("Obligation", obligation.lastUpdate.priceStatus), log);
  if (obligation.depositedValueSf === 0n) {
    log("Obligation deposited value is zero");
    fail("ObligationDepositsZero");
  }
  if (obligation.borrowFactorAdjustedDebtValueSf === 0n) {
    log("Obligation borrowed value is zero");
    fail("ObligationBorrowsZero");
  }
  const liquidityIndex = borrowIndex(obligation, repay.key, log);
  const liquidity = borrowSlot(obligation, liquidityIndex);
  if (liquidity.borrowFactorAdjustedMarketValueSf === 0n) {
    log("Obligation borrow value is zero");
    fail("ObligationLiquidityEmpty");
  }
  const collateralIndex = depositIndex(obligation, withdraw.key, log);
  const collateral = depositSlot(obligation, collateralIndex);
  if (collateral.marketValueSf === 0n) {
    log("Obligation deposit value is zero");
    fail("ObligationCollateralEmpty");
  }

  const isDebtHighestBorrowFactor = repay.reserve.config.borrowFactorPct >= obligation.highestBorrowFactorPct;
  const isCollateralLowestLiquidationLtv = BigInt(collateralThresholdPct) <= obligation.lowestReserveDepositLiquidationLtv;
  const params = liquidationParams(
    { market, collateral: withdraw.reserve, debt: repay.reserve, obligation, timestamp: clock.unixTimestamp, log },
    isDebtHighestBorrowFactor,
    isCollateralLowestLiquidationLtv,
  );

  const borrowed = liquidity.borrowedAmountSf;
  const borrowedValue = liquidity.marketValueSf;
  const offered = fx.minOf(fx.fromInt(liquidityAmount), borrowed);
  const forcedFull = params.reason.kind !== "ObligationOrder" && borrowedValue < fx.fromInt(market.minFullLiquidationValueThreshold);
  let debtAmount: bigint;
  if (forcedFull) {
    if (offered < borrowed) {
      log(
        `Liquidator-provided debt repay amount ${fx.fractionDisplay(offered)} is too small to satisfy the required full liquidation ${fx.fractionDisplay(borrowed)}`,
      );
      fail("RepayTooSmallForFullLiquidation");
    }
    debtAmount = borrowed;
  } else if (params.reason.kind === "ObligationOrder") {
    const order = obligation.orders[params.reason.index];
    const size = order?.opportunityType === OpportunityType.DeleverageSingleDebtAmount ? order.opportunityParameterSf : FRACTION_MAX;
    debtAmount = fx.minOf(fx.minOf(size, borrowed), offered);
  } else {
    const max = maxLiquidatableBorrowedAmount({
      userLtv: params.userLtv,
      totalDebtValue: obligation.borrowedAssetsMarketValueSf,
      debtValue: borrowedValue,
      borrowedAmount: borrowed,
      closeFactorPct: market.liquidationMaxDebtCloseFactorPct,
      insolvencyRiskLtvPct: market.insolvencyRiskUnhealthyLtvPct,
      maxLiquidatableValueAtOnce: market.maxLiquidatableDebtMarketValueAtOnce,
    });
    debtAmount = fx.minOf(max, offered);
  }
  const valueWithBonus = fx.mul(fx.mul(borrowedValue, fx.div(debtAmount, borrowed)), fx.add(params.bonusRate, fx.ONE));
  const amounts = liquidationAmounts(valueWithBonus, collateral, debtAmount, forcedFull);
  log(
    `Obligation is liquidated with liquidation bonus: ${fx.toBps(params.bonusRate)} bps, liquidation amount (rounded): ${fx.toRound(amounts.settleAmount)}`,
  );
  const isFullWithdrawal = collateral.depositedAmount === amounts.withdrawAmount;
  const previousGroupDebt = collateral.borrowedAmountAgainstThisCollateralInElevationGroup;

  reduceDebtTrackers(obligation, liquidityIndex, repay.reserve, depositReserves, amounts.repayAmount);
  if (amounts.repayAmount === 0n) {
    log("Liquidation is too small to transfer liquidity");
    fail("LiquidationTooSmall");
  }
  if (amounts.withdrawAmount === 0n) {
    log("Liquidation is too small to receive collateral");
    fail("LiquidationTooSmall");
  }
  const debtReserve = repay.reserve.liquidity;
  debtReserve.availableAmount = fx.toU64(debtReserve.availableAmount + amounts.repayAmount);
  debtReserve.borrowedAmountSf = fx.sub(debtReserve.borrowedAmountSf, fx.minOf(amounts.settleAmount, debtReserve.borrowedAmountSf));
  markStale(repay.reserve.lastUpdate);
  repayToBorrow(obligation, liquidityIndex, amounts.settleAmount);
  withdrawFromDeposit(obligation, collateralIndex, amounts.withdrawAmount);
  updateHasDebt(obligation);
  markStale(obligation.lastUpdate);

  if (obligation.hasDebt !== 0) {
    if (params.reason.kind === "ObligationOrder") consumeOrder(obligation, params.reason.index, amounts.repayAmount, log);
  } else if (removeAllOrders(obligation)) {
    log("Liquidation has left the obligation with no debt; removing all its orders");
  }

  refreshReserve(withdraw.reserve, clock, null, market.referralFeeBps);
  const redeemable = liquidityToCollateral(exchangeRateOf(withdraw.reserve), withdraw.reserve.liquidity.availableAmount);
  if (isFullWithdrawal && obligation.elevationGroup !== 0) {
    const counters = withdraw.reserve.borrowedAmountsAgainstThisReserveInElevationGroups;
    const index = obligation.elevationGroup - 1;
    counters[index] = fx.saturatingSub(counters[index] ?? 0n, previousGroupDebt);
  }
  return {
    repayAmount: amounts.repayAmount,
    withdrawAmount: amounts.withdrawAmount,
    withdrawCollateralAmount: fx.minOf(amounts.withdrawAmount, redeemable),
    bonusRate: params.bonusRate,
    reason: params.reason,
  };
}

export interface Redemption {
  /** Liquidity the redeemed cTokens pay out, fee included. */
  liquidity: bigint;
  /** The protocol's share, paid by the liquidator to the fee receiver. */
  protocolFee: bigint;
}

/**
 * Redeems the cTokens the liquidation let the liquidator redeem (null when the reserve had no liquidity for any),
 * charging the protocol's fee; what the liquidator nets must reach `minAcceptable` (LiquidationRewardTooSmall).
 */
export function redeemSeizedCollateral(
  withdrawReserve: Reserve,
  result: LiquidationResult,
  minAcceptable: bigint,
  clock: MarketClock,
  log: Log,
): Redemption | null {
  if (result.withdrawCollateralAmount === 0n) {
    const theoretical = collateralToLiquidity(exchangeRateOf(withdrawReserve), result.withdrawAmount);
    if (theoretical < minAcceptable) fail("LiquidationRewardTooSmall");
    log(`pnl: Liquidator repaid ${result.repayAmount} and withdrew ${result.withdrawAmount} ctokens`);
    return null;
  }
  const liquidity = redeemReserveCollateral(withdrawReserve, clock, result.withdrawCollateralAmount, log, false);
  const feePct =
    result.reason.kind === "ObligationOrder"
      ? withdrawReserve.config.protocolOrderExecutionFeePct
      : withdrawReserve.config.protocolLiquidationFeePct;
  const protocolFee = protocolLiquidationFee(liquidity, result.bonusRate, feePct);
  const net = fx.toU64(liquidity - protocolFee);
  log(`pnl: Liquidator repaid ${result.repayAmount} and withdrew ${net} collateral with fees ${protocolFee}`);
  if (net < minAcceptable) fail("LiquidationRewardTooSmall");
  return { liquidity, protocolFee };
}
