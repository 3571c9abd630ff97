// The selected account's risk beside its name in the account bar: health band and factor, the liquidation-risk flag
// and the e-mode pair.
import { formatPercent } from "../../format/index.js";
import { Badge } from "../../ui/index.js";
import { useAccountRiskView } from "./account-risk.js";
import { EmodeBadge } from "./EmodeBadge.js";
import { HealthBandBadge } from "./HealthBandBadge.js";
import { LIQUIDATION_RISK_MESSAGE } from "./LiquidationRiskWarning.js";

export function AccountRiskBadges({ account }: { readonly account: string }) {
  const risk = useAccountRiskView(account);
  if (!risk) return null;
  return (
    <div aria-label="Account risk" role="group" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">
        Health <span className="font-medium text-fg tabular-nums">{formatPercent(risk.healthFactor)}</span>
      </span>
      <HealthBandBadge band={risk.band} testId="account-health-band" />
      {risk.liquidationRisk && (
        <span data-testid="account-liquidation-risk">
          <Badge tone="danger" title={LIQUIDATION_RISK_MESSAGE}>
            Liquidation risk
          </Badge>
        </span>
      )}
      {risk.emode && <EmodeBadge emode={risk.emode} />}
    </div>
  );
}
