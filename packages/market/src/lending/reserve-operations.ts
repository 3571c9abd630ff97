// What happens to a reserve (klend's lending_operations for reserves): interest accrual and refresh, deposits of
// liquidity for cTokens and redemptions of cTokens for liquidity, each under the same-slot freshness rule.
import { PriceStatus } from "../constants.js";
import { fail } from "../errors.js";
import { borrowRate } from "../math/borrow-rate-curve.js";
import { type DepositAmounts, collateralToLiquidity, depositAmounts, exchangeRateOf } from "../math/exchange-rate.js";
import * as fx from "../math/fraction.js";
import { compoundInterest, totalSupply, utilizationRate } from "../math/reserve-liquidity.js";
import { addToWithdrawalAccum, subFromWithdrawalAccum } from "../math/withdrawal-caps.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Reserve } from "../state/reserve.js";
import { type MarketClock, markStale, slotsElapsed, updateSlot } from "./last-update.js";
import { type Log, requireAmount, requireFresh } from "./preconditions.js";

/** Where operations write klend's `msg!` lines. */

/** A price an oracle refresh produced: Fraction per whole token, its timestamp, and the checks it passed. */
export interface PriceResult {
  price: bigint;
  timestamp: bigint;
  status: number;
}

/** Effective borrow factor outside elevation groups: max(1, borrow_factor_pct / 100). */
export function borrowFactorOf(reserve: Reserve): bigint {
  return fx.maxOf(fx.ONE, fx.fromPercent(reserve.config.borrowFactorPct));
}

/** Compounds interest for the slots since the reserve's last refresh. */
export function accrueInterest(reserve: Reserve, slot: bigint, referralFeeBps: number): void {
  const slots = slotsElapsed(reserve.lastUpdate, slot);
  if (slots === 0n) return;
  const compounded = compoundInterest(
    reserve.liquidity,
    {
      borrowRate: borrowRate(reserve.config.borrowRateCurve.points, utilizationRate(reserve.liquidity)),
      hostFixedRate: fx.fromBps(reserve.config.hostFixedInterestRateBps),
      protocolTakeRate: fx.fromPercent(reserve.config.protocolTakeRatePct),
      referralRate: fx.fromBps(referralFeeBps),
    },
    slots,
  );
  Object.assign(reserve.liquidity, compounded);
}

/** The stored price is still within its maximum age (strictly). */
export function isSavedPriceAgeValid(reserve: Reserve, now: bigint): boolean {
  return fx.saturatingSub(now, reserve.liquidity.marketPriceLastUpdatedTs) < reserve.config.tokenInfo.maxAgePriceSeconds;
}

/** Whether refresh_reserve reads the oracles: the stored price is older than the market's trigger share of its max age. */
export function isPriceRefreshNeeded(reserve: Reserve, market: LendingMarket, now: bigint): boolean {
  const trigger = (reserve.config.tokenInfo.maxAgePriceSeconds * BigInt(market.priceRefreshTriggerToMaxAgePct)) / 100n;
  return fx.saturatingSub(now, reserve.liquidity.marketPriceLastUpdatedTs) >= trigger;
}

/**
 * klend's refresh_reserve: accrue interest first, then take the new price (or, without one, drop the price bits once
 * the stored price has expired), and record the slot.
 */
export function refreshReserve(reserve: Reserve, clock: MarketClock, price: PriceResult | null, referralFeeBps: number): void {
  accrueInterest(reserve, clock.slot, referralFeeBps);
  let status: number | null = null;
  if (price) {
    reserve.liquidity.marketPriceSf = price.price;
    reserve.liquidity.marketPriceLastUpdatedTs = price.timestamp;
    status = price.status;
  } else if (!isSavedPriceAgeValid(reserve, clock.unixTimestamp)) {
    status = PriceStatus.NONE;
  }
  updateSlot(reserve.lastUpdate, clock.slot, status);
}

/** Records when total supply or total borrow first went above the reserve's limits (0 while under them). */
export function refreshLimitTimestamps(reserve: Reserve, timestamp: bigint): void {
  const l = reserve.liquidity;
  const depositCrossed = totalSupply(l) > fx.fromInt(reserve.config.depositLimit);
  l.depositLimitCrossedTimestamp = depositCrossed ? l.depositLimitCrossedTimestamp || timestamp : 0n;
  const borrowCrossed = l.borrowedAmountSf > fx.fromInt(reserve.config.borrowLimit);
  l.borrowLimitCrossedTimestamp = borrowCrossed ? l.borrowLimitCrossedTimestamp || timestamp : 0n;
}

/** Deposits up to `amount` of liquidity for cTokens (klend's deposit_reserve_liquidity); returns what moves. */
export function depositReserveLiquidity(reserve: Reserve, clock: MarketClock, amount: bigint, log: Log): DepositAmounts {
  requireAmount(amount, "Liquidity", log);
  requireFresh(
    reserve.lastUpdate,
    clock,
    PriceStatus.NONE,
    "ReserveStale",
    "Reserve is stale and must be refreshed in the current slot",
    log,
  );
  const newSupply = fx.add(fx.fromInt(amount), totalSupply(reserve.liquidity));
  if (newSupply > fx.fromInt(reserve.config.depositLimit)) {
    log(
      `Cannot deposit liquidity above the reserve deposit limit. New total deposit: ${fx.fractionToDecimal(newSupply)} > limit: ${reserve.config.depositLimit}`,
    );
    fail("DepositLimitExceeded");
  }
  const deposit = depositAmounts(exchangeRateOf(reserve), amount);
  if (deposit.collateral === 0n) {
    log("Liquidity amount is too small to receive collateral");
    fail("InvalidAmount");
  }
  reserve.config.depositWithdrawalCap = subFromWithdrawalAccum(reserve.config.depositWithdrawalCap, deposit.liquidity, clock.unixTimestamp);
  reserve.liquidity.availableAmount = fx.toU64(reserve.liquidity.availableAmount + deposit.liquidity);
  reserve.collateral.mintTotalSupply = fx.toU64(reserve.collateral.mintTotalSupply + deposit.collateral);
  markStale(reserve.lastUpdate);
  return deposit;
}

/**
 * Burns `collateral` cTokens for liquidity (klend's redeem_reserve_collateral); returns the liquidity paid. Liquidation
 * redemptions leave the deposit withdrawal cap alone (`chargeWithdrawalCap` false).
 */
export function redeemReserveCollateral(
  reserve: Reserve,
  clock: MarketClock,
  collateral: bigint,
  log: Log,
  chargeWithdrawalCap = true,
): bigint {
  requireAmount(collateral, "Collateral", log);
  requireFresh(
    reserve.lastUpdate,
    clock,
    PriceStatus.NONE,
    "ReserveStale",
    "Reserve is stale and must be refreshed in the current slot",
    log,
  );
  const liquidity = collateralToLiquidity(exchangeRateOf(reserve), collateral);
  if (collateral > reserve.collateral.mintTotalSupply) fail("MathOverflow");
  reserve.collateral.mintTotalSupply -= collateral;
  if (liquidity > reserve.liquidity.availableAmount) {
    log("Withdraw amount cannot exceed available amount");
    fail("InsufficientLiquidity");
  }
  reserve.liquidity.availableAmount -= liquidity;
  refreshLimitTimestamps(reserve, clock.unixTimestamp);
  markStale(reserve.lastUpdate);
  if (chargeWithdrawalCap) {
    reserve.config.depositWithdrawalCap = addToWithdrawalAccum(reserve.config.depositWithdrawalCap, liquidity, clock.unixTimestamp);
  }
  return liquidity;
}
