// The activity screen against a real API server on a real ledger (in a child process: the ledger and server need
// Node's globals, which happy-dom replaces) whose indexer recorded an account creation and a deposit, plus sample
// records in the server's shape for the types a test market cannot easily produce.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpProvider } from "../src/api/context.js";
import { Http, type ActivityRecord } from "../src/api/index.js";
import { ActivityTable } from "../src/features/activity/ActivityTable.js";
import { ActivityView, type MarketToken } from "../src/features/activity/ActivityView.js";
import { activityRow } from "../src/features/activity/activity-rows.js";
import { ToastProvider } from "../src/ui/index.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

const SETUP = `
const market = await TestMarket.start();
closers.push(() => market.close());
const usdc = await market.addBank(6, { kind: "pyth", price: 1, conf: 0.001 });
const user = await market.newUser();
const signature = await market.deposit(user, usdc, 1_234_567_800n);
const server = await startTestServer(market);
closers.push(() => server.close());
await server.jobs.indexer.run();
ready({ url: server.url, wallet: user.wallet.publicKey.toBase58(), account: user.account.toBase58(), mint: usdc.mint.toBase58(), signature });
`;

interface Started {
  readonly url: string;
  readonly wallet: string;
  readonly account: string;
  readonly mint: string;
  readonly signature: string;
}

let server: ServerProcess<Started>;
let started: Started;

beforeAll(async () => {
  server = await startServerProcess<Started>(SETUP);
  started = server.facts;
}, 120_000);

afterAll(() => server?.stop());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const tokens = (): MarketToken[] => [{ mint: started.mint, symbol: "USDC", decimals: 6, price: 1 }];

function renderView(wallet: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("")}>
        <ToastProvider>
          <ActivityView wallet={wallet} tokens={tokens()} />
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

const cells = (row: HTMLElement) => [...row.querySelectorAll("td")].map((td) => td.textContent);
const short = (text: string, chars: number) => `${text.slice(0, chars)}…${text.slice(-chars)}`;

describe("activity of the connected wallet", () => {
  it("lists the indexed records newest first with exact amounts", async () => {
    renderView(started.wallet);
    const table = await screen.findByRole("table", { name: "Activity" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => cells(r).slice(1, 6))).toEqual([
      ["Deposit", "USDC", "1,234.5678", "$1,234.57", short(started.account, 4)],
      ["Create account", "—", "—", "—", short(started.account, 4)],
    ]);
    expect(cells(rows[0]!)[6]).toBe(`${short(started.signature, 6)}Copy`);

    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "create_account" } });
    expect(within(screen.getByRole("table", { name: "Activity" })).getAllByRole("row")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "borrow" } });
    expect(screen.getByText("No Borrow activity")).toBeTruthy();
  });

  it("switches to a token's activity through the mint endpoint", async () => {
    const requests = vi.spyOn(window, "fetch");
    renderView(started.wallet);
    await screen.findByRole("table", { name: "Activity" });
    expect(requests.mock.calls.map((c) => String(c[0]))).toEqual([`/api/activity/authority?address=${started.wallet}`]);

    fireEvent.click(screen.getByRole("radio", { name: "By token" }));
    await waitFor(() => expect(requests.mock.calls.map((c) => String(c[0]))).toContain(`/api/activity/mint?address=${started.mint}`));
    const table = await screen.findByRole("table", { name: "Activity" });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole("row")
          .slice(1)
          .map((r) => cells(r)[1]),
      ).toEqual(["Deposit"]),
    );
  });

  it("starts on the token view without a wallet, and asks for one in the wallet view", async () => {
    renderView(null);
    expect(screen.getByRole("radio", { name: "By token" }).getAttribute("aria-checked")).toBe("true");
    const table = await screen.findByRole("table", { name: "Activity" });
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => cells(r)[1]),
    ).toEqual(["Deposit"]);
    fireEvent.click(screen.getByRole("radio", { name: "My wallet" }));
    expect(screen.getByText("Connect a wallet")).toBeTruthy();
  });
});

const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const record = (fields: Partial<ActivityRecord>): ActivityRecord => ({
  signature: SIGNATURE,
  eventIndex: 0,
  slot: 812,
  timestamp: 1_750_194_000,
  type: "deposit",
  account: "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV",
  authority: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
  bank: "3Kz9tPfDJqZcKqhAHDDFcGQzjJ2hHRDbKMyWnzjfbYH8",
  mint: "So11111111111111111111111111111111111111112",
  symbol: "SOL",
  amount: "2500000001",
  uiAmount: 2.500000001,
  description: null,
  details: {},
  ...fields,
});

describe("sample records", () => {
  const mints = new Map([
    ["So11111111111111111111111111111111111111112", { symbol: "SOL", decimals: 9, price: 150 }],
    ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", { symbol: "USDC", decimals: 6, price: 1 }],
  ]);

  it("formats amounts exactly in the token's decimals and values them at the current price", () => {
    const liquidation = activityRow(record({ type: "liquidation", amount: "123456789", uiAmount: 0.123456789 }), mints);
    expect([liquidation.type, liquidation.symbol, liquidation.amount, liquidation.usd]).toEqual([
      "Liquidation",
      "SOL",
      "0.123456",
      "$18.52",
    ]);
    const deposit = activityRow(record({}), mints);
    expect([deposit.type, deposit.amount, deposit.usd]).toEqual(["Deposit", "2.5", "$375.00"]);
  });

  it("names the third-party market on a Kamino bank's records", () => {
    const providers = new Map([["3Kz9tPfDJqZcKqhAHDDFcGQzjJ2hHRDbKMyWnzjfbYH8", "Kamino-style third-party market"]]);
    expect(activityRow(record({}), mints, providers).provider).toBe("Kamino-style third-party market");
    expect(activityRow(record({ bank: "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV" }), mints, providers).provider).toBeNull();
    expect(activityRow(record({}), mints).provider).toBeNull();
  });

  it("uses the payout's decimals for emissions and the server's amount for tokens the market does not list", () => {
    const emissions = activityRow(
      record({
        type: "withdraw_emissions",
        mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        symbol: "USDC",
        amount: "42000000",
        uiAmount: 42,
        details: { decimals: 6, destination: "x", permissionless: false },
      }),
      mints,
    );
    expect([emissions.type, emissions.amount, emissions.usd]).toEqual(["Claim emissions", "42", "$42.00"]);
    const unknown = activityRow(
      record({ type: "repay", mint: "Unknown1111111111111111111111111111111111111", symbol: null, amount: "7", uiAmount: 0.7 }),
      mints,
    );
    expect([unknown.type, unknown.symbol, unknown.amount, unknown.usd]).toEqual(["Repay", null, "0.7", null]);
    const account = activityRow(
      record({ type: "transfer_account", bank: null, mint: null, symbol: null, amount: null, uiAmount: null }),
      mints,
    );
    expect([account.type, account.amount, account.usd]).toEqual(["Transfer account", null, null]);
  });

  it("says under a liquidation's type what was seized and repaid", () => {
    const description = "Liquidated: 0.1 SOL seized, 14.25 USDC repaid";
    const liquidation = activityRow(record({ type: "liquidation", amount: "100000000", uiAmount: 0.1, description }), mints);
    const deposit = activityRow(record({ signature: `${SIGNATURE.slice(0, -1)}X` }), mints);
    expect([liquidation.description, deposit.description]).toEqual([description, null]);
    render(
      <ToastProvider>
        <ActivityTable rows={[liquidation, deposit]} />
      </ToastProvider>,
    );
    const [, liquidationRow, depositRow] = within(screen.getByRole("table", { name: "Activity" })).getAllByRole("row");
    expect(within(liquidationRow!).getByText("Liquidation").textContent).toBe(`Liquidation${description}`);
    expect(within(liquidationRow!).getByText(description)).toBeTruthy();
    expect(within(depositRow!).queryByText(/seized/)).toBeNull();
  });
});
