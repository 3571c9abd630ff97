// The browser's Notification API, asked only from a user's click; absent APIs and refusals read as "unavailable".

export type NotificationAccess = "unsupported" | "default" | "granted" | "denied";

function api(): typeof Notification | undefined {
  return typeof globalThis.Notification === "function" ? globalThis.Notification : undefined;
}

export function notificationAccess(): NotificationAccess {
  return api()?.permission ?? "unsupported";
}

/** Asks the browser for permission (call it from a click handler only); the answer it gave. */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  const notification = api();
  if (!notification) return "unsupported";
  return await notification.requestPermission();
}

/** Shows a notification when permission was granted; otherwise nothing. */
export function notify(title: string, body: string): void {
  const notification = api();
  if (notification?.permission === "granted") new notification(title, { body, tag: "ballast-health" });
}
