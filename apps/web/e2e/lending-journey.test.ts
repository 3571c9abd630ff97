// A user's whole journey through the product, in headless Chromium against `scripts/start.ts` on a fresh data
// directory: markets (arriving with an unknown referral code) → built-in wallet → faucet → sign-in (the code refused,
// continued without it) → deposit (creating the account; refused amounts first) → borrow on a phone → portfolio
// health → repay all → withdraw all → deposit into and withdraw from the third-party market's bank → account label →
// activity → points → bank pages (utilization curve, the third-party market's bank) → another market → back in the
// main market, withdraw all from a bank paying emissions after they accrued. Only the UI is used, found by roles and labels; every screen is
// checked to fit at 375 and 1440 px, and screenshots of the main screens land in .tmp/screenshots.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE, openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

const MARKET_NAMES = ["Ballast Main", "Harbor", "Keel", "Mast", "Anchorage", "Breakwater"];
/** The seeded main market lists a bank for every sandbox token, and a second USDC bank backed by the third-party market. */
const MAIN_MARKET_BANKS = [
  ...["USDC", "USDT", "PYUSD", "SOL", "JitoSOL", "mSOL", "bSOL", "INF", "wBTC", "cbBTC"],
  ...["JUP", "JTO", "ETH", "BONK", "WIF", "PYTH", "RENDER", "USDC"],
];
const KAMINO = "Kamino-style third-party market";
const ASSET_GROUPS = ["Stablecoins", "SOL / LST", "Bitcoin", "Governance", "Blue Chip", "Memes", "Other"];
/** Chain round trips (send, confirm, the app's refresh polling) take a few seconds each on two cores. */
const CHAIN_STEP_MS = 45_000;
const LABEL = "E2E savings";
/** The journey's many chain round trips and its checks at two widths take several minutes on two cores. */
const JOURNEY_TIMEOUT_MS = 480_000;
/** A referral code no user has: the server refuses it at sign-up. */
const UNKNOWN_REFERRAL = "NOPE2345";

let product: Product;
let session: BrowserSession;
let page: Page;
const authCalls: string[] = [];
const signupReferralCodes: (string | null | undefined)[] = [];

beforeAll(async () => {
  product = await startProduct();
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== "POST" || !path.startsWith("/api/auth/")) return;
    const body = (request.postDataJSON() ?? {}) as { signature?: string; referralCode?: string | null };
    authCalls.push(`${path.slice("/api/auth/".length)}${body.signature ? " signed" : ""}`);
    if (path === "/api/auth/signup") signupReferralCodes.push(body.referralCode);
  });
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

/** Every bank symbol the markets table links to, in table order. */
async function listedBanks(): Promise<string[]> {
  return ui.main(page).getByRole("table").getByRole("link").allInnerTexts();
}

it(
  "takes a user from the markets page through a full lend-and-borrow cycle",
  async ({ onTestFailed }) => {
    const started = Date.now();
    // What the page showed when a step failed, and any uncaught error behind it.
    onTestFailed(() => reportFailure(session, "failure"));

    // Markets: the six-market selector and the seven asset-group headings, in order.
    await page.goto(`${product.url}/?ref=${UNKNOWN_REFERRAL}`);
    await expect.poll(() => page.getByRole("heading", { name: "Markets", level: 1 }).isVisible()).toBe(true);
    const marketSelect = page.getByRole("combobox", { name: "Market" });
    expect(await marketSelect.getByRole("option").allInnerTexts()).toEqual(MARKET_NAMES);
    expect(await marketSelect.locator("option:checked").innerText()).toBe("Ballast Main");
    const groups = ui.main(page).getByRole("table").getByRole("rowgroup");
    await expect.poll(() => groups.filter({ has: page.getByRole("columnheader", { name: "Other", exact: true }) }).count()).toBe(1);
    const headings = await ui
      .main(page)
      .getByRole("table")
      .getByRole("columnheader")
      .evaluateAll((cells) => cells.filter((c) => c.getAttribute("scope") === "colgroup").map((c) => c.textContent));
    expect(headings).toEqual(ASSET_GROUPS);
    expect((await listedBanks()).sort()).toEqual([...MAIN_MARKET_BANKS].sort());
    expect(await ui.main(page).getByRole("table").getByText(KAMINO, { exact: true }).count()).toBe(1);
    await page.setViewportSize(MOBILE);
    await expect.poll(() => ui.main(page).getByRole("region", { name: "Stablecoins" }).isVisible()).toBe(true);
    await ui.expectScreenFits(page, "markets");

    // The built-in browser wallet.
    const walletMenu = await ui.connectBrowserWallet(page);

    // Faucet from the wallet menu: 10 SOL and $10,000 of every other token (10,000 USDC at the seeded $1).
    await walletMenu.click();
    await page.getByRole("button", { name: "Get test tokens" }).click();
    const grant = await ui.expectToast(page, "Test funds received");
    const granted = await grant.innerText();
    // Soft: a wrong figure in the toast should not hide what the later steps find.
    expect.soft(granted).toContain("10 SOL");
    expect.soft(granted).toContain("10,000 USDC");
    await ui.dismissToasts(page);

    // With a wallet connected, lend mode adds what it holds of each bank's token (both USDC banks take the same mint).
    const mainUsdcRow = ui
      .main(page)
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "USDC", exact: true }) })
      .filter({ hasNotText: KAMINO });
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => ui.main(page).getByRole("columnheader", { name: "Wallet balance" }).count()).toBe(1);
    await expect.poll(() => mainUsdcRow.getByRole("cell").nth(-2).innerText()).toBe("10,000 USDC\n$10K");
    await page.setViewportSize(MOBILE);

    // Sign in: login without a signature, the server asks for one, login signed, unknown user, signup signed with the
    // ?ref= code, which the server does not know: the app says so, forgets it, and signs up without it when asked.
    if (!(await page.getByRole("button", { name: "Sign in" }).isVisible())) await walletMenu.click();
    await page.getByRole("button", { name: "Sign in" }).click();
    const refused = page.getByRole("alert").filter({ hasText: `The referral code ${UNKNOWN_REFERRAL} is unknown` });
    await expect.poll(() => refused.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Continue without referral code" }).click();
    await expect.poll(() => page.getByText("Signed in", { exact: true }).isVisible()).toBe(true);
    expect(authCalls).toEqual(["login", "login signed", "signup signed", "login", "login signed", "signup signed"]);
    expect(signupReferralCodes).toEqual([UNKNOWN_REFERRAL, null]);
    await page.keyboard.press("Escape");

    // Deposit 1 SOL through the action box; the first deposit creates the account. Amounts that are not plain decimals,
    // and 0, are refused with a reason; a comma is read as the decimal mark and said so.
    await ui.main(page).getByRole("button", { name: "Supply SOL" }).click();
    const amount = ui.actionBox(page).getByRole("textbox", { name: "Amount to deposit" });
    const messages = ui.actionBox(page).getByRole("list", { name: "Messages" });
    const depositButton = ui.actionBox(page).getByRole("button", { name: "Deposit", exact: true });
    for (const [typed, message] of [
      ["1e3", "Enter the amount as a plain number, like 1.5 (no exponents, signs or thousands separators)"],
      ["0", "Enter more than 0 SOL: a transaction of 0 would move nothing"],
    ]) {
      await amount.fill(typed!);
      await expect.poll(() => messages.getByRole("alert").allInnerTexts()).toEqual([message]);
      expect(await depositButton.isDisabled()).toBe(true);
    }
    await amount.fill("0,5");
    await expect
      .poll(() => messages.getByRole("listitem").allInnerTexts())
      .toContain("Read as 0.5 SOL: the comma is taken as the decimal mark");
    expect(await depositButton.isEnabled()).toBe(true);
    await ui.sendFromActionBox(page, "deposit", "SOL", "1", "Deposit", "action-box");

    // Borrow 2 USDC against it, on a phone (the box is a bottom sheet there; its toast must still be on top): small enough
    // that its interest (about 0.005 native units a second at 8 %) cannot move the six-decimal amount the portfolio shows
    // within the test.
    await page.setViewportSize(MOBILE);
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
    // Borrow mode's own column: what the account can borrow against its 1 SOL (the SDK's maxBorrow), on the card.
    const usdcCard = ui
      .main(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "USDC", exact: true }) })
      .filter({ hasNotText: KAMINO });
    const borrowable = usdcCard
      .getByRole("definition")
      .filter({ has: page.getByText(/ USDC$/) })
      .last();
    await expect.poll(() => usdcCard.getByRole("term").last().innerText()).toBe("Available to borrow");
    const room = Number.parseFloat((await borrowable.innerText()).split(" ")[0]!.replaceAll(",", ""));
    expect(room).toBeGreaterThan(2);
    expect(room).toBeLessThan(1_000);
    await ui.main(page).getByRole("button", { name: "Borrow USDC" }).click();
    await ui.sendFromActionBox(page, "borrow", "USDC", "2", "Borrow", "action-box-mobile");
    await page.setViewportSize(DESKTOP);

    // Portfolio: both positions with their exact amounts, and health below 100 % while borrowing.
    await ui.goTo(page, "Portfolio");
    await expect.poll(() => ui.positionRow(page, "Supplied", "SOL").getByRole("cell", { name: "1 SOL", exact: true }).count()).toBe(1);
    await expect.poll(() => ui.positionRow(page, "Borrowed", "USDC").getByRole("cell", { name: "2 USDC", exact: true }).count()).toBe(1);
    const health = ui.main(page).getByRole("meter", { name: "Health" });
    const healthBar = Number(await health.getAttribute("aria-valuenow"));
    expect(healthBar).toBeGreaterThan(0);
    expect(healthBar).toBeLessThan(100);
    const healthFigure = await ui.main(page).getByTestId("health-factor").innerText();
    expect(healthFigure).toMatch(/^\d{1,2}(\.\d+)?%$/);
    expect(Number.parseFloat(healthFigure)).toBeLessThan(100);
    await ui.expectScreenFits(page, "portfolio");

    // Repay all, then withdraw all, from the positions' own buttons.
    await ui.positionRow(page, "Borrowed", "USDC").getByRole("button", { name: "Repay USDC" }).click();
    await ui.sendFromActionBox(page, "repay", "USDC", "MAX", "Repay all");
    await expect.poll(() => ui.main(page).getByText("Nothing borrowed", { exact: true }).isVisible()).toBe(true);
    await ui.positionRow(page, "Supplied", "SOL").getByRole("button", { name: "Withdraw SOL" }).click();
    await ui.sendFromActionBox(page, "withdraw", "SOL", "MAX", "Withdraw all");
    await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);

    // The bank backed by the third-party market: 5 USDC into its reserve through the margin account, then all of it back.
    await ui.goTo(page, "Markets");
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Lend" }).click();
    await ui
      .main(page)
      .getByRole("button", { name: `Supply USDC (${KAMINO})`, exact: true })
      .click();
    await ui.sendFromActionBox(page, "deposit", "USDC", "5", "Deposit");
    await ui.goTo(page, "Portfolio");
    // The reserve earns interest, so 5 USDC buys collateral tokens worth a hair under 5 USDC, shown in USDC; the row names
    // the third-party market, so it never reads as a plain USDC position.
    const kaminoRow = ui.positionRow(page, "Supplied", "USDC", KAMINO);
    const kaminoPosition = kaminoRow.getByRole("cell", { name: /^(5|4\.99999\d) USDC$/ });
    await expect.poll(() => kaminoPosition.count()).toBe(1);
    expect(await ui.positionRow(page, "Supplied", "USDC").count()).toBe(0);
    await ui.expectScreenFits(page, "portfolio-kamino");
    await kaminoRow.getByRole("button", { name: `Withdraw USDC (${KAMINO})` }).click();
    await ui.sendFromActionBox(page, "withdraw", "USDC", "MAX", "Withdraw all");
    await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);

    // Label the account (signed by the wallet) and see the label in the account switcher.
    await ui.main(page).getByRole("button", { name: "Label", exact: true }).click();
    const labelDialog = page.getByRole("dialog", { name: "Label account" });
    await labelDialog.getByRole("textbox", { name: "Label" }).fill(LABEL);
    await labelDialog.getByRole("button", { name: "Save label" }).click();
    await ui.expectToast(page, "Account labelled");
    await ui.dismissToasts(page);
    const accountSelect = ui.main(page).getByRole("combobox", { name: "Account" });
    await expect.poll(async () => (await accountSelect.locator("option:checked").innerText()).startsWith(`${LABEL} · `)).toBe(true);

    // Activity: the deposit, as the indexer recorded it.
    await ui.goTo(page, "Activity");
    const activity = ui.main(page).getByRole("table", { name: "Activity" });
    const deposit = activity
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "Deposit", exact: true }) })
      .filter({ has: page.getByRole("cell", { name: "SOL", exact: true }) });
    await expect.poll(() => deposit.count()).toBe(1);
    expect(await deposit.getByRole("cell").allInnerTexts()).toEqual(expect.arrayContaining(["SOL", "1"]));
    // The third-party market's deposit names its provider.
    const kaminoDeposit = activity
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "Deposit", exact: true }) })
      .filter({ hasText: KAMINO });
    await expect.poll(() => kaminoDeposit.count()).toBe(1);
    await ui.expectScreenFits(page, "activity");

    // Points.
    await ui.goTo(page, "Points");
    await expect.poll(() => page.getByRole("heading", { name: "Points", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => ui.main(page).getByText("Leaderboard", { exact: true }).isVisible()).toBe(true);
    await ui.expectScreenFits(page, "points");

    // A bank's page from its row on the markets page.
    await ui.goTo(page, "Markets");
    await ui.main(page).getByRole("table").getByRole("link", { name: "SOL", exact: true }).click();
    await expect.poll(() => page.getByRole("heading", { name: "SOL", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => ui.main(page).getByText("Total deposits", { exact: true }).isVisible()).toBe(true);
    await ui.expectScreenFits(page, "bank");
    // The utilization curve's view adds no blank page below the app.
    await ui.main(page).getByRole("tablist", { name: "Chart" }).getByRole("tab", { name: "Utilization curve" }).click();
    await expect.poll(() => ui.main(page).getByRole("tabpanel", { name: "Utilization curve" }).isVisible()).toBe(true);
    await ui.expectScreenFits(page, "bank-curve");

    // The third-party market's bank: the reserve's totals beside its utilization, and only the actions it has.
    await ui.goTo(page, "Markets");
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Lend" }).click();
    await ui
      .main(page)
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: KAMINO })
      .getByRole("link", { name: "USDC", exact: true })
      .click();
    const stats = ui.main(page).getByRole("definition");
    const stat = (label: string) => ui.main(page).getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
    await expect.poll(() => stats.count()).toBeGreaterThan(0);
    // The sandbox's market borrower owes most of a million USDC to the reserve: its borrows over its supply are the
    // utilization shown (to the shown rounding), where the bank's own borrows were 0.
    const tokensOf = async (label: string) => Number((await stat(label).innerText()).replace(/[^\d.]/g, ""));
    const [reserveSupply, reserveBorrows] = [await tokensOf("Reserve supply"), await tokensOf("Reserve borrows")];
    expect(reserveBorrows).toBeGreaterThan(500_000);
    const shownUtilization = Number.parseFloat(await stat("Reserve utilization").innerText());
    expect(Math.abs((reserveBorrows / reserveSupply) * 100 - shownUtilization)).toBeLessThan(0.01);
    expect(await ui.main(page).getByText("Total borrows", { exact: true }).count()).toBe(0);
    const bankAction = (name: string) => ui.main(page).getByRole("button", { name, exact: true }).count();
    expect([await bankAction("Supply"), await bankAction("Withdraw"), await bankAction("Borrow"), await bankAction("Repay")]).toEqual([
      1, 1, 0, 0,
    ]);
    await ui.expectScreenFits(page, "bank-kamino");

    // Another market: the selector swaps the banks for Harbor's two (BONK and USDC).
    await ui.goTo(page, "Markets");
    await marketSelect.selectOption({ label: "Harbor" });
    await expect.poll(async () => (await listedBanks()).sort()).toEqual(["BONK", "USDC"]);
    expect(await page.getByRole("main").getByText("Harbor — lend to earn interest", { exact: false }).count()).toBe(1);

    // Back in the main market, withdraw all from a bank that pays emissions to lenders (PYUSD), once they have accrued:
    // the transaction settles the balance's emissions before closing it.
    await marketSelect.selectOption({ label: "Ballast Main" });
    await ui.main(page).getByRole("button", { name: "Supply PYUSD" }).click();
    await ui.sendFromActionBox(page, "deposit", "PYUSD", "5000", "Deposit");
    await ui.goTo(page, "Portfolio");
    await expect.poll(() => ui.main(page).getByRole("list", { name: "Claimable rewards" }).getByRole("listitem").count()).toBe(1);
    await ui.positionRow(page, "Supplied", "PYUSD").getByRole("button", { name: "Withdraw PYUSD" }).click();
    await ui.sendFromActionBox(page, "withdraw", "PYUSD", "MAX", "Withdraw all");
    await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);

    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
    console.log(`lending journey: ${((Date.now() - started) / 1000).toFixed(1)} s in the browser`);
  },
  JOURNEY_TIMEOUT_MS,
);
