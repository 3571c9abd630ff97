// The portfolio's history card and cross-market summary against a real API server on a real ledger (in a child
// process): a wallet deposits 2 SOL at $10 and borrows 5 USDC, half a day later repays 2 USDC, deposits 1 SOL and opens
// a Harbor account with 100 USDC. The card shows the server's points and interest earned formatted, per period; the
// summary the exact totals, and its Open link switches market with that account selected.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import bs58 from "bs58";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SelectedAccountProvider } from "../src/account/SelectedAccountProvider.js";
import { selectedAccountStorageKey } from "../src/account/selection.js";
import { HttpProvider } from "../src/api/context.js";
import { Http, fetchAccountHistory, fetchConfig, fetchPortfolio, type AppConfig } from "../src/api/index.js";
import { BankHistory } from "../src/features/bank/BankHistory.js";
import { AccountHistoryCard } from "../src/features/portfolio/AccountHistoryCard.js";
import { MarketsSummary } from "../src/features/portfolio/MarketsSummary.js";
import { formatPercent, formatSignedUsd, shortenAddress } from "../src/format/index.js";
import { MarketProvider, useSelectedMarket } from "../src/market/MarketProvider.js";
import { ToastProvider } from "../src/ui/index.js";
import { LOCAL_WALLET_KEY } from "../src/wallet/local-wallet.js";
import { WalletProvider, useWallet } from "../src/wallet/WalletProvider.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

const SETUP = `
const market = await TestMarket.start();
closers.push(() => market.close());
const harbor = await market.createGroup();
const harborUsdc = await market.addBank(6, { kind: "pyth", price: 1 }, {}, { group: harbor });
const main = market.group;
const sol = await market.addBank(9, { kind: "pyth", price: 10 });
const usdc = await market.addBank(6, { kind: "pyth", price: 1 });
const lender = await market.newUser();
await market.deposit(lender, usdc, 1_000_000_000n);
const user = await market.newUser();
await market.deposit(user, sol, 2_000_000_000n);
await market.borrow(user, usdc, 5_000_000n, [sol, usdc]);
const server = await startTestServer(market, {
  now: () => Number(market.now()),
  config: { markets: [{ group: main.toBase58(), name: "Ballast Main" }, { group: harbor.toBase58(), name: "Harbor" }] },
});
closers.push(() => server.close());
await server.jobs.indexer.run();
await server.jobs.bankHistory.run();
market.advanceTime(12 * 3600);
await market.setOracle(sol.oracle, { kind: "pyth", price: 10 });
await market.setOracle(usdc.oracle, { kind: "pyth", price: 1 });
await market.setOracle(harborUsdc.oracle, { kind: "pyth", price: 1 });
await market.repay(user, usdc, 2_000_000n);
await market.deposit(user, sol, 1_000_000_000n);
market.group = harbor;
// A Keypair (the setup module, written to a temporary folder, cannot import web3.js by name).
const harborAccount = user.wallet.constructor.generate();
await market.send(market.initAccountIx(user.wallet.publicKey, harborAccount.publicKey), [user.wallet, harborAccount]);
await market.deposit({ wallet: user.wallet, account: harborAccount.publicKey }, harborUsdc, 100_000_000n);
market.group = main;
await server.jobs.indexer.run();
await server.jobs.bankHistory.run();
ready({
  url: server.url,
  account: user.account.toBase58(),
  harborAccount: harborAccount.publicKey.toBase58(),
  secretKey: Array.from(user.wallet.secretKey),
  main: main.toBase58(),
  harbor: harbor.toBase58(),
  sol: sol.key.toBase58(),
  harborUsdc: harborUsdc.key.toBase58(),
});
`;

interface Started {
  readonly account: string;
  readonly harborAccount: string;
  readonly secretKey: number[];
  readonly main: string;
  readonly harbor: string;
  readonly sol: string;
  readonly harborUsdc: string;
}

let server: ServerProcess<Started>;
let started: ServerProcess<Started>["facts"];
let config: AppConfig;

beforeAll(async () => {
  server = await startServerProcess<Started>(SETUP);
  started = server.facts;
  config = await fetchConfig(new Http(server.facts.url));
}, 120_000);
afterAll(() => server?.stop());

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(LOCAL_WALLET_KEY, bs58.encode(Uint8Array.from(started.secretKey)));
  localStorage.setItem("ballast:last-wallet", "local");
});
afterEach(cleanup);

function SelectedInMarket({ children }: { readonly children: ReactNode }) {
  const { address } = useWallet();
  const { market } = useSelectedMarket();
  if (!address) return <p>connecting</p>;
  const accounts = market.group === started.main ? [started.account] : [started.harborAccount];
  return (
    <SelectedAccountProvider wallet={address} group={market.group} accounts={accounts}>
      <p data-testid="selected-market">{market.name}</p>
      {children}
    </SelectedAccountProvider>
  );
}

function renderWithServer(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("")}>
        <ToastProvider>
          <MarketProvider config={config} origin={started.url}>
            <WalletProvider cluster="local">
              <SelectedInMarket>{ui}</SelectedInMarket>
            </WalletProvider>
          </MarketProvider>
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

/** The cells of the history table's body rows, without the time column. */
async function historyRows(): Promise<string[][]> {
  const table = await screen.findByRole("table", { name: "Account history data" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(1)
        .map((cell) => cell.textContent ?? ""),
    );
}

describe("account history card", () => {
  it("shows each snapshot's value, deposits and debt and the interest earned, for the period chosen", async () => {
    const reply = await fetchAccountHistory(new Http(started.url), started.account, "7d");
    expect(reply.points).toHaveLength(2);
    expect(reply.interestEarned).toBeLessThan(0);
    renderWithServer(<AccountHistoryCard account={started.account} />);
    expect(await historyRows()).toEqual([
      ["$15.00", "$20.00", "$5.00"],
      ["$27.00", "$30.00", "$3.00"],
    ]);
    expect(screen.getByTestId("history-value").textContent).toBe("$27.00");
    expect(screen.getByTestId("interest-earned").textContent).toBe(formatSignedUsd(reply.interestEarned!));
    expect(screen.getByRole("radio", { name: "7D" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("radio", { name: "All" }));
    await waitFor(() => expect(screen.getByRole("radio", { name: "All" }).getAttribute("aria-checked")).toBe("true"));
    expect(await historyRows()).toEqual([
      ["$15.00", "$20.00", "$5.00"],
      ["$27.00", "$30.00", "$3.00"],
    ]);
  });

  it("shows no interest figure before a second snapshot", async () => {
    renderWithServer(<AccountHistoryCard account={started.harborAccount} />);
    fireEvent.click(await screen.findByRole("radio", { name: "1D" }));
    // The Harbor account's one snapshot is the last: one point, no interest figure yet.
    expect(await historyRows()).toEqual([["$100.00", "$100.00", "$0.00"]]);
    expect(screen.getByTestId("interest-earned").textContent).toBe("—");
  });
});

describe("bank page's position chart", () => {
  const position = { bank: "", amount: "3", usdValue: "30", isLending: true, isDust: false, liquidationPrice: null };

  it("charts the account's history in that bank, and says when the account has none there", async () => {
    const { unmount } = renderWithServer(
      <BankHistory bank={started.sol} symbol="SOL" account={started.account} curve={[]} utilization={0} position={position} />,
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Portfolio" }));
    const panel = screen.getByRole("tabpanel", { name: "Portfolio" });
    // The chart's frame, once the points are in and the chart module has loaded.
    await waitFor(() => expect(panel.querySelector(".h-72.overflow-hidden")).not.toBeNull());
    expect(panel.textContent).not.toContain("No history yet");
    expect(panel.textContent).not.toContain("Could not load the history");
    unmount();
    renderWithServer(
      <BankHistory bank={started.harborUsdc} symbol="USDC" account={started.account} curve={[]} utilization={0} position={position} />,
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Portfolio" }));
    expect(await screen.findByText("No history yet")).toBeTruthy();
  });
});

describe("markets summary", () => {
  it("totals the wallet's accounts across markets, names the worst health, and opens an account in its market", async () => {
    const reply = await fetchPortfolio(new Http(started.url), bs58.encode(Uint8Array.from(started.secretKey).slice(32)));
    renderWithServer(<MarketsSummary />);
    await waitFor(() => expect(screen.getByTestId("markets-total-value").textContent).toBe("$127.00"));
    expect(screen.getByTestId("markets-worst-health").textContent).toBe(formatPercent(Number(reply.worstHealth!.healthFactor)));
    const harbor = screen.getByRole("listitem", { name: "Harbor" });
    expect(harbor.textContent).toContain("$100.00");
    expect(screen.getByRole("listitem", { name: "Ballast Main" }).textContent).toContain("$27.00");
    expect(screen.getByTestId("selected-market").textContent).toBe("Ballast Main");
    fireEvent.click(within(harbor).getByRole("button", { name: `Open Harbor account ${shortenAddress(started.harborAccount)}` }));
    await waitFor(() => expect(screen.getByTestId("selected-market").textContent).toBe("Harbor"));
    const wallet = bs58.encode(Uint8Array.from(started.secretKey).slice(32));
    expect(localStorage.getItem(selectedAccountStorageKey(wallet, started.harbor))).toBe(started.harborAccount);
  });
});
