// The portfolio's history and its view across markets in headless Chromium against `scripts/start.ts` (bank snapshots
// every 10 s): built-in wallet → faucet → supply 1,000 USDC and borrow 100 USDT in Ballast Main → supply 500 USDC in
// Harbor → the portfolio's All markets card with exact totals, its link back into Ballast Main → the account's value
// over time from its real history (the snapshots after each action), with the interest earned the server computes.
// Stablecoin prices are held at $1 so the figures are exact. Only the UI is used for what a user does; every screen is
// checked at 375 and 1440 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { AccountHistoryReply, PortfolioReply } from "@ballast/sdk";
import { formatPercent, formatSignedUsd, shortenAddress } from "../src/format/index.js";
import { openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

const CHAIN_STEP_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 300_000;
const OTHER_MARKETS = ["Keel", "Mast", "Anchorage", "Breakwater"];
/** The history's rows before and after the borrow was snapshotted: net value, deposits, debt. */
const SUPPLIED = ["$1,000.00", "$1,000.00", "$0.00"];
const BORROWED = ["$900.00", "$1,000.00", "$100.00"];
/** Polls that also call the API: slow enough to stay well inside its per-client limit, which the page shares. */
const API_POLL = { timeout: 45_000, interval: 2_000 };
/** The page asks for the account's history every 30 s. */
const HISTORY_POLL = { timeout: 90_000, interval: 2_000 };

let product: Product;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  product = await startProduct({ SNAPSHOT_INTERVAL_MS: "10000" });
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
  // Hold the stablecoins at $1 for the whole journey (the sandbox's price control, as its panel does).
  for (const symbol of ["USDC", "USDT"]) {
    const response = await fetch(`${product.url}/api/sandbox/prices`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ symbol, usd: 1, holdSeconds: 3600 }),
    });
    expect(response.status).toBe(200);
  }
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

/** The history table's body rows without their time column. */
async function historyRows(): Promise<string[][]> {
  const rows = ui.main(page).getByRole("table", { name: "Account history data" }).getByRole("row");
  const texts: string[][] = [];
  for (const row of (await rows.all()).slice(1)) texts.push((await row.getByRole("cell").allTextContents()).slice(1));
  return texts;
}

function marketItem(name: string): Locator {
  return ui.main(page).getByRole("list", { name: "Accounts by market" }).getByRole("listitem", { name, exact: true });
}

it(
  "charts the account's real history and sums its accounts across markets",
  async ({ onTestFailed }) => {
    onTestFailed(() => reportFailure(session, "history-failure"));

    await ui.fundedBrowserWallet(page, product.url);
    const wallet = (await ui.browserWalletKeypair(page)).publicKey.toBase58();

    // Ballast Main: 1,000 USDC supplied (the first deposit opens the account), 100 USDT borrowed against it.
    await ui.main(page).getByRole("button", { name: "Supply USDC", exact: true }).click();
    await ui.sendFromActionBox(page, "deposit", "USDC", "1000", "Deposit");
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
    await ui.main(page).getByRole("button", { name: "Borrow USDT", exact: true }).click();
    await ui.sendFromActionBox(page, "borrow", "USDT", "100", "Borrow");

    // Harbor: 500 USDC in an account of its own.
    const marketSelect = page.getByRole("combobox", { name: "Market" });
    await marketSelect.selectOption({ label: "Harbor" });
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Lend" }).click();
    await ui.main(page).getByRole("button", { name: "Supply USDC", exact: true }).click();
    await ui.sendFromActionBox(page, "deposit", "USDC", "500", "Deposit");

    // The portfolio, in Harbor: every market with the wallet's accounts, the total and the worst health (Main's).
    await ui.goTo(page, "Portfolio");
    await expect.poll(() => ui.main(page).getByTestId("markets-total-value").innerText()).toBe("$1,400.00");
    expect(await marketItem("Ballast Main").innerText()).toContain("$900.00");
    expect(await marketItem("Harbor").innerText()).toContain("$500.00");
    for (const name of OTHER_MARKETS) expect(await marketItem(name).innerText()).toContain("No account");
    const summary = await product.json<PortfolioReply>(`/api/portfolio?authority=${wallet}`);
    const [mainAccount] = summary.markets[0]!.accounts;
    expect(summary.worstHealth?.account).toBe(mainAccount!.address);
    await expect
      .poll(async () => {
        const now = await product.json<PortfolioReply>(`/api/portfolio?authority=${wallet}`);
        return (
          (await ui.main(page).getByTestId("markets-worst-health").innerText()) === formatPercent(Number(now.worstHealth!.healthFactor))
        );
      }, API_POLL)
      .toBe(true);
    await ui.expectScreenFits(page, "markets-summary");

    // Into Ballast Main's account from the card.
    await marketItem("Ballast Main")
      .getByRole("button", { name: `Open Ballast Main account ${shortenAddress(mainAccount!.address)}` })
      .click();
    await expect.poll(() => marketSelect.locator("option:checked").innerText()).toBe("Ballast Main");
    expect(await ui.main(page).getByRole("combobox", { name: "Account" }).inputValue()).toBe(mainAccount!.address);

    // The account's history: snapshots after the deposit and after the borrow, valued exactly; the newest is the borrow's.
    const history = ui.main(page).getByRole("radiogroup", { name: "Period" });
    await history.getByRole("radio", { name: "1D" }).click();
    await expect.poll(async () => (await historyRows()).at(-1), { timeout: 90_000, interval: 1_000 }).toEqual(BORROWED);
    for (const row of await historyRows()) expect([SUPPLIED, BORROWED]).toContainEqual(row);
    expect(await ui.main(page).getByTestId("history-value").innerText()).toBe("$900.00");
    // Interest earned is the server's figure: the page asks again every 30 s, so its copy may be a snapshot older than
    // a fresh read; the accrual between two snapshots is under a cent here.
    await expect
      .poll(async () => {
        const reply = await product.json<AccountHistoryReply>(`/api/accounts/${mainAccount!.address}/history?range=1d`);
        const shown = await ui.main(page).getByTestId("interest-earned").innerText();
        if (reply.interestEarned === null || !/^-?\$[\d,]+\.\d{2}$/.test(shown)) return `${shown} (server ${reply.interestEarned})`;
        const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
        return Math.abs(cents(shown) - cents(formatSignedUsd(reply.interestEarned))) <= 1 || `${shown} (server ${reply.interestEarned})`;
      }, HISTORY_POLL)
      .toBe(true);
    await history.getByRole("radio", { name: "All" }).click();
    await expect.poll(async () => (await historyRows()).at(-1)).toEqual(BORROWED);
    await ui.expectScreenFits(page, "account-history");
    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  },
  JOURNEY_TIMEOUT_MS,
);
