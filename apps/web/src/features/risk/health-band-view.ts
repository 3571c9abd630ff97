// How a health band reads: its name, its colour, and the one line that says what the number means.
import type { HealthBand } from "@ballast/sdk";

export const HEALTH_BAND_LABELS: Record<HealthBand, string> = {
  safe: "Safe",
  watch: "Watch",
  atRisk: "At risk",
  liquidatable: "Liquidatable",
};

export type HealthTone = "success" | "warning" | "danger";

export const HEALTH_BAND_TONES: Record<HealthBand, HealthTone> = {
  safe: "success",
  watch: "warning",
  atRisk: "danger",
  liquidatable: "danger",
};

export const HEALTH_EXPLANATION =
  "Health is the share of your collateral's liquidation value that your borrowings leave free: when falling collateral prices, rising borrowed prices or accruing interest take it to 0 %, liquidators may repay part of your debt and take collateral at a discount.";
