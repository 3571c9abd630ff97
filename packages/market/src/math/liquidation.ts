// Liquidation arithmetic (reference §2.14; klend's liquidation_operations): the bonus for each liquidation reason,
// how much of one debt may be repaid at once, what a repayment seizes, and the protocol's share of the bonus. Pure
// Fraction math on bigint; which reason applies is decided in lending/liquidation-eligibility.ts.
import * as fx from "./fraction.js";

/** 0.99 as the fixed-point literal rounds it: the no-borrow-factor LTV from which the bad-debt bonus applies. */
export const BAD_DEBT_LTV_THRESHOLD = (99n * fx.ONE + 50n) / 100n;
/** Fraction::MAX: an order that may repay the whole debt. */
export const FRACTION_MAX = fx.U128_MAX;
const SECONDS_PER_DAY = 86_400n;
/** A forced full liquidation seizes at least this many cTokens. */
const DUST_LAMPORT_THRESHOLD = 1n;

/** The bonus bounds of one reserve's config, in basis points. */
export interface BonusBounds {
  minLiquidationBonusBps: number;
  maxLiquidationBonusBps: number;
  badDebtLiquidationBonusBps: number;
}

/**
 * The bonus of an LTV-exceeded liquidation: near bad debt (no-BF LTV ≥ 0.99) the smaller bad-debt bonus of the two
 * reserves, raised to what is left before bad debt; otherwise the LTV overshoot held between the larger min and max
 * bonuses of the two reserves (the max capped by the elevation group's), and never beyond what is left before bad debt.
 */
export function liquidationBonus(
  collateral: BonusBounds,
  debt: BonusBounds,
  maxAllowedLtv: bigint,
  userLtv: bigint,
  userNoBfLtv: bigint,
  emodeMaxBonusBps: number,
): bigint {
  if (userNoBfLtv >= BAD_DEBT_LTV_THRESHOLD) {
    const badDebtBonus = fx.fromBps(Math.min(collateral.badDebtLiquidationBonusBps, debt.badDebtLiquidationBonusBps));
    return userNoBfLtv < fx.ONE ? fx.maxOf(badDebtBonus, fx.ONE - userNoBfLtv) : badDebtBonus;
  }
  const unhealthyFactor = fx.sub(userLtv, maxAllowedLtv);
  const maxBonusBps = Math.min(Math.max(collateral.maxLiquidationBonusBps, debt.maxLiquidationBonusBps), emodeMaxBonusBps);
  const minBonus = fx.maxOf(fx.fromBps(Math.max(collateral.minLiquidationBonusBps, debt.minLiquidationBonusBps)), unhealthyFactor);
  const collared = fx.minOf(minBonus, fx.fromBps(maxBonusBps));
  return fx.minOf(collared, fx.sub(fx.ONE, userNoBfLtv));
}

/** Seconds as fractional days. */
export function daysFractional(seconds: bigint): bigint {
  return fx.divInt(fx.fromInt(seconds), SECONDS_PER_DAY);
}

/** Seconds since the margin call ended, or null while it lasts. */
export function secondsSinceDeleveragingStarted(marginCallPeriodSecs: bigint, secondsSinceMarginCall: bigint): bigint | null {
  return secondsSinceMarginCall >= marginCallPeriodSecs ? secondsSinceMarginCall - marginCallPeriodSecs : null;
}

/** The market-wide deleveraging LTV threshold: 1, lowered by the reserve's daily decrease for every day since. */
export function autodeleverageThreshold(decreaseBpsPerDay: bigint, days: bigint): bigint {
  return fx.saturatingSub(fx.ONE, fx.mul(fx.fromBps(decreaseBpsPerDay), days));
}

/** The deleveraging bonus: the minimum plus the daily increase per day, capped by the max bonus and by bad debt. */
export function autodeleverageBonus(
  minDeleveragingBonusBps: number,
  increaseBpsPerDay: bigint,
  maxLiquidationBonusBps: number,
  emodeMaxBonusBps: number,
  days: bigint,
  userNoBfLtv: bigint,
): bigint {
  const bonus = fx.add(fx.fromBps(minDeleveragingBonusBps), fx.mul(fx.fromBps(increaseBpsPerDay), days));
  const configuredMax = fx.fromBps(Math.min(maxLiquidationBonusBps, emodeMaxBonusBps));
  return fx.minOf(bonus, fx.minOf(configuredMax, fx.saturatingSub(fx.ONE, userNoBfLtv)));
}

/** An order's bonus: interpolated from min to max by the normalized distance (constant without one), capped by bad debt. */
export function orderExecutionBonus(minBonusBps: number, maxBonusBps: number, distance: bigint | null, userNoBfLtv: bigint): bigint {
  const min = fx.fromBps(minBonusBps);
  const theoretic = distance === null ? min : fx.add(min, fx.mul(distance, fx.sub(fx.fromBps(maxBonusBps), min)));
  return fx.minOf(theoretic, fx.saturatingSub(fx.ONE, userNoBfLtv));
}

export interface CloseFactorTerms {
  /** The obligation's BF-adjusted LTV. */
  userLtv: bigint;
  /** All of the obligation's debt, at market value (no borrow factor). */
  totalDebtValue: bigint;
  /** This debt's market value and amount. */
  debtValue: bigint;
  borrowedAmount: bigint;
  closeFactorPct: number;
  insolvencyRiskLtvPct: number;
  /** The market's cap on value liquidated at once, whole quote units. */
  maxLiquidatableValueAtOnce: bigint;
}

/**
 * The most of one debt a liquidation may repay: the close factor's share of all debt (all of it above the insolvency
 * LTV), no more than this debt and the market's cap at once, as a share of this debt's amount.
 */
export function maxLiquidatableBorrowedAmount(t: CloseFactorTerms): bigint {
  const closeFactor = t.userLtv > fx.fromPercent(t.insolvencyRiskLtvPct) ? fx.ONE : fx.fromPercent(t.closeFactorPct);
  const maxValue = fx.minOf(fx.minOf(fx.mul(t.totalDebtValue, closeFactor), t.debtValue), fx.fromInt(t.maxLiquidatableValueAtOnce));
  return fx.mul(t.borrowedAmount, fx.div(maxValue, t.debtValue));
}

export interface LiquidationAmounts {
  /** Debt settled (Fraction). */
  settleAmount: bigint;
  /** Native units the liquidator pays: the settled debt rounded up. */
  repayAmount: bigint;
  /** cTokens seized. */
  withdrawAmount: bigint;
}

/**
 * What repaying `debtAmount` (Fraction) worth `valueWithBonus` with its bonus seizes from a collateral position: a
 * share of its cTokens (floor), or all of them with the repayment scaled down when the collateral is worth less
 * (unless the liquidation must be full).
 */
export function liquidationAmounts(
  valueWithBonus: bigint,
  collateral: { depositedAmount: bigint; marketValueSf: bigint },
  debtAmount: bigint,
  forcedFull: boolean,
): LiquidationAmounts {
  const collateralValue = collateral.marketValueSf;
  if (valueWithBonus > collateralValue) {
    const scaled = fx.mul(debtAmount, fx.div(collateralValue, valueWithBonus));
    const settleAmount = forcedFull ? debtAmount : scaled;
    return { settleAmount, repayAmount: fx.toCeil(settleAmount), withdrawAmount: collateral.depositedAmount };
  }
  if (valueWithBonus === collateralValue) {
    return { settleAmount: debtAmount, repayAmount: fx.toCeil(debtAmount), withdrawAmount: collateral.depositedAmount };
  }
  const withdraw = fx.mul(fx.fromInt(collateral.depositedAmount), fx.div(valueWithBonus, collateralValue));
  const withdrawAmount = forcedFull && withdraw < fx.fromInt(DUST_LAMPORT_THRESHOLD) ? DUST_LAMPORT_THRESHOLD : fx.toFloor(withdraw);
  return { settleAmount: debtAmount, repayAmount: fx.toCeil(debtAmount), withdrawAmount };
}

/**
 * The protocol's share of a liquidation: `feePct` of the bonus inside the `redeemed` liquidity, rounded up, at
 * least one unit.
 */
export function protocolLiquidationFee(redeemed: bigint, bonusRate: bigint, feePct: number): bigint {
  const amount = fx.fromInt(redeemed);
  const bonus = fx.sub(amount, fx.div(amount, fx.add(bonusRate, fx.ONE)));
  return fx.maxOf(fx.toCeil(fx.mul(bonus, fx.fromPercent(feePct))), 1n);
}
