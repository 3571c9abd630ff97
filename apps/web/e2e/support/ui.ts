// Steps every journey takes through the UI, found by roles and labels only: the main landmark, the navigation, the
// app's toasts, a transaction's staged toast (on top of any dialog and reachable by keyboard), the action box from
// amount to its confirmed result, the connected wallet's menu, and the layout check every screen passes at phone and
// desktop widths.
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { LOCAL_WALLET_KEY } from "../../src/wallet/local-wallet.js";
import { DESKTOP, MOBILE, screenshot } from "./browser.js";

export function main(page: Page): Locator {
  return page.getByRole("main");
}

export async function goTo(page: Page, navItem: "Markets" | "Portfolio" | "Loop" | "Points" | "Activity"): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: navItem, exact: true }).click();
}

/** A toast of the app (not a transaction's), found by its title. */
export async function expectToast(page: Page, title: string): Promise<Locator> {
  const toast = page.getByRole("status").filter({ has: page.getByText(title, { exact: true }) });
  await expect.poll(() => toast.count()).toBeGreaterThan(0);
  return toast.first();
}

/** How long one Dismiss click may wait: a confirmed toast can close by itself between counting and clicking. */
const DISMISS_CLICK_MS = 2_000;

export async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.getByRole("button", { name: "Dismiss" });
  for (let attempt = 0; attempt < 20 && (await buttons.count()) > 0; attempt++) {
    await buttons
      .first()
      .click({ timeout: DISMISS_CLICK_MS })
      .catch((error: unknown) => {
        // Gone already (closed by itself) is what dismissing wanted; anything else is a failure.
        if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
      });
  }
  expect(await buttons.count()).toBe(0);
}

/**
 * Waits for a transaction's staged toast (titled e.g. "<symbol>: <action>") to confirm, which is when it shows the
 * signature; a failed one (an alert) ends the wait with its message.
 */
export async function expectConfirmed(page: Page, title: string): Promise<void> {
  const failed = page.getByRole("alert", { name: title });
  const confirmed = page.getByRole("status", { name: title }).filter({ has: page.getByRole("button", { name: "Copy signature" }) });
  await expect
    .poll(async () => ((await failed.count()) > 0 ? `failed: ${await failed.first().innerText()}` : (await confirmed.count()) > 0))
    .toBe(true);
}

/** The toast is what the user sees at its centre: nothing, a dialog's backdrop or bottom sheet included, covers it. */
export async function expectOnTop(toast: Locator): Promise<void> {
  const covering = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit) ? null : `<${hit?.tagName.toLowerCase()} class="${hit?.getAttribute("class") ?? ""}">`;
  });
  expect(covering, "what covers the toast's centre").toBeNull();
}

/** Tab reaches the toast from the controls before it (inside an open dialog's focus trap too). */
export async function expectReachableByTab(page: Page, toast: Locator): Promise<void> {
  // Focus the last control before the toast in document order (the dialog's last one while a dialog is open, the
  // toast sitting at the end of it); one Tab must then land in the toast.
  const before = await toast.evaluate((element) => {
    const scope = element.closest("dialog") ?? document.body;
    const controls = [...scope.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea, [tabindex]")].filter(
      (control) =>
        !element.contains(control) &&
        control.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING &&
        !control.matches(":disabled, [tabindex='-1']") &&
        control.getClientRects().length > 0,
    );
    const last = controls[controls.length - 1];
    last?.focus();
    return last ? (last.getAttribute("aria-label") ?? last.textContent) : null;
  });
  expect(before, "a control before the toast").not.toBeNull();
  const focusedInside = () => toast.evaluate((element) => element.contains(document.activeElement));
  await page.keyboard.press("Tab");
  expect(await focusedInside(), "Tab reaches the toast").toBe(true);
}

/** The action box: one bank's dialog with its Deposit / Withdraw / Borrow / Repay tabs. */
export function actionBox(page: Page): Locator {
  return page.getByRole("dialog").filter({ has: page.getByRole("tablist", { name: "Action" }) });
}

const PAST_TENSE = { deposit: "Deposited", withdraw: "Withdrew", borrow: "Borrowed", repay: "Repaid" } as const;

/**
 * Sends one action from the open action box: types the amount (or takes MAX), checks the send button's wording,
 * waits for the transaction to confirm, checks the toast is on top of the box and that the box shows what landed
 * (never a validation message for the next action), that Tab reaches the toast, and closes the box.
 */
export async function sendFromActionBox(
  page: Page,
  action: "deposit" | "withdraw" | "borrow" | "repay",
  symbol: string,
  amount: string | "MAX",
  button: string,
  shot?: string,
): Promise<void> {
  const box = actionBox(page);
  await expect.poll(() => box.getByRole("tab", { name: button.split(" ")[0], selected: true }).count()).toBe(1);
  const input = box.getByRole("textbox", { name: `Amount to ${action}` });
  if (amount === "MAX") {
    const max = box.getByRole("button", { name: "MAX", exact: true });
    await expect.poll(() => max.isEnabled()).toBe(true);
    await max.click();
  } else {
    await input.fill(amount);
  }
  const send = box.getByRole("button", { name: button, exact: true });
  await expect.poll(() => send.isEnabled()).toBe(true);
  await expect.poll(() => box.getByRole("list", { name: "Messages" }).getByRole("alert").count()).toBe(0);
  if (shot) await screenshot(page, shot);
  await send.click();
  await expectConfirmed(page, `${symbol}: ${action}`);
  const toast = page.getByRole("status", { name: `${symbol}: ${action}` });
  // The user's pointer on the toast keeps it open while the box settles on its result (Playwright's hover also
  // refuses an element something else covers).
  await toast.hover();
  await expectOnTop(toast);
  const result = box.getByRole("status", { name: "Result" });
  await expect.poll(() => result.count()).toBe(1);
  await expectReachableByTab(page, toast);
  const all = button.endsWith(" all");
  expect(await result.innerText()).toMatch(new RegExp(`^✓ ${PAST_TENSE[action]} ${all ? "all: " : ""}[\\d,.]+ ${symbol}\\n+Signature`));
  expect(await box.getByRole("list", { name: "Messages" }).count()).toBe(0);
  if (shot) await screenshot(page, `${shot}-landed`);
  await box.getByRole("button", { name: "Close" }).first().click();
  await expect.poll(() => box.count()).toBe(0);
  await dismissToasts(page);
}

/**
 * A position's row: the row of `symbol` in the portfolio's "Supplied" or "Borrowed" table; with `provider`, the row of
 * that third-party market's bank (its asset cell names the provider under the symbol).
 */
export function positionRow(page: Page, side: "Supplied" | "Borrowed", symbol: string, provider?: string): Locator {
  const rows = main(page).getByRole("table", { name: side }).getByRole("row");
  if (provider === undefined) return rows.filter({ has: page.getByRole("cell", { name: symbol, exact: true }) });
  return rows.filter({ has: page.getByRole("cell").filter({ hasText: symbol }).filter({ hasText: provider }) });
}

/** The top bar's button of the connected wallet, named by the short address it shows ("Wallet AbCd…WxYz"). */
export function walletMenu(page: Page, address: string): Locator {
  return page.getByRole("button", { name: `Wallet ${address.slice(0, 4)}…${address.slice(-4)}`, exact: true });
}

/** Opens the connected wallet's menu (copy, sign-in, faucet, disconnect) unless it is already open. */
export async function openWalletMenu(page: Page, address: string): Promise<void> {
  const button = walletMenu(page, address);
  await expect.poll(() => button.isVisible()).toBe(true);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
}

/** Connects the built-in "Browser wallet" from the top bar; returns the wallet menu's button ("Wallet AbCd…WxYz"). */
export async function connectBrowserWallet(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page.getByRole("dialog", { name: "Connect a wallet" }).getByRole("button", { name: "Browser wallet" }).click();
  const walletMenu = page.getByRole("button", { name: /^Wallet \S+…\S+$/ });
  await expect.poll(() => walletMenu.isVisible()).toBe(true);
  return walletMenu;
}

/**
 * Opens the app at `url`, connects the built-in browser wallet and takes the faucet's test tokens from its menu, the
 * menu closed again; returns the wallet menu's button.
 */
export async function fundedBrowserWallet(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await expect.poll(() => page.getByRole("heading", { name: "Markets", level: 1 }).isVisible()).toBe(true);
  const walletMenu = await connectBrowserWallet(page);
  await walletMenu.click();
  await page.getByRole("button", { name: "Get test tokens" }).click();
  await expectToast(page, "Test funds received");
  await dismissToasts(page);
  await page.keyboard.press("Escape");
  return walletMenu;
}

/**
 * Like expectToast, for an action whose failure is an error toast (an alert) titled `failureTitle`: that toast ends
 * the wait with its text instead of a timeout.
 */
export async function expectToastUnlessFailed(page: Page, title: string, failureTitle: string): Promise<Locator> {
  const toast = page.getByRole("status").filter({ has: page.getByText(title, { exact: true }) });
  const failed = page.getByRole("alert").filter({ has: page.getByText(failureTitle, { exact: true }) });
  await expect
    .poll(async () => ((await failed.count()) > 0 ? `failed: ${await failed.first().innerText()}` : (await toast.count()) > 0))
    .toBe(true);
  return toast.first();
}

/**
 * The screen fits the viewport: the document is no wider than the viewport, no table is wider than the box (card) it
 * sits in, and nothing hidden stretches the page below the app's content. Offenders are named.
 */
export async function expectLayoutFits(page: Page): Promise<void> {
  // Charts size themselves a frame or two after the viewport changes: the layout has a few seconds to settle.
  await expect.poll(() => layoutProblems(page), { timeout: LAYOUT_SETTLE_MS }).toEqual([]);
}

const LAYOUT_SETTLE_MS = 5_000;

async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const name = (element: Element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
    const found: string[] = [];
    const documentWidth = document.documentElement.scrollWidth;
    if (documentWidth > width) {
      const widest = [...document.querySelectorAll("body *")]
        .map((element) => ({ element, right: element.getBoundingClientRect().right + window.scrollX }))
        .filter(({ right }) => right > width + 0.5)
        .sort((a, b) => b.right - a.right)
        .slice(0, 3)
        .map(({ element, right }) => `${name(element)} to ${Math.round(right)} px`);
      found.push(`the document is ${documentWidth} px wide in a ${width} px viewport: ${widest.join(", ")}`);
    }
    for (const table of document.querySelectorAll("table")) {
      const box = table.getBoundingClientRect();
      const holder = table.parentElement!;
      // Not shown (display: none) or visually hidden for screen readers (itself or through its wrapper).
      if (box.width <= 1 || box.height <= 1 || holder.getBoundingClientRect().width <= 1) continue;
      const room = holder.clientWidth;
      if (box.width > room + 0.5 || table.scrollWidth > room + 0.5) {
        const label = table.getAttribute("aria-label") ?? table.querySelector("caption")?.textContent ?? "table";
        found.push(`the ${label} table is ${Math.round(box.width)} px wide in its ${room} px box`);
      }
    }
    const root = document.getElementById("root")!;
    const contentBottom = Math.ceil(root.getBoundingClientRect().bottom + window.scrollY);
    const documentHeight = document.documentElement.scrollHeight;
    if (documentHeight > contentBottom + 1) found.push(`${documentHeight - contentBottom} px of blank page below the app's content`);
    return found;
  });
}

/** Checks the layout of the screen shown at phone (375 px) and desktop (1440 px) widths, saving "<name>-mobile" and "<name>". */
export async function expectScreenFits(page: Page, name: string): Promise<void> {
  // A pointer left resting on a chart would keep its tooltip where the wider layout put it.
  await page.mouse.move(0, 0);
  await page.setViewportSize(MOBILE);
  await expectLayoutFits(page);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await expectLayoutFits(page);
  await screenshot(page, name);
}

/** The page's built-in wallet as a keypair, so the test process can act as the same wallet from elsewhere. */
export async function browserWalletKeypair(page: Page): Promise<Keypair> {
  const secret = await page.evaluate((key) => localStorage.getItem(key), LOCAL_WALLET_KEY);
  expect(secret).not.toBeNull();
  return Keypair.fromSecretKey(bs58.decode(secret!));
}

/** Sets a token's oracle price in the open price control dialog and holds it for an hour. */
export async function holdPrice(dialog: Locator, symbol: string, usd: string): Promise<void> {
  const form = dialog.getByRole("form", { name: "Set a price" });
  await form.getByRole("combobox", { name: "Token" }).selectOption(symbol);
  await form.getByRole("textbox", { name: "Price" }).fill(usd);
  await form.getByRole("radiogroup", { name: "Hold for" }).getByRole("radio", { name: "1 h" }).click();
  await form.getByRole("button", { name: "Set price" }).click();
  await expect.poll(() => form.getByRole("status").innerText()).toMatch(new RegExp(`^${symbol} set to \\$${usd}\\.00 until `));
}
