// Lending activity by wallet or by token (spec §7): newest first, 100 a page, `before` a record's cursor.
import type { ActivityQuery, ActivityRecord, ActivityReply, ActivitySubject } from "@ballast/sdk";
import { Http, jsonOrNull, type ErrorBody } from "./http.js";

export type { ActivityRecord, ActivitySubject } from "@ballast/sdk";

/** A failed activity call; `statementTimeout` marks the database's statement timeout, which is not retried (spec §9). */
export class ActivityFetchError extends Error {
  constructor(
    message: string,
    readonly statementTimeout: boolean,
  ) {
    super(message);
    this.name = "ActivityFetchError";
  }
}

const STATEMENT_TIMEOUT = /statement timeout/i;

/** The cursor of a record, for the next page's `before`. */
export function activityCursor(record: ActivityRecord): string {
  return `${record.signature}:${record.eventIndex}`;
}

export async function fetchActivity(http: Http, subject: ActivitySubject, address: string, before?: string): Promise<ActivityRecord[]> {
  const response = await http.get(`/api/activity/${subject}`, { address, before } satisfies ActivityQuery);
  if (!response.ok) {
    const body = await jsonOrNull<ErrorBody>(response);
    const reason = (typeof body?.details === "string" && body.details) || body?.error || response.statusText;
    throw new ActivityFetchError(`Failed to fetch activity: ${reason}`, STATEMENT_TIMEOUT.test(reason));
  }
  return ((await response.json()) as ActivityReply).data;
}
