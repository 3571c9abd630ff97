// The health factor read as a band (safe / watch / at risk / liquidatable), the one place the thresholds live.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";

export const HealthBand = { Safe: "safe", Watch: "watch", AtRisk: "atRisk", Liquidatable: "liquidatable" } as const;
export type HealthBand = (typeof HealthBand)[keyof typeof HealthBand];

/**
 * From 0.5 the maintenance-weighted collateral can lose half its value before liquidation: ordinary volatility is
 * far from it. Below 0.1 is the spec's liquidation-risk flag (§4), so "at risk" and the warning agree.
 */
export const SAFE_HEALTH = fx.fromDecimal("0.5");
export const AT_RISK_HEALTH = fx.fromDecimal("0.1");

/** The band of a maintenance health factor: at 0 or below the program lets liquidators in. */
export function healthBand(factor: I80F48): HealthBand {
  if (factor <= 0n) return HealthBand.Liquidatable;
  if (fx.cmp(factor, AT_RISK_HEALTH) < 0) return HealthBand.AtRisk;
  if (fx.cmp(factor, SAFE_HEALTH) < 0) return HealthBand.Watch;
  return HealthBand.Safe;
}
