// Watches the selected account's health while the app is open and, when it falls below the user's threshold, shows a
// banner (and a browser notification when the user opted in). One alert per crossing.
import { useEffect, useRef, useState } from "react";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { formatPercent } from "../../format/index.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { Button } from "../../ui/index.js";
import { useAccountRiskView } from "../risk/account-risk.js";
import { notify } from "./browser-notifications.js";
import { observeHealth, type CrossingState } from "./health-crossing.js";

export const HEALTH_ALERT_TITLE = "Health alert";

/** "Health is 18.40 %, below your alert at 20 %. Repay borrowings or supply more collateral." */
export function healthAlertText(factor: number, percent: number): string {
  return `Health is ${formatPercent(factor)}, below your alert at ${percent}%. Repay borrowings or supply more collateral.`;
}

export function HealthAlertBanner() {
  const { selectedAccount } = useSelectedAccount();
  const { settings } = useSettings();
  const alert = settings.healthAlert;
  // Without an alert the account is not watched (nor fetched) from every page.
  const risk = useAccountRiskView(alert.mode === "ON" ? selectedAccount : null);
  const crossing = useRef<CrossingState | null>(null);
  const [shown, setShown] = useState<{ readonly account: string; readonly text: string } | null>(null);

  useEffect(() => {
    if (alert.mode === "OFF" || !selectedAccount || !risk) return;
    const next = observeHealth(crossing.current, { account: selectedAccount, threshold: alert.percent / 100, factor: risk.healthFactor });
    crossing.current = next.state;
    if (!next.crossed) return;
    const text = healthAlertText(risk.healthFactor, alert.percent);
    setShown({ account: selectedAccount, text });
    if (alert.notify) notify(HEALTH_ALERT_TITLE, text);
  }, [alert, selectedAccount, risk]);

  if (alert.mode === "OFF" || !shown || shown.account !== selectedAccount) return null;
  return (
    <div
      role="alert"
      aria-label={HEALTH_ALERT_TITLE}
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
    >
      <span>
        <span className="font-semibold">{HEALTH_ALERT_TITLE}: </span>
        {shown.text}
      </span>
      <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
        Dismiss
      </Button>
    </div>
  );
}
