// Debt in an obligation (klend's borrow_obligation_liquidity and repay_obligation_liquidity, reference §2.12, §3.5),
// in or outside an elevation group: the borrow checks in klend's order, the reserve and position bookkeeping (the
// referral part of the fee credited to the obligation's referrer), and the post-change checks.
import { PriceStatus } from "../constants.js";
import { fail } from "../errors.js";
import { type BorrowAmounts, calculateBorrow, calculateRepay } from "../math/borrow-amounts.js";
import * as fx from "../math/fraction.js";
import { utilizationRate } from "../math/reserve-liquidity.js";
import { addToWithdrawalAccum, subFromWithdrawalAccum } from "../math/withdrawal-caps.js";
import type { LendingMarket } from "../state/lending-market.js";
import { type Obligation, type ObligationCollateral, activeDeposits } from "../state/obligation.js";
import type { ReferrerTokenState } from "../state/referrer.js";
import type { Reserve } from "../state/reserve.js";
import { validateObligationAssetTiers } from "./asset-tiers.js";
import { type MarketClock, markStale } from "./last-update.js";
import { postBorrowInvariants, postRepayInvariants } from "./obligation-invariants.js";
import {
  accrueBorrowInterest,
  borrowIndex,
  borrowSlot,
  depositsEmpty,
  findOrAddBorrow,
  remainingBorrowValue,
  repayToBorrow,
  updateHasDebt,
} from "./obligation-positions.js";
import {
  ELEVATION_GROUP_NONE,
  borrowFactorIn,
  checkElevationGroupBorrowingEnabled,
  checkNonElevationGroupBorrowingEnabled,
  checkSameElevationGroup,
  elevationGroupIndex,
  elevationGroupOf,
} from "./elevation-groups.js";
import type { ReserveRef } from "./obligation-refresh.js";
import { checkOrdersSupportedAfterUserOperation } from "./orders.js";
import { addReferrerFee } from "./referral-fees.js";
import { type Log, priceStatusBits, requireAmount, requireFresh, requireRefreshedThisSlot } from "./preconditions.js";

/**
 * The obligation's active deposits paired with their reserves (the instruction's remaining accounts, in slot order),
 * for the elevation-group debt counters: InvalidAccountInput when one is missing or another reserve.
 */
function depositsWithReserves(obligation: Obligation, reserves: readonly ReserveRef[]): [ObligationCollateral, ReserveRef][] {
  return activeDeposits(obligation).map((deposit, i) => {
    const ref = reserves[i];
    if (!ref || ref.key !== deposit.depositReserve) fail("InvalidAccountInput");
    return [deposit, ref];
  });
}

/** Requires a fully refreshed obligation with collateral of some value. */
export function checkObligationFullyRefreshed(obligation: Obligation, clock: MarketClock, log: Log): void {
  const message = `Obligation is stale and must be refreshed in the current slot, price status: ${priceStatusBits(obligation.lastUpdate.priceStatus)}`;
  requireFresh(obligation.lastUpdate, clock, PriceStatus.ALL_CHECKS, "ObligationStale", message, log);
  if (depositsEmpty(obligation)) {
    log("Obligation has no deposits to borrow against");
    fail("ObligationDepositsEmpty");
  }
  if (obligation.depositedValueSf === 0n) {
    log("Obligation deposits have zero value");
    fail("ObligationDepositsZero");
  }
}

/**
 * Borrows `amount` native units (u64::MAX: all allowed) of `reserveKey` against the obligation; `referrer` is the
 * obligation's referrer's (validated) ReferrerTokenState for the reserve, when it has one; `depositReserves` are the
 * obligation's deposit reserves in slot order, read inside an elevation group for its debt counters.
 */
export function borrowObligationLiquidity(
  market: LendingMarket,
  reserve: Reserve,
  reserveKey: string,
  obligation: Obligation,
  clock: MarketClock,
  amount: bigint,
  referrer: ReferrerTokenState | null,
  depositReserves: readonly ReserveRef[],
  log: Log,
): BorrowAmounts {
  requireAmount(amount, "Liquidity", log);
  const message = `Borrow reserve is stale and must be refreshed in the current slot, price_status: ${priceStatusBits(reserve.lastUpdate.priceStatus)}`;
  requireFresh(reserve.lastUpdate, clock, PriceStatus.ALL_CHECKS, "ReserveStale", message, log);
  if (market.borrowDisabled !== 0) {
    log("Borrowing is disabled");
    fail("BorrowingDisabled");
  }
  if (obligation.numOfObsoleteDepositReserves + obligation.numOfObsoleteBorrowReserves > 0) fail("ObligationInObsoleteReserve");
  checkObligationFullyRefreshed(obligation, clock, log);
  const remainingValue = remainingBorrowValue(obligation);
  if (remainingValue === 0n) {
    log("Remaining borrow value is zero");
    fail("BorrowTooLarge");
  }
  checkSameElevationGroup(obligation, reserve, log);
  checkElevationGroupBorrowingEnabled(market, obligation, log);
  checkNonElevationGroupBorrowingEnabled(obligation, log);
  const group = elevationGroupOf(market, obligation.elevationGroup);
  const capacity = fx.saturatingSub(fx.fromInt(reserve.config.borrowLimit), reserve.liquidity.borrowedAmountSf);
  if (capacity === 0n) {
    log("Borrow reserve is at full capacity");
    fail("BorrowLimitExceeded");
  }
  const amounts = calculateBorrow(amount, {
    price: reserve.liquidity.marketPriceSf,
    decimals: reserve.liquidity.mintDecimals,
    borrowFactor: borrowFactorIn(reserve, group),
    originationFeeSf: reserve.config.fees.originationFeeSf,
    availableAmount: reserve.liquidity.availableAmount,
    remainingBorrowValue: remainingValue,
    remainingReserveCapacity: capacity,
    referralFeeBps: market.referralFeeBps,
    hasReferrer: referrer !== null,
  });
  const debt = fx.toU64(fx.toCeil(amounts.borrowAmount));
  log(`Requested ${amount}, allowed ${debt}`);
  reserve.config.debtWithdrawalCap = addToWithdrawalAccum(reserve.config.debtWithdrawalCap, debt, clock.unixTimestamp);
  if (amounts.receiveAmount === 0n) {
    log("Borrow amount is too small to receive liquidity after fees");
    fail("BorrowTooSmall");
  }
  const cash = fx.toFloor(amounts.borrowAmount);
  if (cash > reserve.liquidity.availableAmount) {
    log(`Borrow amount cannot exceed available amount borrow_amount=${cash}, available_amount=${reserve.liquidity.availableAmount}`);
    fail("InsufficientLiquidity");
  }
  reserve.liquidity.availableAmount -= cash;
  reserve.liquidity.borrowedAmountSf = fx.add(reserve.liquidity.borrowedAmountSf, amounts.borrowAmount);
  markStale(reserve.lastUpdate);
  const { liquidity, index } = findOrAddBorrow(
    obligation,
    reserveKey,
    reserve.liquidity.cumulativeBorrowRateBsf,
    reserve.config.assetTier,
    log,
  );
  liquidity.borrowedAmountSf = fx.add(liquidity.borrowedAmountSf, amounts.borrowAmount);
  checkOrdersSupportedAfterUserOperation(obligation, log);
  if (referrer && market.referralFeeBps > 0) {
    // The referral part stays in the vault, owed to the referrer.
    addReferrerFee(reserve, referrer, fx.fromInt(amounts.referralFee));
    reserve.liquidity.availableAmount = fx.toU64(reserve.liquidity.availableAmount + amounts.referralFee);
  }
  obligation.hasDebt = 1;
  markStale(obligation.lastUpdate);
  const limitPct = reserve.config.utilizationLimitBlockBorrowingAbovePct;
  if (limitPct !== 0 && utilizationRate(reserve.liquidity) >= fx.fromPercent(limitPct)) {
    log(`Borrowing above utilization rate is disabled, limit ${limitPct}`);
    fail("BorrowingAboveUtilizationRateDisabled");
  }
  validateObligationAssetTiers(obligation, log);
  if (group) {
    if (reserveKey !== group.debtReserve) fail("ElevationGroupHasAnotherDebtReserve");
    const index = elevationGroupIndex(group.id);
    for (const [deposit, { key, reserve: collateral }] of depositsWithReserves(obligation, depositReserves)) {
      const limit = collateral.config.borrowLimitAgainstThisCollateralInElevationGroup[index] ?? 0n;
      const counted = (collateral.borrowedAmountsAgainstThisReserveInElevationGroups[index] ?? 0n) + debt;
      if (counted > limit) {
        log(`Elevation group debt against collateral ${key} would be ${counted}, above its limit ${limit}`);
        fail("ElevationGroupBorrowLimitExceeded");
      }
      collateral.borrowedAmountsAgainstThisReserveInElevationGroups[index] = counted;
      deposit.borrowedAmountAgainstThisCollateralInElevationGroup += debt;
    }
  } else {
    const outside = reserve.borrowedAmountOutsideElevationGroup + debt;
    if (outside > reserve.config.borrowLimitOutsideElevationGroup) fail("BorrowLimitExceeded");
    reserve.borrowedAmountOutsideElevationGroup = outside;
    liquidity.borrowedAmountOutsideElevationGroups += debt;
  }
  postBorrowInvariants(obligation, reserve, market, amounts.borrowAmount, borrowSlot(obligation, index).marketValueSf, log);
  return amounts;
}

/** Repays up to `amount` native units (u64::MAX: the whole debt) of `reserveKey`; returns the units to transfer. */
export function repayObligationLiquidity(
  market: LendingMarket,
  reserve: Reserve,
  reserveKey: string,
  obligation: Obligation,
  clock: MarketClock,
  amount: bigint,
  depositReserves: readonly ReserveRef[],
  log: Log,
): bigint {
  requireAmount(amount, "Liquidity", log);
  requireRefreshedThisSlot(reserve.lastUpdate, obligation.lastUpdate, clock, "Repay", log);
  const index = borrowIndex(obligation, reserveKey, log);
  const liquidity = borrowSlot(obligation, index);
  if (liquidity.borrowedAmountSf === 0n) {
    log("Liquidity borrowed amount is zero");
    fail("ObligationLiquidityEmpty");
  }
  accrueBorrowInterest(liquidity, reserve.liquidity.cumulativeBorrowRateBsf, log);
  const { settleAmount, repayAmount } = calculateRepay(amount, liquidity.borrowedAmountSf);
  if (repayAmount === 0n) {
    log("Repay amount is too small to transfer liquidity");
    fail("RepayTooSmall");
  }
  reserve.config.debtWithdrawalCap = subFromWithdrawalAccum(reserve.config.debtWithdrawalCap, repayAmount, clock.unixTimestamp);
  if (obligation.elevationGroup !== ELEVATION_GROUP_NONE) {
    const index = elevationGroupIndex(obligation.elevationGroup);
    for (const [deposit, { reserve: collateral }] of depositsWithReserves(obligation, depositReserves)) {
      const counted = collateral.borrowedAmountsAgainstThisReserveInElevationGroups[index] ?? 0n;
      collateral.borrowedAmountsAgainstThisReserveInElevationGroups[index] = fx.saturatingSub(counted, repayAmount);
      deposit.borrowedAmountAgainstThisCollateralInElevationGroup = fx.saturatingSub(
        deposit.borrowedAmountAgainstThisCollateralInElevationGroup,
        repayAmount,
      );
    }
  } else {
    reserve.borrowedAmountOutsideElevationGroup = fx.saturatingSub(reserve.borrowedAmountOutsideElevationGroup, repayAmount);
    liquidity.borrowedAmountOutsideElevationGroups = fx.saturatingSub(liquidity.borrowedAmountOutsideElevationGroups, repayAmount);
  }
  reserve.liquidity.availableAmount = fx.toU64(reserve.liquidity.availableAmount + repayAmount);
  reserve.liquidity.borrowedAmountSf = fx.sub(
    reserve.liquidity.borrowedAmountSf,
    fx.minOf(settleAmount, reserve.liquidity.borrowedAmountSf),
  );
  markStale(reserve.lastUpdate);
  repayToBorrow(obligation, index, settleAmount);
  updateHasDebt(obligation);
  markStale(obligation.lastUpdate);
  checkOrdersSupportedAfterUserOperation(obligation, log);
  postRepayInvariants(obligation, reserve, market, settleAmount, borrowSlot(obligation, index).marketValueSf, log);
  return repayAmount;
}
