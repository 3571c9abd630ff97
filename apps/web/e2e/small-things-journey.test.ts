// The small things users notice, in headless Chromium against `scripts/start.ts` at 1440 and 375 px: every bank of
// the main market shows its token's mark (drawn for the project: no token list is configured); a shared bank link of
// another market opens that market, and an old link without the market finds it; the keyboard shortcuts focus the
// search, switch the action box's tab, close it and list themselves, each announced in the live region.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page } from "playwright-core";
import type { AppConfig, BankDto } from "@ballast/sdk";
import { DESKTOP, MOBILE, openBrowser, screenshot, type BrowserSession } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

const STEP_MS = 45_000;

let product: Product;
let session: BrowserSession;
let page: Page;
let config: AppConfig;
let banks: BankDto[];

beforeAll(async () => {
  product = await startProduct();
  config = await product.json<AppConfig>("/api/config");
  // Old links find their market in the stored bank list, which the server fills a few seconds after start.
  banks = await product.json<BankDto[]>("/api/banks/rpc");
  await vi.waitFor(async () => expect((await product.json<BankDto[]>("/api/banks/db")).length).toBe(banks.length), {
    timeout: 60_000,
    interval: 500,
  });
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(STEP_MS);
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

const marketNamed = (name: string) => config.markets.find((m) => m.name === name)!;
const banksOf = (group: string) => banks.filter((b) => b.group_address === group);
const announced = () => page.getByRole("status", { name: "Shortcut announcements" });
const selectedMarket = () => page.getByRole("combobox", { name: "Market" });

/** The markets page as a first visit opens it: in the main market, whatever a previous step selected. */
async function openMarkets(viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(product.url);
  await page.evaluate(() => localStorage.removeItem("ballast:market"));
  await page.reload();
}

/** The visible marks (decorative: hidden from screen readers, so found by their attributes) of the markets page. */
const visibleMarks = () => ui.main(page).locator("[data-token-mark]:visible");

/** The visible marks' symbols and kinds, sorted. */
async function shownMarks(): Promise<string[]> {
  const shown: string[] = [];
  for (const mark of await visibleMarks().all()) {
    shown.push(`${await mark.getAttribute("data-symbol")} (${await mark.getAttribute("data-token-mark")})`);
  }
  return shown.sort();
}

describe.each([
  ["desktop", DESKTOP],
  ["phone", MOBILE],
])("at %s width", (width, viewport) => {
  it("marks every bank of the main market with its token's drawn mark", async () => {
    await openMarkets(viewport);
    const main = marketNamed("Ballast Main");
    const expected = banksOf(main.group)
      .map((b) => `${b.symbol} (drawn)`)
      .sort();
    expect(expected).toHaveLength(18);
    await expect.poll(() => visibleMarks().count()).toBe(expected.length);
    expect(await shownMarks()).toEqual(expected);
    await ui.expectLayoutFits(page);
    await screenshot(page, `token-marks-${width}`);
  });

  it("opens a shared bank link in the bank's market, and an old link without the market too", async () => {
    await openMarkets(viewport);
    await expect.poll(() => selectedMarket().inputValue()).toBe(marketNamed("Ballast Main").group);
    const harbor = marketNamed("Harbor");
    const harborBank = banksOf(harbor.group)[0]!;
    await page.goto(`${product.url}/banks/${harborBank.bank_address}?market=${harbor.group}`);
    await expect.poll(() => ui.main(page).getByRole("heading", { level: 1 }).textContent()).toBe(harborBank.symbol);
    expect(await selectedMarket().inputValue()).toBe(harbor.group);
    const mark = ui.main(page).locator(`header [data-symbol="${harborBank.symbol}"]`);
    await expect.poll(() => mark.isVisible()).toBe(true);

    const keel = marketNamed("Keel");
    const keelBank = banksOf(keel.group)[0]!;
    await page.goto(`${product.url}/banks/${keelBank.bank_address}`);
    await expect.poll(() => ui.main(page).getByRole("heading", { level: 1 }).textContent()).toBe(keelBank.symbol);
    expect(await selectedMarket().inputValue()).toBe(keel.group);
    await ui.expectLayoutFits(page);

    // The markets table links each bank with its market.
    await ui.goTo(page, "Markets");
    const link = ui.main(page).getByRole("link", { name: keelBank.symbol, exact: true });
    expect(await link.getAttribute("href")).toBe(`/banks/${keelBank.bank_address}?market=${keel.group}`);
  });

  it("focuses the search, switches and closes the action box, and lists the shortcuts, from the keyboard", async () => {
    await openMarkets(viewport);
    const search = ui.main(page).getByRole("searchbox", { name: "Search assets" });
    expect(await search.getAttribute("aria-keyshortcuts")).toBe("/");
    await page.locator("body").press("/");
    await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await announced().textContent()).toBe("Search assets focused");
    // Typing in the search is typing: "d" and "?" are text there.
    await page.keyboard.type("d?");
    expect(await search.inputValue()).toBe("d?");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await search.fill("");

    await ui.main(page).getByRole("button", { name: "Supply SOL" }).click();
    const box = ui.actionBox(page);
    await expect.poll(() => box.getByRole("tab", { name: "Deposit", selected: true }).count()).toBe(1);
    await box.getByRole("tab", { name: "Deposit" }).focus();
    await page.keyboard.press("b");
    await expect.poll(() => box.getByRole("tab", { name: "Borrow", selected: true }).count()).toBe(1);
    expect(await announced().textContent()).toBe("Borrow selected");
    expect(await box.getByRole("textbox", { name: "Amount to borrow" }).count()).toBe(1);
    await page.keyboard.press("w");
    await expect.poll(() => box.getByRole("tab", { name: "Withdraw", selected: true }).count()).toBe(1);
    expect(await announced().textContent()).toBe("Withdraw selected");
    await page.keyboard.press("Escape");
    await expect.poll(() => box.count()).toBe(0);

    await page.keyboard.press("?");
    const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect.poll(() => list.locator("dt").allTextContents()).toEqual(["/", "D", "B", "R", "W", "Esc", "?"]);
    await ui.expectLayoutFits(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => list.count()).toBe(0);
  });
});

it("left no page error", () => {
  expect(session.pageErrors).toEqual([]);
});
