// What users see of health: free collateral, the health factor and its bar, and the liquidation-risk flag.
import { AssetTag, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { AccountRisk, RequirementHealth } from "./health.js";

/** Initial assets minus liabilities, signed: negative means new borrows and withdrawals are refused. */
export function signedFreeCollateral(initial: RequirementHealth): I80F48 {
  return fx.sub(initial.assets, initial.liabilities);
}

/** What can still be borrowed or withdrawn against, in USD: max(0, initial assets − initial liabilities). */
export function freeCollateral(initial: RequirementHealth): I80F48 {
  const free = signedFreeCollateral(initial);
  return free < 0n ? fx.ZERO : free;
}

/** (maintenance assets − maintenance liabilities) / maintenance assets; 1 without assets. At 0 or below the account can be liquidated. */
export function healthFactor(maintenance: RequirementHealth): I80F48 {
  if (maintenance.assets === fx.ZERO) return fx.ONE;
  return fx.div(fx.sub(maintenance.assets, maintenance.liabilities), maintenance.assets);
}

const HUNDRED = fx.fromInt(100);

/** The health factor as a bar percentage, within 0 and 100. */
export function healthBar(factor: I80F48): I80F48 {
  const percent = fx.mul(factor, HUNDRED);
  return percent < 0n ? fx.ZERO : fx.cmp(percent, HUNDRED) > 0 ? HUNDRED : percent;
}

/** Maintenance health at or below zero: the program lets liquidators in. */
export function canBeLiquidated(maintenance: RequirementHealth): boolean {
  return fx.cmp(maintenance.assets, maintenance.liabilities) <= 0 && maintenance.liabilities !== fx.ZERO;
}

const RISK_THRESHOLD = fx.fromDecimal("0.1");

/**
 * The liquidation-risk flag: health below 0.1, except for accounts made only of staked-SOL positions (staked
 * collateral and the SOL borrowed against it move together), which are flagged once borrowings reach lendings.
 */
export function isLiquidationRisk(account: AccountRisk): boolean {
  const { positions, health } = account;
  const stakedSol =
    positions.length > 0 &&
    positions.some((p) => p.bank.bank.config.assetTag === AssetTag.Staked) &&
    positions.every((p) => p.bank.bank.config.assetTag === AssetTag.Staked || p.bank.bank.config.assetTag === AssetTag.Sol);
  if (!stakedSol) return fx.cmp(healthFactor(health.maintenance), RISK_THRESHOLD) < 0;
  return fx.cmp(health.equity.liabilities, health.equity.assets) >= 0;
}
