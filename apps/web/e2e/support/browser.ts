// Debian's Chromium, headless, driven by playwright-core (no downloaded browsers), with every uncaught page error and
// console error recorded and screenshots saved under .tmp/screenshots.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
export const SCREENSHOT_DIR = fileURLToPath(new URL("../../../../.tmp/screenshots", import.meta.url));
export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every uncaught error of any page of the session, as "message\nstack". */
  readonly pageErrors: string[];
  /** Every console error of any page (failed requests included), as "text (url)". */
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

export async function openBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: DESKTOP });
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const watch = (page: Page) => {
    page.on("pageerror", (error) => pageErrors.push(`${error.message}\n${error.stack ?? ""}`));
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
  };
  context.on("page", watch);
  const page = await context.newPage();
  return { browser, context, page, pageErrors, consoleErrors, close: () => browser.close() };
}

/** Saves a PNG of the viewport as .tmp/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** What a failed journey leaves behind: a screenshot named `name`, and the page's uncaught and console errors. */
export async function reportFailure(session: BrowserSession, name: string): Promise<void> {
  await screenshot(session.page, name);
  if (session.pageErrors.length > 0) console.error(`uncaught page errors:\n${session.pageErrors.join("\n")}`);
  if (session.consoleErrors.length > 0) console.error(`console errors:\n${session.consoleErrors.join("\n")}`);
}
