// The bank page's parts against a real API server on a real ledger (run in a child process: the ledger and server
// need Node's globals, which happy-dom replaces): a USDC and a SOL bank with deposits and a borrow, one stored history
// point. Stats equal the SDK's numbers formatted, period tabs request their period, and the utilization curve is the
// SDK's 101 points.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Connection, Keypair } from "@solana/web3.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bankRates,
  loadMarket,
  priceBank,
  toNumber,
  utilizationCurve,
  utilizationRate,
  type BankDto,
  type KaminoCollateralView,
  type Market,
} from "@ballast/sdk";
import { AssetTag, BankOperationalState, MarginfiGroupLayout, decodeMarginfiGroup, i80f48 as fx, programFeesOf } from "@ballast/protocol";
import { NOW, banksOf, usdc } from "../../../packages/sdk/test/math/support.js";
import { HttpProvider } from "../src/api/context.js";
import { Http, fetchBanks, fetchConfig } from "../src/api/index.js";
import { BankHistory } from "../src/features/bank/BankHistory.js";
import { BankStats } from "../src/features/bank/BankStats.js";
import { actionFromSearch, curveData } from "../src/features/bank/bank-detail.js";
import { bankRow } from "../src/features/markets/bank-rows.js";
import { formatPercent, formatTokenNumber, formatUsdCompact } from "../src/format/index.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

const SETUP = `
const market = await TestMarket.start();
closers.push(() => market.close());
const usdc = await market.addBank(6, { kind: "pyth", price: 1, conf: 0.001 }, { assetWeightInit: "0.9", assetWeightMaint: "0.95", liabilityWeightInit: "1.25", liabilityWeightMaint: "1.1" });
const sol = await market.addBank(9, { kind: "pyth", price: 150, conf: 0.05 }, { assetWeightInit: "0.8", assetWeightMaint: "0.9", liabilityWeightInit: "1.25", liabilityWeightMaint: "1.1" });
const lender = await market.newUser();
await market.deposit(lender, usdc, 12_345_678_901n);
const borrower = await market.newUser();
await market.deposit(borrower, sol, 100_000_000_000n);
await market.borrow(borrower, usdc, 4_321_000_000n, [sol, usdc]);
const server = await startTestServer(market);
closers.push(() => server.close());
await server.jobs.bankHistory.run();
ready({ url: server.url, usdc: usdc.key.toBase58(), sol: sol.key.toBase58() });
`;

interface Started {
  readonly url: string;
  readonly usdc: string;
  readonly sol: string;
}

let server: ServerProcess<Started>;
let started: Started;
let market: Market;
let dtos: BankDto[];

beforeAll(async () => {
  server = await startServerProcess<Started>(SETUP);
  started = server.facts;
  const http = new Http(started.url);
  const config = await fetchConfig(http);
  market = await loadMarket(new Connection(`${started.url}/rpc`), { programId: config.programId, group: config.markets[0]!.group });
  dtos = await fetchBanks(http, "db");
}, 120_000);

afterAll(() => server?.stop());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderWithServer(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("")}>{ui}</HttpProvider>
    </QueryClientProvider>,
  );
}

const statValue = (label: string) => within(screen.getByLabelText("Bank statistics")).getByText(label).nextElementSibling!.textContent;
const statHint = (label: string) =>
  within(screen.getByLabelText("Bank statistics")).getByText(label).nextElementSibling!.nextElementSibling?.textContent;

describe("bank stats", () => {
  it("shows the SDK's figures for the USDC bank, formatted", () => {
    const priced = market.banks.get(started.usdc)!;
    const row = bankRow(
      market,
      priced,
      dtos.find((d) => d.bank_address === started.usdc),
      { mint: priced.bank.mint, symbol: "USDC", name: "USD Coin", category: "Stablecoins" },
    );
    render(<BankStats row={row} />);

    const rates = bankRates(priced);
    // 12,345.678901 lent, 4,321 borrowed (interest has not accrued: the clock has not moved).
    expect(statValue("Total deposits")).toBe("12,345.68 USDC");
    expect(statValue("Total borrows")).toBe("4,321 USDC");
    expect(statHint("Total deposits")).toBe(formatUsdCompact(row.depositsUsd!));
    expect(statValue("Utilization")).toBe(formatPercent(toNumber(utilizationRate(priced))));
    expect(statValue("Utilization")).toBe("35.00%");
    expect(statValue("Collateral weight")).toBe("90%");
    expect(statValue("Loan-to-value")).toBe("80%");
    // The APYs carry their parts in a panel shown on hover or focus.
    expect(screen.getByTestId("bank-deposit-apy").textContent).toBe(formatPercent(toNumber(rates.totalLendingRate)));
    expect(screen.getByTestId("bank-borrow-apy").textContent).toBe(formatPercent(toNumber(rates.totalBorrowingRate)));
    expect(toNumber(rates.totalBorrowingRate)).toBeGreaterThan(toNumber(rates.totalLendingRate));
    expect(statValue("Total deposits")).toBe(`${formatTokenNumber(row.totalDeposits, 2)} USDC`);
  });

  it("shows the insurance fund the server read, in tokens and dollars, and nothing when it read none", () => {
    const priced = market.banks.get(started.usdc)!;
    const dto = dtos.find((d) => d.bank_address === started.usdc)!;
    const token = { mint: priced.bank.mint, symbol: "USDC", name: "USD Coin", category: "Stablecoins" } as const;
    const funded = bankRow(market, priced, { ...dto, insurance_vault_balance: "2500000" }, token);
    expect(funded.insuranceFund).toEqual({ tokens: 2.5, usd: 2.5 * funded.price! });
    render(<BankStats row={funded} />);
    expect(statValue("Insurance fund")).toBe("2.5 USDC");
    expect(statHint("Insurance fund")).toBe(formatUsdCompact(2.5 * funded.price!));
    cleanup();

    render(<BankStats row={bankRow(market, priced, { ...dto, insurance_vault_balance: null }, token)} />);
    expect(within(screen.getByLabelText("Bank statistics")).queryByText("Insurance fund")).toBeNull();
  });
});

describe("bank states and kinds", () => {
  const snapshot = (...banks: ReturnType<typeof usdc>[]): Market => {
    const group = Buffer.alloc(MarginfiGroupLayout.space);
    MarginfiGroupLayout.discriminator.copy(group, 0);
    return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
  };

  it("names a bank killed by bankruptcy and gives it no action", () => {
    const killed = usdc({ operationalState: BankOperationalState.KilledByBankruptcy });
    const row = bankRow(snapshot(killed), killed, undefined, undefined);
    expect([row.operationalState, row.actions]).toEqual(["killed-by-bankruptcy", []]);
    const reduceOnly = usdc({ operationalState: BankOperationalState.ReduceOnly });
    expect(bankRow(snapshot(reduceOnly), reduceOnly, undefined, undefined).actions).toEqual(["withdraw", "repay"]);
  });

  it("shows a Kamino bank's reserve supply and borrows beside the reserve's utilization, and no borrowing side", () => {
    // The reserve: 1,500,000 USDC supplied, 790,500 borrowed (52.7%); the bank holds 5 USDC of collateral tokens in it.
    const view: KaminoCollateralView = {
      tokensPerCollateral: fx.ONE,
      utilization: fx.div(fx.fromInt(790_500n), fx.fromInt(1_500_000n)),
      reserveSupply: fx.fromInt(1_500_000_000_000n),
      reserveBorrowed: fx.fromInt(790_500_000_000n),
      supplyApr: fx.fromDecimal("0.026"),
      borrowRateCurve: [],
      protocolTakeRatePct: 0,
    };
    const booked = usdc({ assetTag: AssetTag.Kamino, totalAssets: "5000000" });
    const kamino = priceBank(booked.address, booked.bank, booked.price, NOW, undefined, view);
    const row = bankRow(snapshot(kamino), kamino, undefined, {
      mint: kamino.bank.mint,
      symbol: "USDC",
      name: "USD Coin",
      category: "Stablecoins",
    });
    expect(row.actions).toEqual(["deposit", "withdraw"]);
    render(<BankStats row={row} />);
    expect(statValue("Total deposits")).toBe("5 USDC");
    expect(statValue("Reserve supply")).toBe("1,500,000 USDC");
    expect(statHint("Reserve supply")).toBe("$1.5M");
    expect(statValue("Reserve borrows")).toBe("790,500 USDC");
    expect(statHint("Reserve borrows")).toBe("$790.5K");
    expect(statValue("Reserve utilization")).toBe("52.70%");
    const labels = [...screen.getByLabelText("Bank statistics").querySelectorAll("dt")].map((dt) => dt.textContent);
    expect(labels).toEqual([
      "Total deposits",
      "Reserve supply",
      "Reserve borrows",
      "Reserve utilization",
      "Collateral weight",
      "Deposit APY",
    ]);
  });
});

describe("history", () => {
  it("requests the chosen period and charts the stored point", async () => {
    const requests = vi.spyOn(window, "fetch");
    const priced = market.banks.get(started.usdc)!;
    renderWithServer(
      <BankHistory bank={started.usdc} symbol="USDC" account={null} curve={curveData(market, priced)} utilization={0.35} position={null} />,
    );
    const historyUrl = (period: string) => `/api/banks/db/${started.usdc}/historic/${period}`;
    await waitFor(() => expect(requests.mock.calls.map((c) => String(c[0]))).toContain(historyUrl("30d")));
    // The job stored one point: the (lazily loaded) chart replaces the loading state.
    await waitFor(() => expect(document.querySelector(".recharts-responsive-container")).not.toBeNull(), { timeout: 10_000 });
    expect(screen.queryByText("No history yet")).toBeNull();

    for (const [label, period] of [
      ["1D", "1d"],
      ["7D", "7d"],
      ["All", "all"],
    ] as const) {
      fireEvent.click(screen.getByRole("tab", { name: label }));
      await waitFor(() => expect(requests.mock.calls.map((c) => String(c[0]))).toContain(historyUrl(period)));
      expect(screen.getByRole("tab", { name: label }).getAttribute("aria-selected")).toBe("true");
    }
  });

  it("shows the server's refusal for an unknown bank and an empty portfolio view without a position", async () => {
    const priced = market.banks.get(started.sol)!;
    // A fresh key: the server has no history for it. (Editing a real key's last character can leave it unchanged.)
    renderWithServer(
      <BankHistory
        bank={Keypair.generate().publicKey.toBase58()}
        symbol="SOL"
        account={null}
        curve={curveData(market, priced)}
        utilization={0}
        position={null}
      />,
    );
    expect(await screen.findByText("Could not load the history")).toBeTruthy();
    expect(screen.getByText("Failed to fetch historic bank data")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Portfolio" }));
    expect(screen.getByText("No SOL position")).toBeTruthy();
  });
});

describe("utilization curve", () => {
  it("has the SDK's 101 points and marks them in the curve view", async () => {
    const priced = market.banks.get(started.usdc)!;
    const curve = curveData(market, priced);
    const sdk = utilizationCurve(priced.bank.config.interestRateConfig, programFeesOf(market.group));
    expect(curve).toHaveLength(101);
    expect(curve).toEqual(
      sdk.map((p) => ({
        utilization: Math.round(toNumber(p.utilization) * 100),
        lendingRate: toNumber(p.lendingRate),
        borrowingRate: toNumber(p.borrowingRate),
      })),
    );
    expect(curve.map((p) => p.utilization)).toEqual(Array.from({ length: 101 }, (_, i) => i));
    // The bank's utilization is 4,321 / 12,345.678901 = 35.0001%: its current borrowing rate is the curve's at 35%.
    expect(curve[35]!.borrowingRate).toBeCloseTo(toNumber(priced.rates.borrowingRate), 5);

    renderWithServer(<BankHistory bank={started.usdc} symbol="USDC" account={null} curve={curve} utilization={0.35} position={null} />);
    fireEvent.click(screen.getByRole("tab", { name: "Utilization curve" }));
    const table = screen.getByRole("table", { hidden: true });
    const rows = within(table).getAllByRole("row", { hidden: true }).slice(1);
    expect(rows).toHaveLength(101);
    expect(rows[100]!.textContent).toBe(`100%${formatPercent(curve[100]!.lendingRate)}${formatPercent(curve[100]!.borrowingRate)}`);
    expect(screen.queryByRole("tab", { name: "7D" })).toBeNull();
  });
});

describe("?action= links", () => {
  it("maps the markets page's actions to the action box's tabs", () => {
    expect(actionFromSearch("action=supply")).toBe("deposit");
    expect(actionFromSearch("?action=Borrow")).toBe("borrow");
    expect(actionFromSearch("action=withdraw")).toBe("withdraw");
    expect(actionFromSearch("action=repay")).toBe("repay");
    expect(actionFromSearch("action=swap")).toBeNull();
    expect(actionFromSearch("")).toBeNull();
  });
});
