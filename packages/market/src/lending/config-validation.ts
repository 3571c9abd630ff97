// klend's validate_reserve_config (reference §1.3, §2.4): the rules a reserve config must meet unless the owner
// skips the integrity validation. Returns the first broken rule with the program's message for its log.
import { ONE, U64_MAX } from "../math/fraction.js";
import { borrowRateCurveProblem } from "../math/borrow-rate-curve.js";
import type { KlendErrorName } from "../errors.js";
import type { ReserveConfig } from "../state/reserve-config.js";
import type { LendingMarket } from "../state/lending-market.js";
import { AssetTier } from "./asset-tiers.js";
import { reserveElevationGroupProblem } from "./elevation-groups.js";
import { isTwapConfigValid, oracleConfigProblem } from "./oracle-config.js";

export interface ConfigProblem {
  error: KlendErrorName;
  reason: string;
}

/** The first rule `c` breaks as the config of reserve `reserveKey` in `market`, or null. */
export function reserveConfigProblem(c: ReserveConfig, market: LendingMarket, reserveKey: string): ConfigProblem | null {
  const invalid = (reason: string): ConfigProblem => ({ error: "InvalidConfig", reason });
  if (c.status > 2) return invalid("Reserve status must be Active (0), Obsolete (1) or Hidden (2)");
  if (c.assetTier > AssetTier.IsolatedDebt) return invalid("Asset tier must be Regular (0), IsolatedCollateral (1) or IsolatedDebt (2)");
  if (c.loanToValuePct >= 100) return invalid("Loan to value ratio must be in range [0, 100)");
  if (c.maxLiquidationBonusBps > 10_000) return invalid("Liquidation bonus must be in range [0, 100]");
  if (c.liquidationThresholdPct < c.loanToValuePct || c.liquidationThresholdPct > 100) {
    return invalid("Liquidation threshold must be in range [LTV, 100]");
  }
  if (c.fees.originationFeeSf >= ONE) return invalid("Borrow fee must be in range [0, 100%]");
  if (c.protocolLiquidationFeePct > 100) return invalid("Protocol liquidation fee must be in range [0, 100]");
  if (c.protocolTakeRatePct > 100) return invalid("Protocol take rate must be in range [0, 100]");
  const oracle = oracleConfigProblem(c.tokenInfo);
  if (oracle) return { error: "InvalidOracleConfig", reason: oracle };
  if (!isTwapConfigValid(c.tokenInfo)) return { error: "InvalidTwapConfig", reason: "Invalid reserve token twap config" };
  if (c.badDebtLiquidationBonusBps >= 100) return invalid("Invalid bad debt liquidation bonus, cannot be more than 1%");
  if (c.minLiquidationBonusBps > c.maxLiquidationBonusBps) return invalid("Invalid min liquidation bonus");
  if (c.borrowFactorPct < 100n) return invalid("Invalid borrow factor, it must be greater or equal to 100");
  if (c.assetTier === AssetTier.IsolatedDebt && (c.loanToValuePct !== 0 || c.liquidationThresholdPct !== 0)) {
    return invalid("LTV ratio and liquidation threshold must be 0 for isolated debt assets");
  }
  if (c.assetTier === AssetTier.IsolatedCollateral && c.borrowLimit !== 0n) {
    return invalid("Borrow limit must be 0 for isolated collateral assets");
  }
  if (c.borrowLimitOutsideElevationGroup !== U64_MAX && c.borrowLimit < c.borrowLimitOutsideElevationGroup) {
    return invalid("Invalid 'borrow limit', must be at least equal to 'borrow limit outside elevation group' when enabled");
  }
  // A group the market never configured fails InvalidElevationGroup as the groups are read.
  const group = reserveElevationGroupProblem(c, market, reserveKey);
  if (group) return invalid(group);
  if (c.utilizationLimitBlockBorrowingAbovePct > 100) return invalid("Utilization limit to block borrows above cannot be bigger than 100%");
  const curve = borrowRateCurveProblem(c.borrowRateCurve.points);
  if (curve) return { error: "InvalidBorrowRateCurvePoint", reason: curve };
  return null;
}
