// The health alert's settings on the portfolio: the threshold (whole percent, 1 to 99), turning it off, and the
// opt-in to browser notifications, whose permission is asked only when the user clicks for it.
import { useState, type FormEvent } from "react";
import { useSettings } from "../../settings/SettingsProvider.js";
import { isHealthAlertPercent } from "../../settings/settings.js";
import { Button, Card, CardBody, CardHeader, Input } from "../../ui/index.js";
import { notificationAccess, requestNotificationAccess, type NotificationAccess } from "./browser-notifications.js";

export const ALERT_PERCENT_ERROR = "Enter a whole percent from 1 to 99";

const ACCESS_NOTES: Partial<Record<NotificationAccess, string>> = {
  unsupported: "This browser does not show notifications; the in-app banner still appears.",
  denied: "The browser blocks notifications for this site; the in-app banner still appears.",
};

/** A typed threshold: a whole percent from 1 to 99, else the error to show. */
export function readAlertPercent(text: string): { percent: number } | { error: string } {
  const trimmed = text.trim();
  const percent = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  return isHealthAlertPercent(percent) ? { percent } : { error: ALERT_PERCENT_ERROR };
}

export function HealthAlertSettings() {
  const { settings, updateSettings } = useSettings();
  const alert = settings.healthAlert;
  const [text, setText] = useState(alert.mode === "ON" ? String(alert.percent) : "");
  const [error, setError] = useState<string | null>(null);
  const [access, setAccess] = useState<NotificationAccess>(notificationAccess);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = readAlertPercent(text);
    if ("error" in read) return setError(read.error);
    setError(null);
    updateSettings({ healthAlert: { mode: "ON", percent: read.percent, notify: alert.mode === "ON" && alert.notify } });
  };

  const enableNotifications = async () => {
    const answer = await requestNotificationAccess();
    setAccess(answer);
    if (answer === "granted" && alert.mode === "ON") updateSettings({ healthAlert: { ...alert, notify: true } });
  };

  return (
    <Card>
      <CardHeader
        title="Health alert"
        description={
          alert.mode === "ON"
            ? `On: you are alerted while the app is open when health falls below ${alert.percent}%.`
            : "Off. Choose a health level to be alerted when the selected account falls below it while the app is open."
        }
      />
      <CardBody className="flex flex-col gap-3">
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <Input
            label="Alert below"
            inputMode="numeric"
            suffix="%"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error ?? undefined}
            className="w-40"
          />
          <Button type="submit" size="sm">
            {alert.mode === "ON" ? "Update alert" : "Turn on alert"}
          </Button>
          {alert.mode === "ON" && (
            <Button type="button" size="sm" variant="ghost" onClick={() => updateSettings({ healthAlert: { mode: "OFF" } })}>
              Turn off
            </Button>
          )}
        </form>
        {alert.mode === "ON" &&
          (alert.notify && access === "granted" ? (
            <p className="text-sm text-muted">Browser notifications are on.</p>
          ) : ACCESS_NOTES[access] ? (
            <p className="text-sm text-muted">{ACCESS_NOTES[access]}</p>
          ) : (
            <div>
              <Button type="button" size="sm" variant="secondary" onClick={() => void enableNotifications()}>
                Enable browser notifications
              </Button>
            </div>
          ))}
      </CardBody>
    </Card>
  );
}
