// A loop from the browser, against the product started by the launcher: test tokens from the faucet, the Loop screen
// (JitoSOL deposited, SOL borrowed, e-mode pair, leverage 3), its preview and route, the transaction; then the
// portfolio shows the account as a leveraged position with the leverage the SDK computes from the chain, and "Close
// position" unwinds it in one transaction, after which the portfolio shows no position at all. Only the UI is used,
// found by roles and labels; the Loop and portfolio screens are checked to fit at 375 and 1440 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import { Connection } from "@solana/web3.js";
import { DEFAULT_PUBKEY } from "@ballast/protocol";
import { accountLeverage, accountRisk, fetchMarginAccounts, loadMarket, toNumber, type AppConfig, type BankDto } from "@ballast/sdk";
import type { Page } from "playwright-core";
import { openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

/** Chain round trips (quote, send, confirm, the app's refresh) take a few seconds each on two cores. */
const CHAIN_STEP_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 360_000;
/** The leverage asked for, as the slider and the SDK read it. */
const TARGET_LEVERAGE = "3";
/**
 * How far the landed leverage may sit from the target: the swap delivers at least its minimum (0.5 % slippage) and
 * prices walk between the quote and the portfolio's reading, each moving assets over equity by well under 0.1.
 */
const LEVERAGE_TOLERANCE = 0.1;

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

it(
  "loops JitoSOL against SOL to 3×, shows the leveraged position and closes it",
  async ({ onTestFailed }) => {
    onTestFailed(() => reportFailure(session, "loop-failure"));
    const config = await product.json<AppConfig>("/api/config");
    const group = config.markets.find((m) => m.main)!.group;
    const dtos = (await product.json<BankDto[]>("/api/banks/rpc")).filter((b) => b.group_address === group);
    const plain = (symbol: string) => dtos.find((b) => b.symbol === symbol && b.kamino_reserve === DEFAULT_PUBKEY)!;
    const [jitoSol, sol] = [plain("JitoSOL"), plain("SOL")];
    const connection = new Connection(`${product.url}/rpc`, "confirmed");

    // The browser wallet and its test tokens ($10,000 of JitoSOL among them).
    await ui.fundedBrowserWallet(page, product.url);

    // Loop: JitoSOL as collateral, SOL to borrow (an e-mode pair), 1 JitoSOL of principal at 3×.
    await ui.goTo(page, "Loop");
    await expect.poll(() => page.getByRole("heading", { name: "Loop", level: 1 }).isVisible()).toBe(true);
    const deposit = ui.main(page).getByRole("combobox", { name: "Deposit" });
    await deposit.selectOption(jitoSol.bank_address);
    const borrow = ui.main(page).getByRole("combobox", { name: "Borrow" });
    await borrow.selectOption(sol.bank_address);
    expect(await borrow.locator("option:checked").innerText()).toMatch(/^SOL · up to \d+\.\d{2}× · e-mode$/);
    await expect.poll(() => ui.main(page).getByTestId("max-leverage").innerText()).toMatch(/^Max \d+\.\d{2}×\s*e-mode$/);
    await ui.main(page).getByRole("textbox", { name: "Principal (JitoSOL)" }).fill("1");
    await ui.main(page).getByRole("slider", { name: "Leverage" }).fill(TARGET_LEVERAGE);
    expect(await ui.main(page).getByRole("status", { name: "Chosen leverage" }).innerText()).toBe("3.00×");

    // The preview: the position after the loop at about 3×, and the swap of borrowed SOL into JitoSOL.
    const previewRow = (label: string) => ui.main(page).getByLabel("Loop preview").locator(`[data-preview="${label}"] dd`);
    await expect.poll(() => previewRow("Leverage").innerText()).toMatch(/^\d\.\d{2}×$/);
    expect(Math.abs(Number.parseFloat(await previewRow("Leverage").innerText()) - 3)).toBeLessThan(LEVERAGE_TOLERANCE);
    expect(await previewRow("Deposited").innerText()).toMatch(/^2\.9\d* JitoSOL$|^3(\.0\d*)? JitoSOL$/);
    expect(await previewRow("Borrowed").innerText()).toMatch(/ SOL$/);
    const details = ui.main(page).getByLabel("Swap details");
    expect(await details.locator('[data-swap-detail="Route"] dd').innerText()).toMatch(/^SOL → JitoSOL via .+/);
    expect(await details.locator('[data-swap-detail="Minimum received"] dd').innerText()).toMatch(/ JitoSOL$/);
    await ui.expectScreenFits(page, "loop");

    const loopButton = ui.main(page).getByRole("button", { name: "Loop", exact: true });
    await expect.poll(() => loopButton.isEnabled()).toBe(true);
    await loopButton.click();
    await ui.expectConfirmed(page, "Loop: JitoSOL with SOL");
    const result = ui.main(page).getByRole("status", { name: "Result" });
    await expect.poll(() => result.count()).toBe(1);
    expect(await result.innerText()).toMatch(/^✓ Looped 1 JitoSOL with SOL at 3\.00×/);
    await ui.dismissToasts(page);

    // The portfolio: the account is one leveraged position, JitoSOL over SOL, at the leverage the SDK reads from the
    // chain (prices walk, so the page and the test may read it a step apart: the shown figure is within a hair).
    await ui.goTo(page, "Portfolio");
    const position = ui.main(page).getByRole("region", { name: "Leveraged position" });
    await expect.poll(() => position.count()).toBe(1);
    expect(await position.getByText("JitoSOL / SOL", { exact: true }).count()).toBe(1);
    const shownLeverage = position.getByTestId("leverage");
    await expect.poll(() => shownLeverage.innerText()).toMatch(/^\d\.\d{2}×$/);
    const [account] = await fetchMarginAccounts(
      connection,
      config.programId,
      group,
      (await ui.browserWalletKeypair(page)).publicKey.toBase58(),
    );
    const market = await loadMarket(connection, { programId: config.programId, group });
    const onChain = accountLeverage(accountRisk(account!.account.lendingAccount.balances, market.banks));
    expect(onChain).not.toBeNull();
    const expected = toNumber(onChain!);
    expect(Math.abs(expected - 3)).toBeLessThan(LEVERAGE_TOLERANCE);
    const shown = await shownLeverage.innerText();
    expect(Math.abs(Number.parseFloat(shown) - expected)).toBeLessThanOrEqual(0.01);
    await ui.expectScreenFits(page, "portfolio-leveraged");

    // Close it: the confirmation shows what comes back and the swap, then one transaction unwinds the loop.
    await position.getByRole("button", { name: "Close position JitoSOL / SOL" }).click();
    const dialog = page.getByRole("dialog", { name: "Close position" });
    await expect
      .poll(() => dialog.getByLabel("Close preview").locator('[data-preview="To your wallet"] dd').innerText())
      .toMatch(/ (SOL|JitoSOL)$/);
    await ui.expectScreenFits(page, "close-position");
    const confirm = dialog.getByRole("button", { name: "Close position", exact: true });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await ui.expectConfirmed(page, "Close: JitoSOL / SOL");
    await expect.poll(() => dialog.count()).toBe(0);
    await ui.dismissToasts(page);
    await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);
    expect(await position.count()).toBe(0);

    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  },
  JOURNEY_TIMEOUT_MS,
);
