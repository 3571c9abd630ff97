// The bank page's "Bad debt" section against a real API server on a real ledger (in a child process, as the bank page
// test does): three borrowers against SOL go bankrupt when SOL falls to 4 cents. The USDC bank's first settlement is
// indexed while the bank is as it left it (its depositors' loss is known), its second and the DAI bank's only one are
// followed by a deposit before the indexer reads the bank (unknown: a dash, or no loss column at all).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpProvider } from "../src/api/context.js";
import { Http, fetchBankBadDebt } from "../src/api/index.js";
import { BadDebtCard } from "../src/features/bank/BadDebtCard.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

const SETUP = `
const { fundInsurance, handleBankruptcyIx } = await import(process.cwd() + "/packages/protocol/test/support/liquidation.ts");
const market = await TestMarket.start();
closers.push(() => market.close());
const sol = await market.addBank(9, { kind: "pyth", price: 10 });
const usdc = await market.addBank(6, { kind: "pyth", price: 1 });
const dai = await market.addBank(6, { kind: "pyth", price: 1 });
const banks = [sol, usdc, dai];
const lender = await market.newUser();
await market.deposit(lender, usdc, 100_000_000n);
await market.deposit(lender, dai, 50_000_000n);
const borrower = async (bank, debt) => {
  const user = await market.newUser();
  await market.deposit(user, sol, 2_000_000_000n);
  await market.borrow(user, bank, debt, banks);
  return user;
};
const first = await borrower(usdc, 12_500_000n);
const second = await borrower(usdc, 5_000_000n);
const third = await borrower(dai, 4_000_000n);
await fundInsurance(market, usdc, 2_100_000n);
await market.setOracle(sol.oracle, { kind: "pyth", price: 0.04 });
const server = await startTestServer(market);
closers.push(() => server.close());
const settle = async (user, bank) => market.send(await handleBankruptcyIx(market, user, bank, banks), [market.admin]);
await settle(first, usdc);
await server.jobs.indexer.run();
await settle(second, usdc);
await settle(third, dai);
await market.deposit(lender, usdc, 1_000_000n);
await market.deposit(lender, dai, 1_000_000n);
await server.jobs.indexer.run();
ready({
  url: server.url,
  sol: sol.key.toBase58(),
  usdc: usdc.key.toBase58(),
  dai: dai.key.toBase58(),
  accounts: [first, second, third].map((u) => u.account.toBase58()),
});
`;

interface Started {
  readonly url: string;
  readonly sol: string;
  readonly usdc: string;
  readonly dai: string;
  readonly accounts: [string, string, string];
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

function renderCard(bank: string, symbol: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("")}>
        <BadDebtCard bank={bank} symbol={symbol} decimals={6} />
      </HttpProvider>
    </QueryClientProvider>,
  );
}

/** Each row's cells, header first. */
async function tableText(): Promise<string[][]> {
  const table = await screen.findByRole("table", { name: "Settled bad debt" }, { timeout: 10_000 });
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}

/** The date column as the page writes it: the block time in the reader's locale. */
async function dates(bank: string): Promise<string[]> {
  const settlements = await fetchBankBadDebt(new Http(started.url), bank);
  return settlements.map((s) => new Date(s.timestamp! * 1000).toLocaleString());
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

describe("bad debt", () => {
  it("lists the USDC bank's settlements newest first, with the depositors' loss where the server knows it", async () => {
    renderCard(started.usdc, "USDC");
    const [second, first] = await dates(started.usdc);
    expect(await tableText()).toEqual([
      ["Date", "Account", "Bad debt", "Covered by insurance", "Socialised", "Depositors' loss"],
      [second, short(started.accounts[1]), "5 USDC", "0 USDC", "5 USDC", "—"],
      // 10.4 USDC of the 100 deposited.
      [first, short(started.accounts[0]), "12.5 USDC", "2.1 USDC", "10.4 USDC", "-10.40%"],
    ]);
    expect(screen.getByRole("heading", { name: "Bad debt" })).toBeTruthy();
  });

  it("leaves the loss column out when the server knows it for no settlement", async () => {
    renderCard(started.dai, "DAI");
    const [only] = await dates(started.dai);
    expect(await tableText()).toEqual([
      ["Date", "Account", "Bad debt", "Covered by insurance", "Socialised"],
      [only, short(started.accounts[2]), "4 DAI", "0 DAI", "4 DAI"],
    ]);
  });

  it("says so when a bank has settled no bad debt", async () => {
    renderCard(started.sol, "SOL");
    expect(await screen.findByText("No bad debt", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("No bankruptcy has been settled in this bank: SOL depositors have borne no loss.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the server's refusal, asked once: a refusal is not retried", async () => {
    const requests = vi.spyOn(window, "fetch");
    renderCard("not-a-bank", "USDC");
    expect(await screen.findByText("Could not load the bad debt", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("Failed to fetch the bank's bad debt: Invalid query.bank: must be a base58 address")).toBeTruthy();
    expect(requests.mock.calls.map((c) => String(c[0]))).toEqual(["/api/bank-bad-debt?bank=not-a-bank"]);
  });
});
