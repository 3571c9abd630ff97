// Why an obligation may be liquidated and at which bonus (reference §2.14, SML §2.1; klend's get_liquidation_params):
// its LTV reached the liquidation LTV, then individual deleveraging (marked by the risk council), then market-wide
// deleveraging (a reserve over its limits), then one of the owner's orders. None applies: ObligationHealthy.
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import {
  autodeleverageBonus,
  autodeleverageThreshold,
  daysFractional,
  liquidationBonus,
  orderExecutionBonus,
  secondsSinceDeleveragingStarted,
} from "../math/liquidation.js";
import { totalSupply } from "../math/reserve-liquidity.js";
import type { ElevationGroup, LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import type { ReserveConfig } from "../state/reserve-config.js";
import type { Reserve } from "../state/reserve.js";
import { loanToValue, unhealthyLoanToValue } from "./obligation-positions.js";
import { findApplicableOrder } from "./orders.js";
import type { Log } from "./preconditions.js";

export type LiquidationReason =
  | { kind: "LtvExceeded" }
  | { kind: "IndividualDeleveraging" }
  | { kind: "MarketWideDeleveraging" }
  | { kind: "ObligationOrder"; index: number };

export interface LiquidationParams {
  userLtv: bigint;
  bonusRate: bigint;
  reason: LiquidationReason;
}

/** No elevation-group cap on the bonus. */
const NO_EMODE_CAP = 0xffff;

/** Borrowed market value over deposited value, borrow factors left out. */
export function noBfLoanToValue(obligation: Obligation): bigint {
  return fx.div(obligation.borrowedAssetsMarketValueSf, obligation.depositedValueSf);
}

/** The liquidation threshold a collateral counts with: its group's inside one, else its own. */
export function effectiveLiquidationThresholdPct(reserve: Reserve, group: ElevationGroup | null): number {
  return group ? group.liquidationThresholdPct : reserve.config.liquidationThresholdPct;
}

/**
 * The group's max bonus when both reserves are in the obligation's group and it is set and no larger than either
 * reserve's max; otherwise no cap.
 */
export function emodeMaxLiquidationBonusBps(
  market: LendingMarket,
  collateral: ReserveConfig,
  debt: ReserveConfig,
  obligation: Obligation,
): number {
  const id = obligation.elevationGroup;
  if (id === 0 || !collateral.elevationGroups.includes(id) || !debt.elevationGroups.includes(id)) return NO_EMODE_CAP;
  const cap = market.elevationGroups[id - 1]?.maxLiquidationBonusBps ?? 0;
  if (cap === 0 || cap > collateral.maxLiquidationBonusBps || cap > debt.maxLiquidationBonusBps) return NO_EMODE_CAP;
  return cap;
}

interface EligibilityInputs {
  market: LendingMarket;
  collateral: Reserve;
  debt: Reserve;
  obligation: Obligation;
  timestamp: bigint;
  log: Log;
}

function ltvExceeded({ market, collateral, debt, obligation, log }: EligibilityInputs): LiquidationParams | null {
  const userLtv = loanToValue(obligation);
  const maxAllowedLtv = unhealthyLoanToValue(obligation);
  if (userLtv < maxAllowedLtv) return null;
  if (market.priceTriggeredLiquidationDisabled !== 0) {
    log("Obligation is eligible for ltv-exceeded liquidation, but price-triggered liquidations are disabled");
    return null;
  }
  log(
    `Obligation is eligible for liquidation, borrowed value (scaled): ${fx.fractionDisplay(obligation.borrowFactorAdjustedDebtValueSf)}, ` +
      `unhealthy borrow value (scaled): ${fx.fractionDisplay(obligation.unhealthyBorrowValueSf)}, LTV: ${fx.toPercent(userLtv)}%/${fx.toPercent(maxAllowedLtv)}%`,
  );
  const emodeCap = emodeMaxLiquidationBonusBps(market, collateral.config, debt.config, obligation);
  const bonusRate = liquidationBonus(collateral.config, debt.config, maxAllowedLtv, userLtv, noBfLoanToValue(obligation), emodeCap);
  return { userLtv, bonusRate, reason: { kind: "LtvExceeded" } };
}

function individualDeleveraging({ market, collateral, debt, obligation, timestamp, log }: EligibilityInputs): LiquidationParams | null {
  if (obligation.autodeleverageMarginCallStartedTimestamp === 0n) return null;
  if (market.autodeleverageEnabled === 0) {
    log("Obligation is marked for auto-deleveraging, but the feature is disabled");
    return null;
  }
  const period = market.individualAutodeleverageMarginCallPeriodSecs;
  if (period === 0n) {
    log("Obligation is marked for auto-deleveraging, but the feature is misconfigured");
    return null;
  }
  const userLtv = loanToValue(obligation);
  if (userLtv <= fx.fromPercent(obligation.autodeleverageTargetLtvPct)) {
    log("Obligation is marked for auto-deleveraging, but its LTV is already below target");
    return null;
  }
  const seconds = secondsSinceDeleveragingStarted(period, fx.saturatingSub(timestamp, obligation.autodeleverageMarginCallStartedTimestamp));
  if (seconds === null) {
    log("Obligation is marked for auto-deleveraging, but the margin call period has not expired");
    return null;
  }
  const chosen = offersLargerDeleveragingBonus(collateral.config, debt.config) ? collateral.config : debt.config;
  const bonusRate = autodeleverageBonus(
    chosen.minDeleveragingBonusBps,
    chosen.deleveragingBonusIncreaseBpsPerDay,
    chosen.maxLiquidationBonusBps,
    emodeMaxLiquidationBonusBps(market, collateral.config, debt.config, obligation),
    daysFractional(seconds),
    noBfLoanToValue(obligation),
  );
  return { userLtv, bonusRate, reason: { kind: "IndividualDeleveraging" } };
}

/** The reserve setting an individual deleveraging's bonus: larger max bonus, then daily increase, then minimum; ties go to the debt. */
function offersLargerDeleveragingBonus(a: ReserveConfig, b: ReserveConfig): boolean {
  if (a.maxLiquidationBonusBps !== b.maxLiquidationBonusBps) return a.maxLiquidationBonusBps > b.maxLiquidationBonusBps;
  if (a.deleveragingBonusIncreaseBpsPerDay !== b.deleveragingBonusIncreaseBpsPerDay) {
    return a.deleveragingBonusIncreaseBpsPerDay > b.deleveragingBonusIncreaseBpsPerDay;
  }
  return a.minDeleveragingBonusBps > b.minDeleveragingBonusBps;
}

/** Seconds a reserve has been deleveraging since it crossed a limit and the margin call ran out, or null. */
function deleveragingSeconds(reserve: Reserve, crossed: boolean, crossedAt: bigint, timestamp: bigint, log: Log): bigint | null {
  if (!crossed) return null;
  if (crossedAt === 0n) {
    log("Reserve limit crossed but timestamp not set - need to call refresh reserve?");
    return null;
  }
  const period = reserve.config.deleveragingMarginCallPeriodSecs;
  const sinceMarginCall = fx.saturatingSub(timestamp, crossedAt);
  const seconds = secondsSinceDeleveragingStarted(period, sinceMarginCall);
  if (seconds === null) {
    log(`Reserve is eligible for auto-deleveraging, but margin call period not expired (${sinceMarginCall}/${period} seconds)`);
  }
  return seconds;
}

function reserveDeleveraging(reserve: Reserve, seconds: bigint | null, obligation: Obligation, log: Log): LiquidationParams | null {
  if (seconds === null) return null;
  const days = daysFractional(seconds);
  const threshold = autodeleverageThreshold(reserve.config.deleveragingThresholdDecreaseBpsPerDay, days);
  const userLtv = loanToValue(obligation);
  if (userLtv < threshold) {
    log(`LTV is below the current auto-deleverage threshold: ${fx.fractionDisplay(userLtv)}/${fx.fractionDisplay(threshold)}`);
    return null;
  }
  const { minDeleveragingBonusBps, deleveragingBonusIncreaseBpsPerDay, maxLiquidationBonusBps } = reserve.config;
  const bonusRate = autodeleverageBonus(
    minDeleveragingBonusBps,
    deleveragingBonusIncreaseBpsPerDay,
    maxLiquidationBonusBps,
    NO_EMODE_CAP,
    days,
    noBfLoanToValue(obligation),
  );
  return { userLtv, bonusRate, reason: { kind: "MarketWideDeleveraging" } };
}

function marketWideDeleveraging({ market, collateral, debt, obligation, timestamp, log }: EligibilityInputs): LiquidationParams | null {
  if (market.autodeleverageEnabled === 0) return null;
  if (collateral.config.autodeleverageEnabled !== 0) {
    const crossed = totalSupply(collateral.liquidity) > fx.fromInt(collateral.config.depositLimit);
    const seconds = deleveragingSeconds(collateral, crossed, collateral.liquidity.depositLimitCrossedTimestamp, timestamp, log);
    const params = reserveDeleveraging(collateral, seconds, obligation, log);
    if (params) return params;
  }
  if (debt.config.autodeleverageEnabled !== 0) {
    const crossed = debt.liquidity.borrowedAmountSf > fx.fromInt(debt.config.borrowLimit);
    const seconds = deleveragingSeconds(debt, crossed, debt.liquidity.borrowLimitCrossedTimestamp, timestamp, log);
    return reserveDeleveraging(debt, seconds, obligation, log);
  }
  return null;
}

function orderExecution({ market, collateral, debt, obligation, log }: EligibilityInputs): LiquidationParams | null {
  const hit = findApplicableOrder(collateral, debt, obligation, market.priceTriggeredLiquidationDisabled !== 0, log);
  if (!hit) return null;
  if (market.obligationOrderExecutionEnabled === 0) {
    log(`Obligation's order ${hit.index}. condition is hit, but the feature is disabled`);
    return null;
  }
  const { order } = hit;
  log(`Obligation's order ${hit.index}. condition is hit, enabling the liquidator to deleverage`);
  return {
    userLtv: loanToValue(obligation),
    bonusRate: orderExecutionBonus(order.minExecutionBonusBps, order.maxExecutionBonusBps, hit.distance, noBfLoanToValue(obligation)),
    reason: { kind: "ObligationOrder", index: hit.index },
  };
}

function reasonName(reason: LiquidationReason): string {
  return reason.kind === "ObligationOrder" ? `ObligationOrder(${reason.index})` : reason.kind;
}

/**
 * The first reason that applies, with its bonus; then the priority rules: an LTV liquidation repays the debt with
 * the highest borrow factor, and LTV and order liquidations seize the collateral with the lowest liquidation LTV.
 */
export function liquidationParams(
  inputs: EligibilityInputs,
  isDebtHighestBorrowFactor: boolean,
  isCollateralLowestLiquidationLtv: boolean,
): LiquidationParams {
  const params = ltvExceeded(inputs) ?? individualDeleveraging(inputs) ?? marketWideDeleveraging(inputs) ?? orderExecution(inputs);
  if (!params) {
    inputs.log(`Obligation is healthy and cannot be liquidated, LTV: ${fx.fractionToDecimal(loanToValue(inputs.obligation))}`);
    return fail("ObligationHealthy");
  }
  if (params.reason.kind === "LtvExceeded" && !isDebtHighestBorrowFactor) {
    inputs.log("Debt reserve must be the highest borrow factor reserve");
    fail("LiquidationBorrowFactorPriority");
  }
  if ((params.reason.kind === "LtvExceeded" || params.reason.kind === "ObligationOrder") && !isCollateralLowestLiquidationLtv) {
    inputs.log("Collateral reserve must be the lowest liquidation LTV reserve");
    fail("LiquidationLowestLiquidationLtvPriority");
  }
  inputs.log(
    `Obligation is eligible for liquidation because of ${reasonName(params.reason)} with liquidation bonus: ${fx.toBps(params.bonusRate)}bps`,
  );
  return params;
}
