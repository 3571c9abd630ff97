// A liquidated account's record in the wallet's activity, against a scripted API: beneath the newest liquidation of
// each of the wallet's own accounts, "Recent liquidations of this account" with one line per entry of
// GET /api/liquidation-record, newest first; nothing when the account has no record, and no request for a liquidation
// of someone else's account (the liquidator's view).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpProvider } from "../src/api/context.js";
import { Http, type ActivityRecord, type LiquidationRecordEntryDto } from "../src/api/index.js";
import { ActivityTable } from "../src/features/activity/ActivityTable.js";
import { activityRow } from "../src/features/activity/activity-rows.js";
import { ToastProvider } from "../src/ui/index.js";

const WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const LIQUIDATOR = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const ACCOUNT = "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV";
const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const ENTRIES: LiquidationRecordEntryDto[] = [
  { assetSeizedUsd: 1234.5, liabilityRepaidUsd: 1180, timestamp: "2026-11-27T18:40:00.000Z" },
  { assetSeizedUsd: 96.254, liabilityRepaidUsd: 91.6, timestamp: "2026-11-27T18:31:12.000Z" },
];

const record = (fields: Partial<ActivityRecord>): ActivityRecord => ({
  signature: SIGNATURE,
  eventIndex: 0,
  slot: 812,
  timestamp: 1_764_268_800,
  type: "receivership_liquidation",
  account: ACCOUNT,
  authority: WALLET,
  bank: "3Kz9tPfDJqZcKqhAHDDFcGQzjJ2hHRDbKMyWnzjfbYH8",
  mint: "So11111111111111111111111111111111111111112",
  symbol: "SOL",
  amount: "8230000000",
  uiAmount: 8.23,
  description: "Liquidated by receivership: 8.23 SOL seized, 1180 USDC repaid",
  details: {},
  ...fields,
});

const mints = new Map([["So11111111111111111111111111111111111111112", { symbol: "SOL", decimals: 9, price: 150 }]]);

/** Scripts fetch to answer the record with `entries`; returns the URLs asked for. */
function scriptRecord(entries: LiquidationRecordEntryDto[]): string[] {
  const urls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify({ entries }), { status: 200, headers: { "content-type": "application/json" } });
  });
  return urls;
}

function renderTable(records: ActivityRecord[], wallet: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("http://server.test")}>
        <ToastProvider>
          <ActivityTable rows={records.map((r) => activityRow(r, mints))} wallet={wallet} />
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a liquidated account's record in activity", () => {
  it("lists the record's entries beneath the account's newest liquidation, once per account", async () => {
    const urls = scriptRecord(ENTRIES);
    renderTable(
      [
        record({}),
        record({
          signature: `${SIGNATURE.slice(0, -1)}X`,
          type: "liquidation",
          description: "Liquidated: 0.6 SOL seized, 91.6 USDC repaid",
        }),
        record({ signature: `${SIGNATURE.slice(0, -1)}Y`, type: "deposit", description: null }),
      ],
      WALLET,
    );
    const section = await screen.findByRole("region", { name: "Recent liquidations of this account" });
    // Each row's signature and account link to the explorer's pages.
    expect(screen.getByRole("link", { name: `View transaction ${SIGNATURE}` }).getAttribute("href")).toBe(`/tx/${SIGNATURE}`);
    expect(screen.getAllByRole("link", { name: `View address ${ACCOUNT}` }).map((link) => link.getAttribute("href"))).toEqual([
      `/address/${ACCOUNT}`,
      `/address/${ACCOUNT}`,
      `/address/${ACCOUNT}`,
    ]);
    expect(section.textContent).toBe(
      "Recent liquidations of this account" +
        `${new Date("2026-11-27T18:40:00.000Z").toLocaleString()}: $1,234.50 seized, $1,180.00 repaid` +
        `${new Date("2026-11-27T18:31:12.000Z").toLocaleString()}: $96.25 seized, $91.60 repaid`,
    );
    expect(
      within(section)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      `${new Date("2026-11-27T18:40:00.000Z").toLocaleString()}: $1,234.50 seized, $1,180.00 repaid`,
      `${new Date("2026-11-27T18:31:12.000Z").toLocaleString()}: $96.25 seized, $91.60 repaid`,
    ]);
    // Beneath the newest liquidation (the first row), not repeated under the older one.
    const rows = within(screen.getByRole("table", { name: "Activity" })).getAllByRole("row");
    expect(rows.map((row) => within(row).queryByRole("region") !== null)).toEqual([false, false, true, false, false]);
    expect(screen.getAllByRole("region", { name: "Recent liquidations of this account" })).toHaveLength(1);
    expect(urls).toEqual([`http://server.test/api/liquidation-record?account=${ACCOUNT}`]);
  });

  it("shows nothing when the account has no record", async () => {
    const urls = scriptRecord([]);
    const client = renderTable([record({})], WALLET);
    await waitFor(() => expect(urls).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(screen.queryByText("Recent liquidations of this account")).toBeNull();
  });

  it("asks nothing for a liquidation of another wallet's account, nor outside the wallet's own activity", () => {
    const urls = scriptRecord(ENTRIES);
    renderTable([record({ authority: LIQUIDATOR })], WALLET);
    cleanup();
    renderTable([record({})], null);
    expect(urls).toEqual([]);
    expect(screen.queryByText("Recent liquidations of this account")).toBeNull();
  });
});
