// A margin account's liquidation record (GET /api/liquidation-record): its last receivership liquidations, newest
// first, as the program keeps them on chain.
import type { LiquidationRecordEntryDto, LiquidationRecordQuery, LiquidationRecordReply } from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export type { LiquidationRecordEntryDto } from "@ballast/sdk";

/** A refused or failed call; `status` is the HTTP status. */
export class LiquidationRecordFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "LiquidationRecordFetchError";
  }
}

export async function fetchLiquidationRecord(http: Http, account: string): Promise<LiquidationRecordEntryDto[]> {
  const response = await http.get("/api/liquidation-record", { account } satisfies LiquidationRecordQuery);
  if (!response.ok) {
    throw new LiquidationRecordFetchError(
      `Failed to fetch the account's liquidation record: ${await serverErrorText(response)}`,
      response.status,
    );
  }
  return ((await response.json()) as LiquidationRecordReply).entries;
}
