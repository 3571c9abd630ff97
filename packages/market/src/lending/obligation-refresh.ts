// klend's refresh_obligation (reference §2.9), outside elevation groups: accrue every debt position to its reserve's
// index, settle its share of referrer fees, and value it (borrow factor applied), value every collateral position
// through its reserve's exchange rate, and record the totals, the price checks all involved reserves passed, and the
// refresh slot.
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
import { borrowFactorOf } from "./reserve-operations.js";
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

/**
 * Refreshes `obligation` from its deposit reserves and borrow reserves, given in slot order. Borrow reserves' counts
 * of debt outside elevation groups and their referrer fees change, and so may the referrer states, so the caller writes
 * them back.
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
  const elapsed = slotsElapsed(obligation.lastUpdate, slot);
  let borrowedValue = 0n;
  let adjustedDebt = 0n;
  let highestBorrowFactor = fx.ONE;
  let obsoleteBorrows = 0;
  let prices: number = PriceStatus.ALL_CHECKS;
  let next = 0;
  obligation.borrows.forEach((borrow, index) => {
    if (borrow.borrowReserve === ZERO_PUBKEY) return;
    const { key, reserve } = checkPositionReserve(borrow.borrowReserve, borrowReserves[next++], slot, "Borrow", index, log);
    const previousBorrowedAmountSf = borrow.borrowedAmountSf;
    accrueBorrowInterest(borrow, reserve.liquidity.cumulativeBorrowRateBsf, log);
    const borrowedAmount = fx.toU64(fx.toCeil(borrow.borrowedAmountSf));
    reserve.borrowedAmountOutsideElevationGroup =
      fx.saturatingSub(reserve.borrowedAmountOutsideElevationGroup, borrow.borrowedAmountOutsideElevationGroups) + borrowedAmount;
    borrow.borrowedAmountOutsideElevationGroups = borrowedAmount;
    if (reserve.config.status === ReserveStatus.Obsolete) obsoleteBorrows++;
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
    borrowedValue = fx.add(borrowedValue, value);
    const factor = borrowFactorOf(reserve);
    if (value >= fx.fromInt(market.minValueSkipLiquidationBfChecks)) highestBorrowFactor = fx.maxOf(highestBorrowFactor, factor);
    borrow.borrowFactorAdjustedMarketValueSf = fx.mul(value, factor);
    adjustedDebt = fx.add(adjustedDebt, borrow.borrowFactorAdjustedMarketValueSf);
    obligation.borrowsAssetTiers[index] = reserve.config.assetTier;
    obligation.hasDebt = 1;
    prices &= reserve.lastUpdate.priceStatus;
  });

  let depositedValue = 0n;
  let allowed = 0n;
  let unhealthy = 0n;
  let lowestLiquidationLtv = NO_LTV;
  let lowestMaxLtv = NO_LTV;
  let obsoleteDeposits = 0;
  let borrowingDisabled = false;
  next = 0;
  obligation.deposits.forEach((deposit, index) => {
    if (deposit.depositReserve === ZERO_PUBKEY) return;
    const { reserve } = checkPositionReserve(deposit.depositReserve, depositReserves[next++], slot, "Deposit", index, log);
    if (reserve.config.disableUsageAsCollOutsideEmode > 0) borrowingDisabled = true;
    if (reserve.config.status === ReserveStatus.Obsolete) obsoleteDeposits++;
    const liquidity = fractionCollateralToLiquidity(exchangeRateOf(reserve), fx.fromInt(deposit.depositedAmount));
    const value = marketValue(liquidity, reserve.liquidity.marketPriceSf, reserve.liquidity.mintDecimals);
    deposit.marketValueSf = value;
    const { loanToValuePct: ltv, liquidationThresholdPct: threshold } = reserve.config;
    if (value >= fx.fromInt(market.minValueSkipLiquidationLtvChecks) && threshold > 0) {
      lowestLiquidationLtv = Math.min(lowestLiquidationLtv, threshold);
    }
    lowestMaxLtv = Math.min(lowestMaxLtv, ltv);
    depositedValue = fx.add(depositedValue, value);
    allowed = fx.add(allowed, fx.mul(value, fx.fromPercent(ltv)));
    unhealthy = fx.add(unhealthy, fx.mul(value, fx.fromPercent(threshold)));
    obligation.depositsAssetTiers[index] = reserve.config.assetTier;
    prices &= reserve.lastUpdate.priceStatus;
  });

  obligation.borrowedAssetsMarketValueSf = borrowedValue;
  obligation.depositedValueSf = depositedValue;
  obligation.borrowFactorAdjustedDebtValueSf = adjustedDebt;
  obligation.allowedBorrowValueSf = fx.minOf(allowed, fx.fromInt(market.globalAllowedBorrowValue));
  obligation.unhealthyBorrowValueSf = unhealthy;
  obligation.lowestReserveDepositLiquidationLtv = BigInt(lowestLiquidationLtv);
  obligation.lowestReserveDepositMaxLtvPct = lowestMaxLtv;
  obligation.numOfObsoleteDepositReserves = obsoleteDeposits;
  obligation.numOfObsoleteBorrowReserves = obsoleteBorrows;
  obligation.borrowingDisabled = borrowingDisabled ? 1 : 0;
  obligation.highestBorrowFactorPct = fx.toPercent(highestBorrowFactor);
  updateSlot(obligation.lastUpdate, slot, prices);
}
