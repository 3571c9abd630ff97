// A bank's settled bankruptcies (GET /api/bank-bad-debt): newest first, 100 a page, `before` a settlement's cursor.
import type { BadDebtSettlement, BankBadDebtQuery, BankBadDebtReply } from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export type { BadDebtSettlement } from "@ballast/sdk";

/** The cursor of a settlement, for the next page's `before`. */
export function badDebtCursor(settlement: BadDebtSettlement): string {
  return `${settlement.signature}:${settlement.eventIndex}`;
}

/** A refused or failed call; `status` is the HTTP status. */
export class BadDebtFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "BadDebtFetchError";
  }
}

export async function fetchBankBadDebt(http: Http, bank: string, before?: string): Promise<BadDebtSettlement[]> {
  const response = await http.get("/api/bank-bad-debt", { bank, before } satisfies BankBadDebtQuery);
  if (!response.ok) {
    throw new BadDebtFetchError(`Failed to fetch the bank's bad debt: ${await serverErrorText(response)}`, response.status);
  }
  return ((await response.json()) as BankBadDebtReply).data;
}
