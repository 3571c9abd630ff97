// The account's health at a glance: the health factor with its bar (capped at 100 %, green from 0.5, amber from 0.25,
// red below; grey when the numbers are the local fallback), the liquidation-risk warning, and the account figures.
import { formatPercent, formatUsd } from "../../format/index.js";
import { Card, CardBody, Stat, cn } from "../../ui/index.js";
import { SIMULATION_ONCHAIN, type PortfolioModel } from "./portfolio-model.js";
import { ApyBreakdown } from "../markets/ApyBreakdown.js";

export const LIQUIDATION_RISK_MESSAGE =
  "Liquidation risk: this account is close to being liquidated. Repay borrowings or supply more collateral.";

const GOOD_HEALTH = 0.5;
const FAIR_HEALTH = 0.25;

/** The bar's colour class for a health factor (colours only mean something for the program's own numbers). */
export function healthTone(factor: number, onchain: boolean): "bg-success" | "bg-warning" | "bg-danger" | "bg-muted" {
  if (!onchain) return "bg-muted";
  if (factor >= GOOD_HEALTH) return "bg-success";
  if (factor >= FAIR_HEALTH) return "bg-warning";
  return "bg-danger";
}

export function LiquidationRiskWarning() {
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
      {LIQUIDATION_RISK_MESSAGE}
    </div>
  );
}

export function HealthSummary({ model }: { readonly model: PortfolioModel }) {
  const onchain = model.simulationStatus === SIMULATION_ONCHAIN;
  return (
    <Card>
      <CardBody className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-sm font-medium text-muted">Health factor</span>
            <span data-testid="health-factor" className="text-2xl font-semibold tabular-nums">
              {formatPercent(model.healthFactor)}
            </span>
          </div>
          <div
            role="meter"
            aria-label="Health"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={model.healthBar}
            className="h-2.5 w-full overflow-hidden rounded-full bg-subtle"
          >
            <div
              data-testid="health-bar"
              className={cn("h-full rounded-full transition-[width]", healthTone(model.healthFactor, onchain))}
              style={{ width: `${model.healthBar}%` }}
            />
          </div>
          <p data-testid="health-source" className="text-xs text-muted">
            {onchain
              ? "Health from the program's own check (simulated on chain)."
              : "Health computed locally: the on-chain simulation was unavailable."}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Stat label="Free collateral" value={<span data-testid="free-collateral">{formatUsd(model.freeCollateral)}</span>} />
          <Stat label="Supplied" value={<span data-testid="supplied-value">{formatUsd(model.supplied)}</span>} />
          <Stat label="Borrowed" value={<span data-testid="borrowed-value">{formatUsd(model.borrowed)}</span>} />
          <Stat label="Net value" value={<span data-testid="net-value">{formatUsd(model.netValue)}</span>} />
          <Stat label="Net APY" value={<ApyBreakdown apy={model.netApyParts} label="Net APY" testId="net-apy" />} />
        </dl>
      </CardBody>
    </Card>
  );
}
