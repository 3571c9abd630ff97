// klend's request_elevation_group (reference MO §3.3): an obligation moves into an elevation group (or out, group 0).
// Its debt counters leave the old group's books, both passes of the refresh run under the new group's rules, and the
// move must leave the debt within the new borrowing power and every reserve's group limits.
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { checkNonElevationGroupBorrowingEnabled, elevationGroupIndex, elevationGroupOf } from "./elevation-groups.js";
import { markStale, type MarketClock } from "./last-update.js";
import { checkObligationFullyRefreshed } from "./obligation-debt.js";
import { type ReserveRef, refreshObligationBorrows, refreshObligationDeposits } from "./obligation-refresh.js";
import { borrowsEmpty, loanToValue } from "./obligation-positions.js";
import type { Log } from "./preconditions.js";

/** The obligation's active slots paired with their reserves, in slot order (InvalidAccountInput on a mismatch). */
function paired<T extends { readonly reserve: string }>(slots: readonly T[], refs: readonly ReserveRef[]): [T, ReserveRef][] {
  return slots.map((slot, i) => {
    const ref = refs[i];
    if (!ref || ref.key !== slot.reserve) fail("InvalidAccountInput");
    return [slot, ref];
  });
}

const activeDepositSlots = (obligation: Obligation) =>
  obligation.deposits.filter((d) => d.depositReserve !== ZERO_PUBKEY).map((slot) => ({ slot, reserve: slot.depositReserve }));
const activeBorrowSlots = (obligation: Obligation) =>
  obligation.borrows.filter((b) => b.borrowReserve !== ZERO_PUBKEY).map((slot) => ({ slot, reserve: slot.borrowReserve }));

/** Takes the obligation's debt out of the counters of the group it is in (or of the debt outside groups). */
function resetElevationGroupDebts(
  obligation: Obligation,
  market: LendingMarket,
  deposits: readonly ReserveRef[],
  borrows: readonly ReserveRef[],
): void {
  const group = elevationGroupOf(market, obligation.elevationGroup);
  if (group) {
    const index = elevationGroupIndex(group.id);
    for (const [{ slot }, { reserve }] of paired(activeDepositSlots(obligation), deposits)) {
      const counted = reserve.borrowedAmountsAgainstThisReserveInElevationGroups[index] ?? 0n;
      reserve.borrowedAmountsAgainstThisReserveInElevationGroups[index] = fx.saturatingSub(
        counted,
        slot.borrowedAmountAgainstThisCollateralInElevationGroup,
      );
      slot.borrowedAmountAgainstThisCollateralInElevationGroup = 0n;
    }
  } else {
    for (const [{ slot }, { reserve }] of paired(activeBorrowSlots(obligation), borrows)) {
      reserve.borrowedAmountOutsideElevationGroup = fx.saturatingSub(
        reserve.borrowedAmountOutsideElevationGroup,
        slot.borrowedAmountOutsideElevationGroups,
      );
      slot.borrowedAmountOutsideElevationGroups = 0n;
    }
  }
}

/** The group's limits after the move (klend's check_elevation_group_borrow_limit_constraints). */
function checkElevationGroupBorrowLimits(
  obligation: Obligation,
  market: LendingMarket,
  deposits: readonly ReserveRef[],
  borrows: readonly ReserveRef[],
  log: Log,
): void {
  const group = elevationGroupOf(market, obligation.elevationGroup);
  for (const [, { key, reserve }] of paired(activeBorrowSlots(obligation), borrows)) {
    if (group) {
      if (!reserve.config.elevationGroups.includes(group.id)) fail("InconsistentElevationGroup");
      if (key !== group.debtReserve) fail("ElevationGroupHasAnotherDebtReserve");
    } else if (reserve.borrowedAmountOutsideElevationGroup > reserve.config.borrowLimitOutsideElevationGroup) {
      log(`Reserve ${key} debt outside elevation groups is above its limit`);
      fail("ElevationGroupBorrowLimitExceeded");
    }
  }
  for (const [, { key, reserve }] of paired(activeDepositSlots(obligation), deposits)) {
    if (!group) continue;
    if (!reserve.config.elevationGroups.includes(group.id)) fail("InconsistentElevationGroup");
    if (key === group.debtReserve) fail("ElevationGroupDebtReserveAsCollateral");
    const index = elevationGroupIndex(group.id);
    const limit = reserve.config.borrowLimitAgainstThisCollateralInElevationGroup[index] ?? 0n;
    const counted = reserve.borrowedAmountsAgainstThisReserveInElevationGroups[index] ?? 0n;
    if (counted > limit) {
      log(`Reserve ${key} debt against it in elevation group ${group.id} is ${counted}, above its limit ${limit}`);
      fail("ElevationGroupBorrowLimitExceeded");
    }
  }
  if (!borrowsEmpty(obligation)) checkNonElevationGroupBorrowingEnabled(obligation, log);
}

/**
 * Moves the fully refreshed obligation into group `requested` (0: out of any group). `deposits` and `borrows` are
 * its reserves in slot order; their counters change, so the caller writes them back.
 */
export function requestElevationGroup(
  obligation: Obligation,
  market: LendingMarket,
  clock: MarketClock,
  requested: number,
  deposits: readonly ReserveRef[],
  borrows: readonly ReserveRef[],
  log: Log,
): void {
  checkObligationFullyRefreshed(obligation, clock, log);
  if (obligation.elevationGroup === requested) fail("ElevationGroupAlreadyActivated");
  const initialLtv = loanToValue(obligation);
  resetElevationGroupDebts(obligation, market, deposits, borrows);

  const group = elevationGroupOf(market, requested);
  if (group) {
    if (group.allowNewLoans === 0) fail("ElevationGroupNewLoansDisabled");
    if (group.debtReserve === ZERO_PUBKEY) fail("ElevationGroupWithoutDebtReserve");
    if (group.maxReservesAsCollateral === 0) fail("ElevationGroupMaxCollateralReserveZero");
  }
  const borrowed = refreshObligationBorrows(obligation, market, clock.slot, group, borrows, null, log);
  const deposited = refreshObligationDeposits(obligation, market, clock.slot, group, borrowed.debtInGroup, deposits, true, log);
  if (deposited.allowed < borrowed.adjustedDebt) {
    log("The obligation is not healthy enough to support the new elevation group");
    fail("UnhealthyElevationGroupLtv");
  }
  if (obligation.autodeleverageMarginCallStartedTimestamp !== 0n && deposited.depositedValue !== 0n) {
    const resultingLtv = fx.div(borrowed.adjustedDebt, deposited.depositedValue);
    if (resultingLtv > initialLtv) {
      log(
        `Obligation marked for deleveraging - cannot worsen its LTV from ${fx.fractionDisplay(initialLtv)} to ${fx.fractionDisplay(resultingLtv)}`,
      );
      fail("WorseLtvBlocked");
    }
  }
  log(`Previous elevation group: ${obligation.elevationGroup} . Requested elevation group for: ${requested}`);
  obligation.elevationGroup = requested;
  obligation.borrowingDisabled = deposited.borrowingDisabled ? 1 : 0;
  markStale(obligation.lastUpdate);
  checkElevationGroupBorrowLimits(obligation, market, deposits, borrows, log);
}
