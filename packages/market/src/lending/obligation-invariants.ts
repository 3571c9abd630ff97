// The checks after each position change (klend's post_*_obligation_invariants): a position left non-empty must be
// worth at least the market's minimum net value, and the change may not push the obligation's LTV where the
// operation forbids it. They use the values of the obligation's last refresh, adjusted by the change.
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { marketValue } from "../math/market-value.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { loanToValue, unhealthyLoanToValue } from "./obligation-positions.js";
import { debtBorrowFactor } from "./elevation-groups.js";
import type { Log } from "./preconditions.js";

function valueOf(reserve: Reserve, liquidity: bigint): bigint {
  return marketValue(liquidity, reserve.liquidity.marketPriceSf, reserve.liquidity.mintDecimals);
}

function tooSmall(value: bigint, market: LendingMarket): boolean {
  return value > 0n && value < market.minNetValueInObligationSf;
}

/** After depositing collateral worth `liquidity`: the position's value and no worse LTV. */
export function postDepositInvariants(
  obligation: Obligation,
  reserve: Reserve,
  market: LendingMarket,
  liquidity: bigint,
  previousCollateralValue: bigint,
  log: Log,
): void {
  const added = valueOf(reserve, liquidity);
  const newTotal = fx.add(obligation.depositedValueSf, added);
  if (tooSmall(fx.add(previousCollateralValue, added), market)) {
    log(`Obligation new collateral value after deposit ${fx.fractionDisplay(fx.add(previousCollateralValue, added))}`);
    fail("NetValueRemainingTooSmall");
  }
  if (obligation.depositedValueSf !== 0n && fx.div(obligation.borrowFactorAdjustedDebtValueSf, newTotal) > loanToValue(obligation)) {
    log("Obligation new LTV after deposit is worse");
    fail("WorseLtvBlocked");
  }
}

/** After withdrawing collateral worth `liquidity`: the position's value, assets above liabilities, not liquidatable. */
export function postWithdrawInvariants(
  obligation: Obligation,
  reserve: Reserve,
  market: LendingMarket,
  liquidity: bigint,
  collateralValue: bigint,
  log: Log,
): void {
  const removed = valueOf(reserve, liquidity);
  const newTotal = fx.saturatingSub(obligation.depositedValueSf, removed);
  if (collateralValue !== 0n && tooSmall(fx.saturatingSub(collateralValue, removed), market)) {
    log(`Obligation new collateral value after withdraw ${fx.fractionDisplay(fx.saturatingSub(collateralValue, removed))}`);
    fail("NetValueRemainingTooSmall");
  }
  if (newTotal === 0n) return;
  if (obligation.borrowedAssetsMarketValueSf >= newTotal) {
    log(`Obligation new total deposited market value after withdraw ${fx.fractionDisplay(newTotal)}`);
    fail("LiabilitiesBiggerThanAssets");
  }
  if (fx.div(obligation.borrowFactorAdjustedDebtValueSf, newTotal) > unhealthyLoanToValue(obligation)) {
    log("Obligation new LTV after withdraw is above its unhealthy LTV");
    fail("WorseLtvThanUnhealthyLtv");
  }
}

/** After borrowing `amount` (Fraction): the position's value, not liquidatable, liabilities below assets. */
export function postBorrowInvariants(
  obligation: Obligation,
  reserve: Reserve,
  market: LendingMarket,
  amount: bigint,
  positionValue: bigint,
  log: Log,
): void {
  const added = valueOf(reserve, amount);
  const newAdjustedDebt = fx.add(obligation.borrowFactorAdjustedDebtValueSf, fx.mul(added, debtBorrowFactor(reserve, obligation)));
  const newDebt = fx.add(obligation.borrowedAssetsMarketValueSf, added);
  if (tooSmall(fx.add(positionValue, added), market)) {
    log(`Obligation new borrowed value after borrow ${fx.fractionDisplay(fx.add(positionValue, added))}`);
    fail("NetValueRemainingTooSmall");
  }
  if (fx.div(newAdjustedDebt, obligation.depositedValueSf) > unhealthyLoanToValue(obligation)) {
    log("Obligation new LTV after borrow is above its unhealthy LTV");
    fail("WorseLtvThanUnhealthyLtv");
  }
  if (newDebt >= obligation.depositedValueSf) {
    log(`Obligation can't have more liabilities than assets after borrow ${fx.fractionDisplay(newDebt)}`);
    fail("LiabilitiesBiggerThanAssets");
  }
}

/** After settling `settled` (Fraction): a partly repaid position's value and no worse LTV. */
export function postRepayInvariants(
  obligation: Obligation,
  reserve: Reserve,
  market: LendingMarket,
  settled: bigint,
  positionValue: bigint,
  log: Log,
): void {
  const removed = valueOf(reserve, settled);
  if (positionValue !== 0n && tooSmall(fx.saturatingSub(positionValue, removed), market)) {
    log(`Obligation new borrowed value after repay ${fx.fractionDisplay(fx.saturatingSub(positionValue, removed))}`);
    fail("NetValueRemainingTooSmall");
  }
  if (obligation.depositedValueSf === 0n) return;
  const newAdjustedDebt = fx.saturatingSub(
    obligation.borrowFactorAdjustedDebtValueSf,
    fx.mul(removed, debtBorrowFactor(reserve, obligation)),
  );
  if (fx.div(newAdjustedDebt, obligation.depositedValueSf) > loanToValue(obligation)) {
    log("Obligation new LTV after repay is worse");
    fail("WorseLtvBlocked");
  }
}
