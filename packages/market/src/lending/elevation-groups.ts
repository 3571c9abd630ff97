// Elevation groups (klend's e-mode; reference MO §1.2, §2.11, SML §2.6): the rules a group must meet when the market
// owner writes it, and reading the group an obligation is in.
import { FULL_BPS } from "../constants.js";
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { ELEVATION_GROUP_COUNT, type ElevationGroup, type LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import type { ReserveConfig } from "../state/reserve-config.js";
import type { Reserve } from "../state/reserve.js";
import type { Log } from "./preconditions.js";
import { borrowFactorOf } from "./reserve-operations.js";

/** Group id 0: no elevation group. */
export const ELEVATION_GROUP_NONE = 0;

/** Why the owner may not write `group` (InvalidElevationGroupConfig), or null. */
export function elevationGroupConfigProblem(group: ElevationGroup): string | null {
  if (group.id > ELEVATION_GROUP_COUNT) return `Elevation group id must be at most ${ELEVATION_GROUP_COUNT}`;
  if (group.id !== ELEVATION_GROUP_NONE && group.liquidationThresholdPct === 0) return "Liquidation threshold must be non-zero";
  if (
    group.liquidationThresholdPct >= 100 ||
    group.ltvPct >= 100 ||
    group.ltvPct > group.liquidationThresholdPct ||
    BigInt(group.maxLiquidationBonusBps) > FULL_BPS
  ) {
    return "LTV and liquidation threshold must be below 100 with LTV at most the threshold, and the bonus at most 100%";
  }
  if (group.id !== ELEVATION_GROUP_NONE && (group.debtReserve === ZERO_PUBKEY || group.maxReservesAsCollateral === 0)) {
    return "A group needs a debt reserve and at least one collateral reserve";
  }
  const threshold = fx.fromPercent(group.liquidationThresholdPct);
  if (fx.add(threshold, fx.mul(threshold, fx.fromBps(group.maxLiquidationBonusBps))) > fx.ONE) {
    return "Max liquidation bonus * liquidation threshold is greater than 100%, invalid";
  }
  return null;
}

/** The slot group `id` is stored in (id k at index k − 1). */
export function elevationGroupIndex(id: number): number {
  return id - 1;
}

/**
 * The group `id` of the market, or null for no group: InvalidElevationGroup when it is out of range or was never
 * configured (zero LTV or liquidation threshold).
 */
export function elevationGroupOf(market: LendingMarket, id: number): ElevationGroup | null {
  if (id === ELEVATION_GROUP_NONE) return null;
  if (id > ELEVATION_GROUP_COUNT) fail("InvalidElevationGroup");
  const group = market.elevationGroups[elevationGroupIndex(id)];
  if (!group || group.ltvPct === 0 || group.liquidationThresholdPct === 0) fail("InvalidElevationGroup");
  return group;
}

/** The LTV and liquidation threshold a collateral counts with: the group's inside one, the reserve's outside. */
export function collateralLtvAndThreshold(reserve: Reserve, group: ElevationGroup | null): { ltv: number; threshold: number } {
  return group
    ? { ltv: group.ltvPct, threshold: group.liquidationThresholdPct }
    : { ltv: reserve.config.loanToValuePct, threshold: reserve.config.liquidationThresholdPct };
}

/** A debt's borrow factor: 1 inside an elevation group, the reserve's (at least 1) outside. */
export function borrowFactorIn(reserve: Reserve, group: ElevationGroup | null): bigint {
  return group ? fx.ONE : borrowFactorOf(reserve);
}

/** The borrow factor of the obligation's debt in `reserve`: 1 while the obligation is in a group. */
export function debtBorrowFactor(reserve: Reserve, obligation: Obligation): bigint {
  return obligation.elevationGroup === ELEVATION_GROUP_NONE ? borrowFactorOf(reserve) : fx.ONE;
}

/** InconsistentElevationGroup unless the reserve lists the obligation's group (any reserve does outside groups). */
export function checkSameElevationGroup(obligation: Obligation, reserve: Reserve, log: Log): void {
  if (obligation.elevationGroup === ELEVATION_GROUP_NONE || reserve.config.elevationGroups.includes(obligation.elevationGroup)) return;
  log(`Obligation elevation group ${obligation.elevationGroup} is not in the reserve's elevation groups`);
  fail("InconsistentElevationGroup");
}

/** ElevationGroupNewLoansDisabled when the obligation's group takes no new loans. */
export function checkElevationGroupBorrowingEnabled(market: LendingMarket, obligation: Obligation, log: Log): void {
  const group = elevationGroupOf(market, obligation.elevationGroup);
  if (group && group.allowNewLoans === 0) {
    log("The elevation group does not allow new loans");
    fail("ElevationGroupNewLoansDisabled");
  }
}

/** BorrowingDisabledOutsideElevationGroup when a collateral outside any group disables borrowing. */
export function checkNonElevationGroupBorrowingEnabled(obligation: Obligation, log: Log): void {
  if (obligation.borrowingDisabled === 0) return;
  log("Obligation has a collateral that disables borrowing outside an elevation group");
  fail("BorrowingDisabledOutsideElevationGroup");
}

/** The group's own checks of a reserve it lists (reserve config validation, MO §2.11), or null. */
export function reserveElevationGroupProblem(config: ReserveConfig, market: LendingMarket, reserveKey: string): string | null {
  for (const id of config.elevationGroups) {
    const group = elevationGroupOf(market, id);
    if (!group) continue;
    if (group.debtReserve === ZERO_PUBKEY) return "Invalid elevation group debt reserve";
    if (group.debtReserve !== reserveKey) {
      if (group.maxLiquidationBonusBps > config.maxLiquidationBonusBps) {
        return `Invalid max liquidation bonus in elevation group ${id}, elevation group's liquidation bonus must be less than the config's`;
      }
      if (group.liquidationThresholdPct < config.liquidationThresholdPct) {
        return `Invalid liquidation threshold in elevation group ${id}, elevation id liquidation threshold must be greater than the config's`;
      }
      if (group.ltvPct < config.loanToValuePct) {
        return `Invalid ltv ratio in elevation group ${id}, cannot be bigger than the reserve's ltv ratio`;
      }
      if (group.ltvPct > group.liquidationThresholdPct) {
        return `Invalid ltv ratio in elevation group ${id}, cannot be bigger than the liquidation threshold`;
      }
      if (group.liquidationThresholdPct > 100) return `Invalid liquidation threshold in elevation group ${id}, must be less than 100%`;
    }
    if (group.maxReservesAsCollateral === 0) return "Invalid elevation group max collateral reserves";
  }
  return null;
}
