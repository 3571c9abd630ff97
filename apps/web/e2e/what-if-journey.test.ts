// The what-if card from the browser, against the product started by the launcher: SOL and USDC held at $100 and $1
// with the app's price control (so the random walk cannot move the figures between the test's reading and the
// page's), 1 SOL deposited and 50 USDC borrowed, then on the portfolio SOL −50 % typed at 1440 px and slid at 375 px.
// The card's figures today and after must be the SDK's price-shock report over the chain's state, formatted as the
// app formats them, with "Liquidatable" shown. Only the UI is used, found by roles and labels; the portfolio with the
// card is checked to fit at 375 and 1440 px, and the page logs no errors.
import { afterAll, beforeAll, expect, it } from "vitest";
import { Connection } from "@solana/web3.js";
import { DEFAULT_PUBKEY, type I80F48 } from "@ballast/protocol";
import { fetchMarginAccounts, loadMarket, priceShockReport, toNumber, type AppConfig, type BankDto } from "@ballast/sdk";
import type { Page } from "playwright-core";
import { formatPercent, formatPrice, formatUsd } from "../src/format/index.js";
import { LIQUIDATABLE_MESSAGE } from "../src/features/portfolio/WhatIfCard.js";
import { DESKTOP, MOBILE, openBrowser, screenshot, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

/** Chain round trips (send, confirm, the app's refresh polling) take a few seconds each on two cores. */
const CHAIN_STEP_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 300_000;
/** SOL −50 % as the SDK takes it: half the price, in basis points. */
const HALF_PRICE_BPS = 5_000n;

let product: Product;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

const number = (value: I80F48 | null) => (value === null ? null : toNumber(value));
const usdText = (value: I80F48 | null) => formatUsd(number(value)!);
const priceText = (value: I80F48 | null) => formatPrice(number(value)!);
const healthText = (value: I80F48 | null, liquidatable: boolean) => `${formatPercent(number(value)!)}${liquidatable ? "Liquidatable" : ""}`;

it(
  "shows the SDK's health, free collateral and liquidation prices after SOL falls 50 %",
  async ({ onTestFailed }) => {
    onTestFailed(() => reportFailure(session, "what-if-failure"));
    const config = await product.json<AppConfig>("/api/config");
    const group = config.markets.find((m) => m.main)!.group;
    const dtos = (await product.json<BankDto[]>("/api/banks/rpc")).filter((b) => b.group_address === group);
    const plain = (symbol: string) => dtos.find((b) => b.symbol === symbol && b.kamino_reserve === DEFAULT_PUBKEY)!;
    const [sol, usdc] = [plain("SOL"), plain("USDC")];
    const connection = new Connection(`${product.url}/rpc`, "confirmed");

    // The browser wallet, its test tokens, and the two prices held.
    const walletMenu = await ui.fundedBrowserWallet(page, product.url);
    await walletMenu.click();
    await page.getByRole("button", { name: "Price control" }).click();
    const priceControl = page.getByRole("dialog", { name: "Price control" });
    await ui.holdPrice(priceControl, "SOL", "100");
    await ui.holdPrice(priceControl, "USDC", "1");
    await page.keyboard.press("Escape");
    await expect.poll(() => priceControl.isVisible()).toBe(false);

    // 1 SOL supplied, 50 USDC borrowed against it.
    await ui.main(page).getByRole("button", { name: "Supply SOL" }).click();
    await ui.sendFromActionBox(page, "deposit", "SOL", "1", "Deposit");
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
    await ui.main(page).getByRole("button", { name: "Borrow USDC" }).click();
    await ui.sendFromActionBox(page, "borrow", "USDC", "50", "Borrow");

    // The portfolio shows the card once both positions are there.
    await ui.goTo(page, "Portfolio");
    // 50 USDC, or a little more once the interest accrued since the borrow shows in the amount.
    await expect
      .poll(() =>
        ui
          .positionRow(page, "Borrowed", "USDC")
          .getByRole("cell", { name: /^50(\.\d+)? USDC$/ })
          .count(),
      )
      .toBe(1);
    const card = ui.main(page).getByRole("region", { name: "What if prices move" });
    // Text content: the badge beside the health factor is a flex item, which innerText would put on a line of its own.
    const cell = async (testId: string) => (await card.getByTestId(testId).textContent()) ?? "";

    // The SDK's reports today and at half SOL's price, over the chain's market and the account's balances.
    const [account] = await fetchMarginAccounts(
      connection,
      config.programId,
      group,
      (await ui.browserWalletKeypair(page)).publicKey.toBase58(),
    );
    const market = await loadMarket(connection, { programId: config.programId, group });
    const balances = account!.account.lendingAccount.balances;
    const today = priceShockReport(balances, market.banks, new Map());
    const shocked = priceShockReport(balances, market.banks, new Map([[sol.bank_address, HALF_PRICE_BPS]]));
    // SOL maintenance-weighted at 0.9 against USDC at 1.05: $90 covers $52.50 of debt, $45 does not.
    expect(today.liquidatable).toBe(false);
    expect(shocked.liquidatable).toBe(true);
    const position = (report: typeof today, bank: string) => report.positions.find((p) => p.bank === bank)!;
    const expected = {
      "what-if-health-today": healthText(today.healthFactor, false),
      "what-if-health-after": healthText(shocked.healthFactor, true),
      "what-if-free-collateral-today": usdText(today.freeCollateral),
      "what-if-free-collateral-after": usdText(shocked.freeCollateral),
      [`what-if-price-${sol.bank_address}-today`]: "$100.00",
      [`what-if-price-${sol.bank_address}-after`]: "$50.00",
      [`what-if-liquidation-${sol.bank_address}-today`]: priceText(position(today, sol.bank_address).liquidationPrice),
      [`what-if-liquidation-${sol.bank_address}-after`]: priceText(position(shocked, sol.bank_address).liquidationPrice),
      [`what-if-liquidation-${usdc.bank_address}-today`]: priceText(position(today, usdc.bank_address).liquidationPrice),
      [`what-if-liquidation-${usdc.bank_address}-after`]: priceText(position(shocked, usdc.bank_address).liquidationPrice),
    };
    const shown = async () => Object.fromEntries(await Promise.all(Object.keys(expected).map(async (id) => [id, await cell(id)])));
    const announced = `After the price changes: health factor ${formatPercent(number(shocked.healthFactor)!)}, free collateral ${usdText(shocked.freeCollateral)}, liquidatable.`;

    // At 1440 px: −50 typed.
    await page.setViewportSize(DESKTOP);
    await card.getByRole("spinbutton", { name: "SOL price change in percent" }).fill("-50");
    await expect.poll(shown).toEqual(expected);
    expect(await card.getByText(LIQUIDATABLE_MESSAGE).isVisible()).toBe(true);
    expect(await card.getByRole("status").innerText()).toBe(announced);
    expect(await card.getByRole("slider", { name: "SOL price change" }).inputValue()).toBe("-50");
    await ui.expectScreenFits(page, "what-if");

    // At 375 px: reset, then −50 slid; the same figures.
    await page.setViewportSize(MOBILE);
    await card.getByRole("button", { name: "Reset SOL price" }).click();
    await expect.poll(() => cell("what-if-health-after")).toBe(expected["what-if-health-today"]);
    expect(await card.getByText(LIQUIDATABLE_MESSAGE).count()).toBe(0);
    expect(await card.getByRole("status").innerText()).toBe("Prices as today.");
    await card.getByRole("slider", { name: "SOL price change" }).fill("-50");
    expect(await card.getByRole("spinbutton", { name: "SOL price change in percent" }).inputValue()).toBe("-50");
    await expect.poll(shown).toEqual(expected);
    expect(await card.getByText("Liquidatable", { exact: true }).isVisible()).toBe(true);
    await ui.expectLayoutFits(page);
    await screenshot(page, "what-if-mobile-shocked");
    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  },
  JOURNEY_TIMEOUT_MS,
);
