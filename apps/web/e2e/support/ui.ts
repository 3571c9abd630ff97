// Steps every journey takes through the UI, found by roles and labels only: the main landmark, the navigation, the
// app's toasts, a transaction's staged toast, the action box from amount to confirmed transaction, and the connected
// wallet's menu.
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { screenshot } from "./browser.js";

export function main(page: Page): Locator {
  return page.getByRole("main");
}

export async function goTo(page: Page, navItem: "Markets" | "Portfolio" | "Points" | "Activity"): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: navItem, exact: true }).click();
}

/** A toast of the app (not a transaction's), found by its title. */
export async function expectToast(page: Page, title: string): Promise<Locator> {
  const toast = page.getByRole("status").filter({ has: page.getByText(title, { exact: true }) });
  await expect.poll(() => toast.count()).toBeGreaterThan(0);
  return toast.first();
}

export async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.getByRole("button", { name: "Dismiss" });
  while ((await buttons.count()) > 0) await buttons.first().click();
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

/** The action box: one bank's dialog with its Deposit / Withdraw / Borrow / Repay tabs. */
export function actionBox(page: Page): Locator {
  return page.getByRole("dialog").filter({ has: page.getByRole("tablist", { name: "Action" }) });
}

/**
 * Sends one action from the open action box: types the amount (or takes MAX), checks the send button's wording,
 * waits for the transaction to confirm, and closes the box.
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
  await box.getByRole("button", { name: "Close" }).first().click();
  await expect.poll(() => box.count()).toBe(0);
  await dismissToasts(page);
}

/** A position's row: the row of `symbol` in the portfolio's "Supplied" or "Borrowed" table. */
export function positionRow(page: Page, side: "Supplied" | "Borrowed", symbol: string): Locator {
  return main(page)
    .getByRole("table", { name: side })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: symbol, exact: true }) });
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

/** The page fits its viewport's width: nothing makes a phone scroll sideways (the widest offenders are named). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, offenders } = await page.evaluate(() => {
    const width = window.innerWidth;
    // Content inside its own scrolling box (a wide table) scrolls there, not the page.
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll("body *")]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ element, right }) => right > width + 0.5 && !clipped(element))
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(
        ({ element, right }) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> to ${Math.round(right)} px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth - width, offenders: wide };
  });
  expect(offenders, `${scrollWidth} px of sideways scroll`).toEqual([]);
}
