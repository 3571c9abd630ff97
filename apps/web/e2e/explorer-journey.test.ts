// The explorer of the local chain, in headless Chromium against `scripts/start.ts`: a deposit made through the action
// box, its toast's signature followed to the transaction page (every instruction named by its program and
// instruction, none left as bytes; the deposit's accounts and amount; the SOL moved), then the margin account's page
// from the deposit's accounts (its layout decoded, the deposit among its transactions). Both pages are checked to fit
// at 375 and 1440 px. Only the UI is used, found by roles and labels.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, screenshot, type BrowserSession } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

const CHAIN_STEP_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 240_000;

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
  "follows a deposit's toast to its decoded transaction, then to the margin account's page",
  async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await screenshot(page, "explorer-failure");
      if (session.pageErrors.length > 0) console.error(`uncaught page errors:\n${session.pageErrors.join("\n")}`);
    });
    await page.setViewportSize(DESKTOP);
    await ui.fundedBrowserWallet(page, product.url);

    // Deposit 1 SOL, creating the account; the confirmed toast links its signature.
    await ui.main(page).getByRole("button", { name: "Supply SOL" }).click();
    await ui.actionBox(page).getByRole("textbox", { name: "Amount to deposit" }).fill("1");
    const send = ui.actionBox(page).getByRole("button", { name: "Deposit", exact: true });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await ui.expectConfirmed(page, "SOL: deposit");
    const toast = page.getByRole("status", { name: "SOL: deposit" });
    const link = toast.getByRole("link", { name: /^View transaction / });
    const signature = (await link.getAttribute("aria-label"))!.slice("View transaction ".length);
    expect(await link.getAttribute("href")).toBe(`/tx/${signature}`);
    await link.click();

    // The transaction page: success, and every instruction decoded by name.
    await expect.poll(() => page.getByRole("heading", { name: "Transaction", level: 1 }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/tx/${signature}`);
    await expect.poll(() => ui.main(page).getByText(signature, { exact: true }).count()).toBe(1);
    const instructions = ui.main(page).getByRole("region", { name: "Instructions" });
    const headings = instructions.getByRole("heading", { level: 3 });
    await expect.poll(() => headings.count()).toBeGreaterThan(0);
    expect(await headings.allInnerTexts()).toEqual([
      "1. Compute Budget: SetComputeUnitLimit",
      "2. Compute Budget: SetComputeUnitPrice",
      "3. Lending program (marginfi v2): marginfi_account_initialize",
      "4. Associated Token Account: CreateIdempotent",
      "5. System Program: Transfer",
      "6. Token Program: SyncNative",
      "7. Lending program (marginfi v2): lending_account_deposit",
    ]);
    expect(await instructions.getByRole("heading", { level: 5 }).allInnerTexts()).toEqual([
      "3.1 System Program: Create",
      "4.1 Token Program: GetAccountDataSize",
      "4.2 System Program: Create",
      "4.3 Token Program: InitializeImmutableOwner",
      "4.4 Token Program: InitializeAccount3",
      "7.1 Token Program: Transfer",
    ]);
    expect(await instructions.getByText("Data (hex)").count()).toBe(0);
    expect(await ui.main(page).getByText("Success", { exact: true }).count()).toBe(1);
    const deposit = instructions
      .locator("section, div")
      .filter({ has: page.getByRole("heading", { name: "7. Lending program (marginfi v2): lending_account_deposit" }) })
      .last();
    expect(await deposit.getByText("amount", { exact: true }).first().locator("xpath=following-sibling::dd[1]").innerText()).toBe(
      "1000000000",
    );
    const changes = ui.main(page).getByRole("table", { name: "Token balance changes" });
    expect(await changes.getByRole("cell", { name: "+1", exact: true }).count()).toBe(1);
    await ui.expectScreenFits(page, "explorer-transaction");

    // The margin account's page, from the deposit's accounts.
    const accountLink = deposit
      .getByRole("term")
      .filter({ hasText: /^marginfiAccount$/ })
      .locator("xpath=following-sibling::dd[1]")
      .getByRole("link");
    const account = (await accountLink.getAttribute("aria-label"))!.slice("View address ".length);
    await accountLink.click();
    await expect.poll(() => page.getByRole("heading", { name: "MarginfiAccount", level: 1 }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/address/${account}`);
    expect(await ui.main(page).getByRole("heading", { name: "Data: MarginfiAccount" }).count()).toBe(1);
    expect(await ui.main(page).getByText("Lending program (marginfi v2)", { exact: true }).count()).toBe(1);
    expect(await ui.main(page).getByText("2,312 bytes", { exact: true }).count()).toBe(1);
    const recent = ui.main(page).getByRole("table", { name: "Recent transactions" });
    expect(await recent.getByRole("link", { name: `View transaction ${signature}` }).count()).toBe(1);
    await ui.expectScreenFits(page, "explorer-address");
  },
  JOURNEY_TIMEOUT_MS,
);
