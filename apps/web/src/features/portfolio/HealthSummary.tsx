// The account's health at a glance: the health factor with its band and bar (coloured by the SDK's band; grey when
// the numbers are the local fallback), what the number means, the e-mode badge, and the account figures.
import type { HealthBand } from "@ballast/sdk";
import { formatPercent, formatUsd } from "../../format/index.js";
import { Card, CardBody, Stat, cn } from "../../ui/index.js";
import { EmodeBadge } from "../risk/EmodeBadge.js";
import { HealthBandBadge } from "../risk/HealthBandBadge.js";
import { HEALTH_BAND_TONES, HEALTH_EXPLANATION } from "../risk/health-band-view.js";
import { SIMULATION_ONCHAIN, type PortfolioModel } from "./portfolio-model.js";
import { ApyBreakdown } from "../markets/ApyBreakdown.js";

const BAR_COLOURS = { success: "bg-success", warning: "bg-warning", danger: "bg-danger" } as const;

/** The bar's colour class for a band (colours only mean something for the program's own numbers). */
export function healthBarColour(band: HealthBand, onchain: boolean): "bg-success" | "bg-warning" | "bg-danger" | "bg-muted" {
  return onchain ? BAR_COLOURS[HEALTH_BAND_TONES[band]] : "bg-muted";
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
              className={cn("h-full rounded-full transition-[width]", healthBarColour(model.healthBand, onchain))}
              style={{ width: `${model.healthBar}%` }}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <HealthBandBadge band={model.healthBand} />
            {model.emode && <EmodeBadge emode={model.emode} />}
          </div>
          <p data-testid="health-explanation" className="text-xs text-muted">
            {HEALTH_EXPLANATION}
          </p>
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
