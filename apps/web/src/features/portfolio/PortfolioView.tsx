// The portfolio of one account, from its model: the liquidation-risk warning, health and account figures, rewards,
// and the Supplied and Borrowed positions.
import type { ReactNode } from "react";
import type { ActionType } from "../action-box/index.js";
import { HealthSummary, LiquidationRiskWarning } from "./HealthSummary.js";
import { PositionsTable } from "./PositionsTable.js";
import type { PortfolioModel } from "./portfolio-model.js";

export function PortfolioView({
  model,
  onAction,
  rewards,
}: {
  readonly model: PortfolioModel;
  readonly onAction: (bank: string, action: ActionType) => void;
  /** The rewards card (it sends transactions, so the page supplies it). */
  readonly rewards?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      {model.liquidationRisk && <LiquidationRiskWarning />}
      <HealthSummary model={model} />
      {rewards}
      {/* One above the other: side by side, half the page is narrower than the positions' six columns. */}
      <div className="flex flex-col gap-6">
        <PositionsTable side="supplied" positions={model.positions.filter((p) => p.isLending)} onAction={onAction} />
        <PositionsTable side="borrowed" positions={model.positions.filter((p) => !p.isLending)} onAction={onAction} />
      </div>
    </div>
  );
}
