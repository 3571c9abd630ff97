// The liquidation-risk warning (spec §4's flag), the same wherever the account appears.
import { cn } from "../../ui/index.js";

export const LIQUIDATION_RISK_MESSAGE =
  "Liquidation risk: this account is close to being liquidated. Repay borrowings or supply more collateral.";

export function LiquidationRiskWarning({ className }: { readonly className?: string }) {
  return (
    <div
      role="alert"
      className={cn("rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm font-medium text-danger", className)}
    >
      {LIQUIDATION_RISK_MESSAGE}
    </div>
  );
}
