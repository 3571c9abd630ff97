// Understanding risk in the browser, against the product started by the launcher: SOL held at a set price through the
// sandbox price control, 1 JitoSOL supplied, a SOL borrow whose preview shows JitoSOL's weight entering e-mode
// (75% → 90%), the e-mode badge on the portfolio and account bar, a health alert chosen at 10% with browser
// notifications allowed, a MAX USDC borrow whose preview shows e-mode lost (90% → 75%), then SOL's price cut by a
// fifth: the band turns "At risk", the spec's liquidation-risk warning shows, and the alert banner and one
// notification appear. Only the UI is used, found by roles and labels; the portfolio is checked to fit at 375 and
// 1440 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

/** Chain round trips (send, confirm, the app's refresh polling) take a few seconds each on two cores. */
const CHAIN_STEP_MS = 45_000;
/** Health is valued at the oracle prices the account query refetches every 30 s. */
const HEALTH_REFRESH_MS = 75_000;
const JOURNEY_TIMEOUT_MS = 300_000;
const LIQUIDATION_RISK_MESSAGE = "Liquidation risk: this account is close to being liquidated. Repay borrowings or supply more collateral.";

let product: Product;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
  session = await openBrowser();
  // The user allows notifications when the app asks; each one the page shows is recorded as "title: body".
  await session.context.grantPermissions(["notifications"], { origin: product.url });
  await session.context.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = class extends window.Notification {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(`${title}: ${options?.body ?? ""}`);
      }
    };
  });
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

/** Sets SOL (and the LSTs with it) to `usd` for an hour through the wallet menu's price control. */
async function setSolPrice(walletMenu: ReturnType<Page["getByRole"]>, usd: string): Promise<void> {
  await walletMenu.click();
  await page.getByRole("button", { name: "Price control" }).click();
  const dialog = page.getByRole("dialog", { name: "Price control" });
  await ui.holdPrice(dialog, "SOL", usd);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect.poll(() => dialog.count()).toBe(0);
  // The wallet menu the control opened from stays open over the page's top until dismissed.
  if ((await walletMenu.getAttribute("aria-expanded")) === "true") await page.keyboard.press("Escape");
  await expect.poll(() => walletMenu.getAttribute("aria-expanded")).toBe("false");
}

/** The before → after texts of one preview row of the open action box. */
async function previewRow(label: string): Promise<[string, string]> {
  const row = ui.actionBox(page).getByLabel("Preview").locator(`[data-preview="${label}"]`);
  return [await row.locator('[data-part="before"]').innerText(), await row.locator('[data-part="after"]').innerText()];
}

it(
  "shows health bands, e-mode weights and badge, the liquidation-risk warning and the health alert",
  async ({ onTestFailed }) => {
    onTestFailed(() => reportFailure(session, "risk-failure"));

    // The browser wallet, its test tokens, and SOL held at $100 so health moves only when the test moves it.
    const walletMenu = await ui.fundedBrowserWallet(page, product.url);
    await setSolPrice(walletMenu, "100");

    // 1 JitoSOL supplied (creating the account), then a SOL borrow: JitoSOL's weight enters e-mode, 75% → 90%.
    await ui.main(page).getByRole("button", { name: "Supply JitoSOL" }).click();
    await ui.sendFromActionBox(page, "deposit", "JitoSOL", "1", "Deposit");
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
    await ui.main(page).getByRole("button", { name: "Borrow SOL" }).click();
    await ui.actionBox(page).getByRole("textbox", { name: "Amount to borrow" }).fill("0.1");
    await expect.poll(() => previewRow("JitoSOL weight (e-mode)")).toEqual(["75%", "90%"]);
    expect((await previewRow("Health"))[0]).toBe("100.00% · Safe");
    await ui.sendFromActionBox(page, "borrow", "SOL", "0.1", "Borrow");

    // The portfolio: the band, what health means, and the e-mode badge naming the pair, in the account bar as well.
    await ui.goTo(page, "Portfolio");
    const summaryBand = ui.main(page).getByTestId("health-band");
    await expect.poll(() => summaryBand.innerText()).toBe("Safe");
    const accountRisk = ui.main(page).getByRole("group", { name: "Account risk" });
    expect(await accountRisk.getByTestId("account-health-band").innerText()).toBe("Safe");
    const pair = "E-mode LST tier 1: JitoSOL against SOL";
    expect(await accountRisk.getByTestId("emode-badge").innerText()).toBe(pair);
    expect(await ui.main(page).getByRole("meter", { name: "Health" }).locator("..").getByTestId("emode-badge").innerText()).toBe(pair);
    expect(await ui.main(page).getByTestId("health-explanation").innerText()).toMatch(/^Health is the share of your collateral/);

    // A health alert at 10%.
    await ui.main(page).getByRole("textbox", { name: "Alert below" }).fill("10");
    await ui.main(page).getByRole("button", { name: "Turn on alert" }).click();
    await expect
      .poll(() => ui.main(page).getByText("On: you are alerted while the app is open when health falls below 10%.").count())
      .toBe(1);
    await ui.main(page).getByRole("button", { name: "Enable browser notifications" }).click();
    await expect.poll(() => ui.main(page).getByText("Browser notifications are on.", { exact: true }).count()).toBe(1);

    // Borrowing USDC up to MAX loses e-mode (90% → 75%) and leaves health in the "Watch" band.
    await ui.goTo(page, "Markets");
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
    await ui.main(page).getByRole("button", { name: "Borrow USDC", exact: true }).first().click();
    const max = ui.actionBox(page).getByRole("button", { name: "MAX", exact: true });
    await expect.poll(() => max.isEnabled()).toBe(true);
    await max.click();
    await expect.poll(() => previewRow("JitoSOL weight (e-mode)")).toEqual(["90%", "75%"]);
    expect((await previewRow("Health"))[1]).toMatch(/^\d{2}\.\d{2}% · Watch$/);
    await ui.sendFromActionBox(page, "borrow", "USDC", "MAX", "Borrow");
    await ui.goTo(page, "Portfolio");
    await expect.poll(() => summaryBand.innerText()).toBe("Watch");
    expect(await ui.main(page).getByTestId("emode-badge").count()).toBe(0);
    await ui.expectScreenFits(page, "risk-portfolio");

    // SOL falls a fifth: health drops under 10%, the band says "At risk", the warning shows here and in the account
    // bar, and the alert banner appears once.
    await setSolPrice(walletMenu, "80");
    await expect.poll(() => summaryBand.innerText(), { timeout: HEALTH_REFRESH_MS }).toBe("At risk");
    const warning = ui.main(page).getByRole("alert").filter({ hasText: LIQUIDATION_RISK_MESSAGE });
    await expect.poll(() => warning.count()).toBe(1);
    expect(await accountRisk.getByTestId("account-liquidation-risk").innerText()).toBe("Liquidation risk");
    const banner = ui.main(page).getByRole("alert", { name: "Health alert" });
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.innerText()).toMatch(
      /^Health alert: Health is \d\.\d{2}%, below your alert at 10%\. Repay borrowings or supply more collateral\.\s*Dismiss$/,
    );
    const notifications = () => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);
    expect(await notifications()).toEqual([`Health alert: ${(await banner.innerText()).replace(/^Health alert: |\s*Dismiss$/g, "")}`]);
    await ui.expectScreenFits(page, "risk-alert");
    await banner.getByRole("button", { name: "Dismiss" }).click();
    expect(await banner.count()).toBe(0);

    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  },
  JOURNEY_TIMEOUT_MS,
);
