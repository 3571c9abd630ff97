// Lending activity by wallet or by token (spec §7): newest first, 100 a page, `before` a record's cursor.
import { Http, jsonOrNull } from "./http.js";

export interface ActivityRecord {
  readonly signature: string;
  readonly eventIndex: number;
  readonly slot: number;
  /** Unix seconds; null when the node did not know the block time. */
  readonly timestamp: number | null;
  readonly type: string;
  readonly account: string;
  readonly authority: string;
  readonly bank: string | null;
  readonly mint: string | null;
  readonly symbol: string | null;
  /** Native units as a decimal string. */
  readonly amount: string | null;
  readonly uiAmount: number | null;
  readonly details: Record<string, unknown>;
}

export type ActivitySubject = "authority" | "mint";

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
  const response = await http.get(`/api/activity/${subject}`, { address, before });
  if (!response.ok) {
    const body = await jsonOrNull<{ details?: unknown; error?: string }>(response);
    const reason = (typeof body?.details === "string" && body.details) || body?.error || response.statusText;
    throw new ActivityFetchError(`Failed to fetch activity: ${reason}`, STATEMENT_TIMEOUT.test(reason));
  }
  return ((await response.json()) as { data: ActivityRecord[] }).data;
}
