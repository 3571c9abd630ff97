// Collateral in an obligation (klend's deposit_obligation_collateral and withdraw_obligation_collateral, reference
// §2.13, §3.4): cTokens counted into and out of a deposit slot, under the freshness rule and the post-change checks.
import { PriceStatus, ReserveStatus } from "../constants.js";
import { fail } from "../errors.js";
import { exchangeRateOf, fractionCollateralToLiquidity } from "../math/exchange-rate.js";
import * as fx from "../math/fraction.js";
import type { LendingMarket } from "../state/lending-market.js";
import { type Obligation, activeBorrows, activeDeposits } from "../state/obligation.js";
import { ELEVATION_GROUP_NONE, checkSameElevationGroup, elevationGroupIndex, elevationGroupOf } from "./elevation-groups.js";
import type { Reserve } from "../state/reserve.js";
import { validateObligationAssetTiers } from "./asset-tiers.js";
import { type MarketClock, markStale } from "./last-update.js";
import { postDepositInvariants, postWithdrawInvariants } from "./obligation-invariants.js";
import { checkOrdersSupportedAfterUserOperation } from "./orders.js";
import {
  borrowsEmpty,
  depositIndex,
  depositSlot,
  findOrAddDeposit,
  maxWithdrawValue,
  withdrawFromDeposit,
} from "./obligation-positions.js";
import { type Log, priceStatusBits, requireAmount, requireFresh, requireRefreshedThisSlot } from "./preconditions.js";

/** Adds `amount` cTokens of `reserveKey` to the obligation's collateral. */
export function depositObligationCollateral(
  market: LendingMarket,
  reserve: Reserve,
  reserveKey: string,
  obligation: Obligation,
  clock: MarketClock,
  amount: bigint,
  log: Log,
): void {
  requireAmount(amount, "Collateral", log);
  requireRefreshedThisSlot(reserve.lastUpdate, obligation.lastUpdate, clock, "Deposit", log);
  if (
    reserve.config.disableUsageAsCollOutsideEmode > 0 &&
    obligation.elevationGroup === 0 &&
    obligation.borrowFactorAdjustedDebtValueSf > 0n
  ) {
    log("Deposit reserve is disabled for usage as collateral outside elevation group");
    fail("DepositDisabledOutsideElevationGroup");
  }
  checkSameElevationGroup(obligation, reserve, log);
  const group = elevationGroupOf(market, obligation.elevationGroup);
  const depositsBefore = activeDeposits(obligation).length;
  const isNew = !obligation.deposits.some((d) => d.depositReserve === reserveKey);
  const collateral = findOrAddDeposit(obligation, reserveKey, reserve.config.assetTier, log);
  if (isNew && group) {
    if (reserveKey === group.debtReserve) fail("ElevationGroupDebtReserveAsCollateral");
    if (depositsBefore + 1 > group.maxReservesAsCollateral) fail("ObligationCollateralExceedsElevationGroupLimit");
    const borrows = activeBorrows(obligation);
    if (borrows.length > 1) fail("ObligationElevationGroupMultipleDebtReserve");
    const debt = borrows[0] ? fx.toU64(fx.toCeil(borrows[0].borrowedAmountSf)) : 0n;
    const index = elevationGroupIndex(group.id);
    reserve.borrowedAmountsAgainstThisReserveInElevationGroups[index] =
      (reserve.borrowedAmountsAgainstThisReserveInElevationGroups[index] ?? 0n) + debt;
    collateral.borrowedAmountAgainstThisCollateralInElevationGroup = debt;
  }
  const previousValue = collateral.marketValueSf;
  collateral.depositedAmount = fx.toU64(collateral.depositedAmount + amount);
  checkOrdersSupportedAfterUserOperation(obligation, log);
  markStale(obligation.lastUpdate);
  markStale(reserve.lastUpdate);
  validateObligationAssetTiers(obligation, log);
  const liquidity = fractionCollateralToLiquidity(exchangeRateOf(reserve), fx.fromInt(amount));
  postDepositInvariants(obligation, reserve, market, liquidity, previousValue, log);
}

/**
 * Takes up to `amount` cTokens (u64::MAX: as many as allowed) of `reserveKey` out of the obligation's collateral and
 * returns how many. With debt, only what the remaining borrowing power allows may leave.
 */
export function withdrawObligationCollateral(
  market: LendingMarket,
  reserve: Reserve,
  reserveKey: string,
  obligation: Obligation,
  clock: MarketClock,
  amount: bigint,
  log: Log,
): bigint {
  if (amount === 0n) fail("InvalidAmount");
  const noDebt = borrowsEmpty(obligation);
  const required = noDebt ? PriceStatus.NONE : PriceStatus.ALL_CHECKS;
  const stale = "is stale and must be refreshed in the current slot, price status:";
  const reserveBits = priceStatusBits(reserve.lastUpdate.priceStatus);
  requireFresh(reserve.lastUpdate, clock, required, "ReserveStale", `Withdraw reserve ${stale} ${reserveBits}`, log);
  const obligationBits = priceStatusBits(obligation.lastUpdate.priceStatus);
  requireFresh(obligation.lastUpdate, clock, required, "ObligationStale", `Obligation ${stale} ${obligationBits}`, log);
  const index = depositIndex(obligation, reserveKey, log);
  const collateral = depositSlot(obligation, index);
  if (collateral.depositedAmount === 0n) fail("ObligationCollateralEmpty");
  if (
    obligation.numOfObsoleteDepositReserves + obligation.numOfObsoleteBorrowReserves > 0 &&
    reserve.config.status === ReserveStatus.Active
  ) {
    fail("ObligationInObsoleteReserve");
  }
  const withdrawAmount = noDebt ? fx.minOf(amount, collateral.depositedAmount) : limitedWithdrawal(obligation, reserve, index, amount, log);
  const collateralValue = collateral.marketValueSf;
  const debtInGroup = collateral.borrowedAmountAgainstThisCollateralInElevationGroup;
  const emptied = withdrawAmount === collateral.depositedAmount;
  withdrawFromDeposit(obligation, index, withdrawAmount);
  if (emptied && obligation.elevationGroup !== ELEVATION_GROUP_NONE) {
    // The emptied position's share of the group debt leaves the reserve's books with it.
    const groupIndex = elevationGroupIndex(obligation.elevationGroup);
    const counted = reserve.borrowedAmountsAgainstThisReserveInElevationGroups[groupIndex] ?? 0n;
    reserve.borrowedAmountsAgainstThisReserveInElevationGroups[groupIndex] = fx.saturatingSub(counted, debtInGroup);
  }
  markStale(obligation.lastUpdate);
  const liquidity = fractionCollateralToLiquidity(exchangeRateOf(reserve), fx.fromInt(withdrawAmount));
  postWithdrawInvariants(obligation, reserve, market, liquidity, collateralValue, log);
  return withdrawAmount;
}

/** The share of a collateral position an indebted obligation may withdraw (§2.13). */
function limitedWithdrawal(obligation: Obligation, reserve: Reserve, index: number, amount: bigint, log: Log): bigint {
  const { depositedAmount, marketValueSf: value } = depositSlot(obligation, index);
  if (obligation.depositedValueSf === 0n) {
    log("Obligation deposited value is zero");
    fail("ObligationDepositsZero");
  }
  const maxValue = maxWithdrawValue(obligation, reserve.config.loanToValuePct);
  if (maxValue === 0n) {
    log("Maximum withdraw value is zero");
    fail("MaximumWithdrawValueZero");
  }
  let withdrawAmount: bigint;
  if (amount === fx.U64_MAX) {
    const ratio = fx.div(fx.minOf(maxValue, value), value);
    withdrawAmount = fx.minOf(depositedAmount, fx.toFloor(fx.mulInt(ratio, depositedAmount)));
  } else {
    withdrawAmount = fx.minOf(amount, depositedAmount);
    const withdrawValue = fx.mul(value, fx.divCeil(fx.fromInt(withdrawAmount), fx.fromInt(depositedAmount)));
    if (withdrawValue > maxValue) {
      log(
        `Withdraw value cannot exceed maximum withdraw value, collateral_amount=${amount}, max_withdraw_value=${fx.fractionDisplay(maxValue)}`,
      );
      fail("WithdrawTooLarge");
    }
  }
  if (withdrawAmount === 0n) {
    log("Withdraw amount is too small to transfer collateral");
    fail("WithdrawTooSmall");
  }
  return withdrawAmount;
}
