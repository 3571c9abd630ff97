// The portfolio of one account, from its model: the liquidation-risk warning, health and account figures, the health
// alert, rewards, the leveraged position when the account is a loop, and the Supplied and Borrowed positions.
import type { ReactNode } from "react";
import type { ActionType } from "../action-box/index.js";
import { LiquidationRiskWarning } from "../risk/LiquidationRiskWarning.js";
import { HealthSummary } from "./HealthSummary.js";
import { LeveragedPositionCard } from "./LeveragedPositionCard.js";
import { PositionsTable } from "./PositionsTable.js";
import type { PortfolioModel } from "./portfolio-model.js";
import { WhatIfCard } from "./WhatIfCard.js";

export function PortfolioView({
  model,
  onAction,
  rewards,
  alertSettings,
  onClosePosition,
}: {
  readonly model: PortfolioModel;
  readonly onAction: (bank: string, action: ActionType) => void;
  /** The rewards card (it sends transactions, so the page supplies it). */
  readonly rewards?: ReactNode;
  /** The health alert's settings (they live in the app's settings, so the page supplies them). */
  readonly alertSettings?: ReactNode;
  /** Opens the close of the leveraged position (a swap flow, so the page supplies it); without it no card is shown. */
  readonly onClosePosition?: () => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      {model.liquidationRisk && <LiquidationRiskWarning />}
      <HealthSummary model={model} />
      {alertSettings}
      {model.leveraged && onClosePosition && <LeveragedPositionCard leveraged={model.leveraged} onClose={onClosePosition} />}
      {rewards}
      {model.whatIf.assets.length > 0 && <WhatIfCard account={model.whatIf} />}
      {/* One above the other: side by side, half the page is narrower than the positions' six columns. */}
      <div className="flex flex-col gap-6">
        <PositionsTable side="supplied" positions={model.positions.filter((p) => p.isLending)} onAction={onAction} />
        <PositionsTable side="borrowed" positions={model.positions.filter((p) => !p.isLending)} onAction={onAction} />
      </div>
    </div>
  );
}
