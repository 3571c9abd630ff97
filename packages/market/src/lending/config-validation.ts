// klend's validate_reserve_config (reference §1.3, §2.4): the rules a reserve config must meet unless the owner
// skips the integrity validation. Returns the first broken rule with the program's message for its log.
import { ONE, U64_MAX } from "../math/fraction.js";
import { borrowRateCurveProblem } from "../math/borrow-rate-curve.js";
import type { KlendErrorName } from "../errors.js";
import type { ReserveConfig } from "../state/reserve-config.js";
import { isTwapConfigValid, oracleConfigProblem } from "./oracle-config.js";

export interface ConfigProblem {
  error: KlendErrorName;
  reason: string;
}

const AssetTier = { Regular: 0, IsolatedCollateral: 1, IsolatedDebt: 2 } as const;

export function reserveConfigProblem(c: ReserveConfig): ConfigProblem | null {
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
  // The market defines no elevation groups, so any group a reserve names does not exist.
  if (c.elevationGroups.some((id) => id !== 0)) {
    return { error: "InvalidElevationGroup", reason: "The elevation group chosen for the reserve does not exist in the lending market" };
  }
  const curve = borrowRateCurveProblem(c.borrowRateCurve.points);
  if (curve) return { error: "InvalidBorrowRateCurvePoint", reason: curve };
  return null;
}
