// klend's refresh_obligation (reference §2.9), in or outside an elevation group (§2.11): accrue every debt position to
// its reserve's index, settle its share of referrer fees, and value it (borrow factor applied), value every collateral
// position through its reserve's exchange rate, and record the totals, the price checks all involved reserves passed,
// and the refresh slot.
import { PriceStatus, PROGRAM_VERSION, ReserveStatus } from "../constants.js";
import { fail } from "../errors.js";
import { fractionCollateralToLiquidity } from "../math/exchange-rate.js";
import * as fx from "../math/fraction.js";
import { marketValue } from "../math/market-value.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { isStale, slotsElapsed, updateSlot } from "./last-update.js";
import { type ReferrerTokenStateRef, accumulateReferrerFees } from "./referral-fees.js";
import { accrueBorrowInterest } from "./obligation-positions.js";
import { exchangeRateOf } from "../math/exchange-rate.js";
import type { ElevationGroup } from "../state/lending-market.js";
import { borrowFactorIn, collateralLtvAndThreshold, elevationGroupIndex, elevationGroupOf } from "./elevation-groups.js";
import type { Log } from "./preconditions.js";

/** A reserve account passed to the refresh, decoded, with its address. */
export interface ReserveRef {
  key: string;
  reserve: Reserve;
}

const NO_LTV = 255;

function checkPositionReserve(
  expected: string,
  ref: ReserveRef | undefined,
  slot: bigint,
  what: string,
  index: number,
  log: Log,
): ReserveRef {
  if (!ref) fail("InvalidAccountInput");
  if (ref.key !== expected) {
    log(`${what} reserve of position ${index} does not match the reserve provided`);
    fail("InvalidAccountInput");
  }
  if (isStale(ref.reserve.lastUpdate, slot, PriceStatus.NONE)) {
    log(`${what} reserve ${expected} provided for position ${index} is stale and must be refreshed in the current slot`);
    fail("ReserveStale");
  }
  if (ref.reserve.version !== PROGRAM_VERSION) {
    log(`${what} reserve ${expected} provided for position ${index} has been deprecated.`);
    fail("ReserveDeprecated");
  }
  return ref;
}

/** Where referrer fees settle: the program (for the ReferrerTokenState PDAs) and the states passed, in borrow order. */
export interface ReferrerStates {
  programId: string;
  next: () => ReferrerTokenStateRef | undefined;
}

interface BorrowsRefresh {
  borrowedValue: bigint;
  adjustedDebt: bigint;
  highestBorrowFactor: bigint;
  obsolete: number;
  prices: number;
  /** The obligation's whole debt in native units, inside a group (where it has at most one debt). */
  debtInGroup: bigint | null;
}

/**
 * The borrows pass (klend's refresh_obligation_borrows): accrues and values every debt position. Inside `group` every
 * debt must be the group's debt reserve (at most one) and counts with borrow factor 1; outside, the borrow reserves'
 * counts of debt outside groups are re-synced.
 */
export function refreshObligationBorrows(
  obligation: Obligation,
  market: LendingMarket,
  slot: bigint,
  group: ElevationGroup | null,
  borrowReserves: readonly ReserveRef[],
  referrerStates: ReferrerStates | null,
  log: Log,
): BorrowsRefresh {
  const elapsed = slotsElapsed(obligation.lastUpdate, slot);
  const result: BorrowsRefresh = {
    borrowedValue: 0n,
    adjustedDebt: 0n,
    highestBorrowFactor: fx.ONE,
    obsolete: 0,
    prices: PriceStatus.ALL_CHECKS,
    debtInGroup: null,
  };
  let debt = 0n;
  let count = 0;
  let next = 0;
  obligation.borrows.forEach((borrow, index) => {
    if (borrow.borrowReserve === ZERO_PUBKEY) return;
    count++;
    const { reserve, key } = checkPositionReserve(borrow.borrowReserve, borrowReserves[next++], slot, "Borrow", index, log);
    const previousBorrowedAmountSf = borrow.borrowedAmountSf;
    accrueBorrowInterest(borrow, reserve.liquidity.cumulativeBorrowRateBsf, log);
    const borrowedAmount = fx.toU64(fx.toCeil(borrow.borrowedAmountSf));
    debt += borrowedAmount;
    if (group) {
      if (!reserve.config.elevationGroups.includes(group.id)) fail("InconsistentElevationGroup");
      if (key !== group.debtReserve) fail("ElevationGroupHasAnotherDebtReserve");
    } else {
      reserve.borrowedAmountOutsideElevationGroup =
        fx.saturatingSub(reserve.borrowedAmountOutsideElevationGroup, borrow.borrowedAmountOutsideElevationGroups) + borrowedAmount;
      borrow.borrowedAmountOutsideElevationGroups = borrowedAmount;
    }
    if (reserve.config.status === ReserveStatus.Obsolete) result.obsolete++;
    // Null when the obligation was refreshed in this slot already: no interest has accrued to settle.
    if (referrerStates)
      accumulateReferrerFees({
        programId: referrerStates.programId,
        reserveKey: key,
        reserve,
        referrer: obligation.referrer,
        referralFeeBps: market.referralFeeBps,
        slotsElapsed: elapsed,
        borrowedAmountSf: borrow.borrowedAmountSf,
        previousBorrowedAmountSf,
        nextReferrerState: referrerStates.next,
      });
    const value = marketValue(borrow.borrowedAmountSf, reserve.liquidity.marketPriceSf, reserve.liquidity.mintDecimals);
    borrow.marketValueSf = value;
    result.borrowedValue = fx.add(result.borrowedValue, value);
    const factor = borrowFactorIn(reserve, group);
    if (value >= fx.fromInt(market.minValueSkipLiquidationBfChecks))
      result.highestBorrowFactor = fx.maxOf(result.highestBorrowFactor, factor);
    borrow.borrowFactorAdjustedMarketValueSf = fx.mul(value, factor);
    result.adjustedDebt = fx.add(result.adjustedDebt, borrow.borrowFactorAdjustedMarketValueSf);
    obligation.borrowsAssetTiers[index] = reserve.config.assetTier;
    obligation.hasDebt = 1;
    result.prices &= reserve.lastUpdate.priceStatus;
  });
  if (group) {
    if (count > 1) fail("InconsistentElevationGroup");
    result.debtInGroup = debt;
  }
  return result;
}

interface DepositsRefresh {
  depositedValue: bigint;
  allowed: bigint;
  unhealthy: bigint;
  lowestLiquidationLtv: number;
  lowestMaxLtv: number;
  obsolete: number;
  borrowingDisabled: boolean;
  prices: number;
}

/**
 * The deposits pass (klend's refresh_obligation_deposits): values every collateral. Inside `group` each collateral
 * must list the group and not be its debt reserve, counts with the group's LTV and liquidation threshold, and carries
 * the group debt `debtInGroup` in its reserve's counter for the group; `checkCollateralCount` also holds the number
 * of non-empty collaterals to the group's maximum.
 */
export function refreshObligationDeposits(
  obligation: Obligation,
  market: LendingMarket,
  slot: bigint,
  group: ElevationGroup | null,
  debtInGroup: bigint | null,
  depositReserves: readonly ReserveRef[],
  checkCollateralCount: boolean,
  log: Log,
): DepositsRefresh {
  const result: DepositsRefresh = {
    depositedValue: 0n,
    allowed: 0n,
    unhealthy: 0n,
    lowestLiquidationLtv: NO_LTV,
    lowestMaxLtv: NO_LTV,
    obsolete: 0,
    borrowingDisabled: false,
    prices: PriceStatus.ALL_CHECKS,
  };
  let collaterals = 0;
  let next = 0;
  obligation.deposits.forEach((deposit, index) => {
    if (deposit.depositReserve === ZERO_PUBKEY) return;
    const { reserve, key } = checkPositionReserve(deposit.depositReserve, depositReserves[next++], slot, "Deposit", index, log);
    if (!group && reserve.config.disableUsageAsCollOutsideEmode > 0) result.borrowingDisabled = true;
    if (reserve.config.status === ReserveStatus.Obsolete) result.obsolete++;
    if (deposit.depositedAmount > 0n) collaterals++;
    if (group) {
      if (!reserve.config.elevationGroups.includes(group.id)) fail("InconsistentElevationGroup");
      if (key === group.debtReserve) fail("ElevationGroupDebtReserveAsCollateral");
      const slotIndex = elevationGroupIndex(group.id);
      const counted = reserve.borrowedAmountsAgainstThisReserveInElevationGroups[slotIndex] ?? 0n;
      const debt = debtInGroup ?? 0n;
      reserve.borrowedAmountsAgainstThisReserveInElevationGroups[slotIndex] =
        fx.saturatingSub(counted, deposit.borrowedAmountAgainstThisCollateralInElevationGroup) + debt;
      deposit.borrowedAmountAgainstThisCollateralInElevationGroup = debt;
    }
    const liquidity = fractionCollateralToLiquidity(exchangeRateOf(reserve), fx.fromInt(deposit.depositedAmount));
    const value = marketValue(liquidity, reserve.liquidity.marketPriceSf, reserve.liquidity.mintDecimals);
    deposit.marketValueSf = value;
    const { ltv, threshold } = collateralLtvAndThreshold(reserve, group);
    if (value >= fx.fromInt(market.minValueSkipLiquidationLtvChecks) && threshold > 0) {
      result.lowestLiquidationLtv = Math.min(result.lowestLiquidationLtv, threshold);
    }
    result.lowestMaxLtv = Math.min(result.lowestMaxLtv, ltv);
    result.depositedValue = fx.add(result.depositedValue, value);
    result.allowed = fx.add(result.allowed, fx.mul(value, fx.fromPercent(ltv)));
    result.unhealthy = fx.add(result.unhealthy, fx.mul(value, fx.fromPercent(threshold)));
    obligation.depositsAssetTiers[index] = reserve.config.assetTier;
    result.prices &= reserve.lastUpdate.priceStatus;
  });
  if (checkCollateralCount && group && collaterals > group.maxReservesAsCollateral) {
    log(`Obligation has ${collaterals} collateral reserves, its elevation group allows ${group.maxReservesAsCollateral}`);
    fail("ObligationCollateralExceedsElevationGroupLimit");
  }
  return result;
}

/**
 * Refreshes `obligation` from its deposit reserves and borrow reserves, given in slot order, under its elevation
 * group. Reserves' debt counters are re-synced (borrow reserves' outside groups, deposit reserves' in the group) and
 * referrer fees settle into the referrer states, so the caller writes them back.
 */
export function refreshObligation(
  obligation: Obligation,
  market: LendingMarket,
  slot: bigint,
  depositReserves: readonly ReserveRef[],
  borrowReserves: readonly ReserveRef[],
  referrerStates: ReferrerStates,
  log: Log,
): void {
  const group = elevationGroupOf(market, obligation.elevationGroup);
  const borrows = refreshObligationBorrows(obligation, market, slot, group, borrowReserves, referrerStates, log);
  const deposits = refreshObligationDeposits(obligation, market, slot, group, borrows.debtInGroup, depositReserves, false, log);
  obligation.borrowedAssetsMarketValueSf = borrows.borrowedValue;
  obligation.depositedValueSf = deposits.depositedValue;
  obligation.borrowFactorAdjustedDebtValueSf = borrows.adjustedDebt;
  obligation.allowedBorrowValueSf = fx.minOf(deposits.allowed, fx.fromInt(market.globalAllowedBorrowValue));
  obligation.unhealthyBorrowValueSf = deposits.unhealthy;
  obligation.lowestReserveDepositLiquidationLtv = BigInt(deposits.lowestLiquidationLtv);
  obligation.lowestReserveDepositMaxLtvPct = deposits.lowestMaxLtv;
  obligation.numOfObsoleteDepositReserves = deposits.obsolete;
  obligation.numOfObsoleteBorrowReserves = borrows.obsolete;
  obligation.borrowingDisabled = deposits.borrowingDisabled ? 1 : 0;
  obligation.highestBorrowFactorPct = fx.toPercent(borrows.highestBorrowFactor);
  updateSlot(obligation.lastUpdate, slot, borrows.prices & deposits.prices);
}
