// Elevation groups (klend's e-mode; reference MO §1.2, §2.11, SML §2.6): the rules a group must meet when the market
// owner writes it, and reading the group an obligation is in.
import { FULL_BPS } from "../constants.js";
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { ELEVATION_GROUP_COUNT, type ElevationGroup, type LendingMarket } from "../state/lending-market.js";

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
  const group = market.elevationGroups[elevationGroupIndex(id)];
  if (!group || group.ltvPct === 0 || group.liquidationThresholdPct === 0) fail("InvalidElevationGroup");
  return group;
}
