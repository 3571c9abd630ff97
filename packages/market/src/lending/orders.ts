// Obligation orders (reference SML §2.1, MO §1.4; klend's order_operations): the owner's conditional deleveraging
// orders, validated when set, kept compatible with the obligation's shape, evaluated at liquidation time and
// consumed by the liquidations that execute them.
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { FRACTION_MAX } from "../math/liquidation.js";
import type { LendingMarket } from "../state/lending-market.js";
import { type Obligation, type ObligationOrder, activeBorrows, activeDeposits } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { loanToValue, unhealthyLoanToValue } from "./obligation-positions.js";
import type { Log } from "./preconditions.js";

export const ConditionType = {
  Never: 0,
  UserLtvAbove: 1,
  UserLtvBelow: 2,
  DebtCollPriceRatioAbove: 3,
  DebtCollPriceRatioBelow: 4,
  Always: 5,
  LiquidationLtvCloserThan: 6,
} as const;

export const OpportunityType = { DeleverageSingleDebtAmount: 0, DeleverageAllDebt: 1 } as const;

/** Orders per obligation. */
export const ORDERS_PER_OBLIGATION = 2;

/** A decimal literal num/den as the fixed-point literals round it (to nearest). */
const literal = (num: bigint, den: bigint) => (2n * num * fx.ONE + den) / (2n * den);
const PRICE_RATIO_MIN = literal(1n, 10n ** 15n);
const PRICE_RATIO_MAX = fx.fromInt(10n ** 15n);
/** [0.01, 1.0): LTV thresholds and distances to the liquidation LTV. */
const LTV_MIN = literal(1n, 100n);
const LTV_END = fx.ONE;
const EXECUTION_BONUS_SANITY_LIMIT = literal(1n, 10n);

/** An order as set_obligation_order carries it: the stored fields and the padding that must be zero. */
export interface OrderArgs extends ObligationOrder {
  padding1: Uint8Array;
  padding2: readonly bigint[];
}

export function emptyOrder(): ObligationOrder {
  return {
    conditionThresholdSf: 0n,
    opportunityParameterSf: 0n,
    minExecutionBonusBps: 0,
    maxExecutionBonusBps: 0,
    conditionType: 0,
    opportunityType: 0,
  };
}

export function isOrderActive(order: ObligationOrder): boolean {
  return order.conditionType !== ConditionType.Never;
}

function isVoid(order: ObligationOrder): boolean {
  return (
    order.conditionThresholdSf === 0n &&
    order.opportunityParameterSf === 0n &&
    order.minExecutionBonusBps === 0 &&
    order.maxExecutionBonusBps === 0 &&
    order.conditionType === 0 &&
    order.opportunityType === 0
  );
}

/** Why klend refuses the order (InvalidOrderConfiguration), or null. */
export function orderProblem(order: OrderArgs): string | null {
  const threshold = order.conditionThresholdSf;
  const display = fx.fractionDisplay;
  switch (order.conditionType) {
    case ConditionType.DebtCollPriceRatioAbove:
    case ConditionType.DebtCollPriceRatioBelow:
      if (threshold < PRICE_RATIO_MIN || threshold > PRICE_RATIO_MAX) {
        return `Invalid price ratio threshold ${display(threshold)}; should be in range [${display(PRICE_RATIO_MIN)}; ${display(PRICE_RATIO_MAX)}]`;
      }
      break;
    case ConditionType.UserLtvAbove:
    case ConditionType.UserLtvBelow:
      if (threshold < LTV_MIN || threshold >= LTV_END) {
        return `Invalid LTV threshold ${display(threshold)}; should be in range [${display(LTV_MIN)}; ${display(LTV_END)})`;
      }
      break;
    case ConditionType.Always:
      if (threshold !== 0n) return `An unconditional order should use zeroed condition threshold; got ${display(threshold)}`;
      if (order.minExecutionBonusBps !== order.maxExecutionBonusBps) return "An unconditional order should define a constant bonus";
      break;
    case ConditionType.Never:
      return isVoid(order) && isZeroPadding(order) ? null : "A void order should be entirely zeroed";
    case ConditionType.LiquidationLtvCloserThan:
      if (threshold < LTV_MIN || threshold >= LTV_END) {
        return `Invalid difference to liquidation LTV ${display(threshold)}; should be in range [${display(LTV_MIN)}; ${display(LTV_END)})`;
      }
      break;
    default:
      return `Invalid order condition type ${order.conditionType}`;
  }
  switch (order.opportunityType) {
    case OpportunityType.DeleverageSingleDebtAmount:
      if (order.opportunityParameterSf === 0n) return "Single debt deleveraging opportunity amount cannot be 0";
      if (order.opportunityParameterSf === FRACTION_MAX) return "Single debt deleveraging opportunity amount must be finite";
      break;
    case OpportunityType.DeleverageAllDebt:
      if (order.opportunityParameterSf !== FRACTION_MAX) return "Deleveraging all debt opportunity must allow repaying the entire amount";
      break;
    default:
      return `Invalid order opportunity type ${order.opportunityType}`;
  }
  if (order.minExecutionBonusBps > order.maxExecutionBonusBps) return "Minimum execution bonus higher than maximum";
  if (fx.fromBps(order.maxExecutionBonusBps) > EXECUTION_BONUS_SANITY_LIMIT)
    return "Maximum execution bonus higher than sanity limit 0.1000";
  if (!isZeroPadding(order)) return "Padding fields must be zeroed";
  return null;
}

function isZeroPadding(order: OrderArgs): boolean {
  return order.padding1.every((b) => b === 0) && order.padding2.every((v) => v === 0n);
}

/** Whether the obligation's current shape allows the order: price ratios need one debt and one collateral, single-debt amounts one debt. */
export function isOrderSupportedBy(order: ObligationOrder, obligation: Obligation): boolean {
  if (isVoid(order)) return true;
  const debts = activeBorrows(obligation).length;
  const singleDebtSingleCollateral = activeDeposits(obligation).length === 1 && debts === 1;
  const priceRatio =
    order.conditionType === ConditionType.DebtCollPriceRatioAbove || order.conditionType === ConditionType.DebtCollPriceRatioBelow;
  if (priceRatio && !singleDebtSingleCollateral) return false;
  return order.opportunityType !== OpportunityType.DeleverageSingleDebtAmount || debts === 1;
}

/** set_obligation_order's checks in klend's order, then the order written at `index`. */
export function setObligationOrder(market: LendingMarket, obligation: Obligation, index: number, order: OrderArgs, log: Log): void {
  const problem = orderProblem(order);
  if (problem) {
    log(problem);
    fail("InvalidOrderConfiguration");
  }
  if (!isOrderSupportedBy(order, obligation)) {
    log("Order not supported by obligation");
    fail("OrderConfigurationNotSupportedByObligation");
  }
  const previous = obligation.orders[index];
  if (!previous) {
    log(`Obligation may have at most ${ORDERS_PER_OBLIGATION} orders; got index ${index}`);
    fail("OrderIndexOutOfBounds");
  }
  if (!isOrderActive(previous) && isOrderActive(order) && market.obligationOrderCreationEnabled === 0) {
    log("Creation of new orders is disabled by the market's configuration");
    fail("OrderCreationDisabled");
  }
  log(`Setting obligation order[${index}]`);
  obligation.orders[index] = {
    conditionThresholdSf: order.conditionThresholdSf,
    opportunityParameterSf: order.opportunityParameterSf,
    minExecutionBonusBps: order.minExecutionBonusBps,
    maxExecutionBonusBps: order.maxExecutionBonusBps,
    conditionType: order.conditionType,
    opportunityType: order.opportunityType,
  };
}

/** After a deposit, borrow or repayment: every order must still fit the obligation's shape. */
export function checkOrdersSupportedAfterUserOperation(obligation: Obligation, log: Log): void {
  if (obligation.orders.every((order) => isOrderSupportedBy(order, obligation))) return;
  log("The obligation has orders which have to be cancelled before the operation");
  fail("OperationNotPermittedWithCurrentObligationOrders");
}

/** Clears every order; whether there was one. */
export function removeAllOrders(obligation: Obligation): boolean {
  const hadOrders = obligation.orders.some((order) => !isVoid(order));
  obligation.orders = obligation.orders.map(emptyOrder);
  return hadOrders;
}

/** A liquidation that executed `order` repaid `repayAmount`: a single-debt amount shrinks by it and is cleared at zero. */
export function consumeOrder(obligation: Obligation, index: number, repayAmount: bigint, log: Log): void {
  const order = obligation.orders[index];
  if (!order || order.opportunityType !== OpportunityType.DeleverageSingleDebtAmount) {
    log(`An opportunity to liquidate all debt was used by liquidator repaying amount ${repayAmount} (order unaffected)`);
    return;
  }
  const left = fx.saturatingSub(order.opportunityParameterSf, fx.fromInt(repayAmount));
  if (left === 0n) {
    log(`An opportunity to liquidate single debt was fully used by liquidator repaying amount ${repayAmount} (order cleared)`);
    obligation.orders[index] = emptyOrder();
  } else {
    log(`An opportunity to liquidate single debt was partially used by liquidator repaying amount ${repayAmount}`);
    order.opportunityParameterSf = left;
  }
}

/** A hit order: its index, and how far past its threshold the obligation is (null for unconditional orders). */
export interface OrderHit {
  index: number;
  order: ObligationOrder;
  distance: bigint | null;
}

/** Stop-loss: hit above the threshold, the distance normalized by the way to the liquidation point (1 beyond it). */
function stopLoss(current: bigint, threshold: bigint, liquidationPoint: bigint): bigint | null | undefined {
  if (current <= threshold) return undefined;
  if (threshold > liquidationPoint) return fx.ONE;
  return fx.div(current - threshold, liquidationPoint - threshold);
}

/** Take-profit: hit below the threshold, the distance normalized by the way to zero. */
function takeProfit(current: bigint, threshold: bigint): bigint | undefined {
  if (current >= threshold) return undefined;
  return fx.div(threshold - current, threshold);
}

/** The order's condition: undefined when not hit, else the normalized distance (null: none). */
function evaluateCondition(collateral: Reserve, debt: Reserve, obligation: Obligation, order: ObligationOrder): bigint | null | undefined {
  const threshold = order.conditionThresholdSf;
  const priceRatio = () => fx.div(debt.liquidity.marketPriceSf, collateral.liquidity.marketPriceSf);
  switch (order.conditionType) {
    case ConditionType.Always:
      return null;
    case ConditionType.UserLtvAbove:
      return stopLoss(loanToValue(obligation), threshold, unhealthyLoanToValue(obligation));
    case ConditionType.UserLtvBelow:
      return takeProfit(loanToValue(obligation), threshold);
    case ConditionType.DebtCollPriceRatioAbove: {
      // The ratio at which the obligation would become liquidatable, prices alone moving.
      const ratio = priceRatio();
      return stopLoss(ratio, threshold, fx.div(fx.mul(ratio, unhealthyLoanToValue(obligation)), loanToValue(obligation)));
    }
    case ConditionType.DebtCollPriceRatioBelow:
      return takeProfit(priceRatio(), threshold);
    case ConditionType.LiquidationLtvCloserThan: {
      const unhealthy = unhealthyLoanToValue(obligation);
      return stopLoss(loanToValue(obligation), fx.saturatingSub(unhealthy, threshold), unhealthy);
    }
    default:
      return undefined;
  }
}

/** The first order (index 0, then 1) whose condition holds; price-triggered ones are skipped when the market disabled them. */
export function findApplicableOrder(
  collateral: Reserve,
  debt: Reserve,
  obligation: Obligation,
  priceTriggeredDisabled: boolean,
  log: Log,
): OrderHit | null {
  for (const [index, order] of obligation.orders.entries()) {
    const distance = evaluateCondition(collateral, debt, obligation, order);
    if (distance === undefined) continue;
    if (order.conditionType !== ConditionType.Always && priceTriggeredDisabled) {
      log(`Obligation's order ${index}. condition is hit, but price-triggered liquidations are disabled`);
      continue;
    }
    return { index, order, distance };
  }
  return null;
}
