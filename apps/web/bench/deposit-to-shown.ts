// `npm run bench:web`: how long a deposit takes to show in the portfolio after the chain confirmed it. Starts the whole
// product as the e2e journeys do (scripts/start.ts on a fresh data directory), drives Debian's Chromium: the browser
// wallet, test funds, a first SOL deposit, then N deposits of 0.01 SOL from the portfolio's "Supply SOL" button. For
// each, "confirmed" is when the ledger notifies this process of the account's change (its own websocket subscription,
// through the server's /rpc), and "shown" is when the page's Supplied SOL amount changes (a MutationObserver in the
// page, on the same machine clock). Run once with live updates and once with the page's websocket refused, which is
// the spec's 2 s post-action polling: the reference. Prints median and p90 of both and their ratio.
import { Connection, Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import WebSocket from "ws";
import { DEFAULT_PUBKEY } from "@ballast/protocol";
import { fetchMarginAccounts, type AppConfig, type BankDto } from "@ballast/sdk";
import type { Page } from "playwright-core";
import { openBrowser, screenshot } from "../e2e/support/browser.js";
import { startProduct, type Product } from "../e2e/support/product.js";

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 10);
const STEP_MS = 60_000;

interface Sample {
  readonly confirmedToShownMs: number;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Notifications of one account over the ledger's websocket, each stamped with this process's clock. */
async function watchAccount(url: string, account: string): Promise<{ next(): Promise<number>; close(): void }> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/rpc`);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  let waiting: ((at: number) => void) | null = null;
  socket.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString());
    if (message.method === "accountNotification" && waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(Date.now());
    }
  });
  socket.send(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "accountSubscribe",
      params: [account, { encoding: "base64", commitment: "confirmed", dataSlice: { offset: 0, length: 0 } }],
    }),
  );
  return {
    next: () => new Promise<number>((resolve) => (waiting = resolve)),
    close: () => socket.close(),
  };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = STEP_MS): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const actionBox = (page: Page) => page.getByRole("dialog").filter({ has: page.getByRole("tablist", { name: "Action" }) });

/** Deposits `amount` SOL from the open action box and waits for the staged toast to confirm, then closes both. */
async function depositFromBox(page: Page, amount: string): Promise<void> {
  const box = actionBox(page);
  await until(async () => (await box.getByRole("tab", { name: "Deposit", selected: true }).count()) === 1, "the Deposit tab");
  const input = box.getByRole("textbox", { name: "Amount to deposit" });
  const send = box.getByRole("button", { name: "Deposit", exact: true });
  // The box re-renders as the wallet's balances arrive: the amount is typed again until it stays and can be sent.
  await until(async () => {
    if ((await input.inputValue()) !== amount) await input.fill(amount);
    return send.isEnabled();
  }, "the Deposit button");
  const confirmed = page
    .getByRole("status", { name: "SOL: deposit" })
    .filter({ has: page.getByRole("button", { name: "Copy signature" }) });
  const earlier = await confirmed.count();
  await send.click();
  const failed = page.getByRole("alert", { name: "SOL: deposit" });
  await until(async () => {
    if ((await failed.count()) > 0) throw new Error(`the deposit failed: ${await failed.first().innerText()}`);
    return (await confirmed.count()) > earlier;
  }, "the deposit to confirm");
  await box.getByRole("button", { name: "Close" }).first().click();
  await dismissToasts(page);
}

/** Closes every toast (a confirmed one may close itself meanwhile), so the next deposit's toast is the only one. */
async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.getByRole("button", { name: "Dismiss" });
  while ((await buttons.count()) > 0)
    await buttons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

async function measure(page: Page, product: Product, account: string, solBank: string, count: number): Promise<Sample[]> {
  const cell = `table[aria-label="Supplied"] tr[data-testid="position-${solBank}"] [data-testid="position-amount"]`;
  const watcher = await watchAccount(product.url, account);
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < count; i++) {
      await page.getByRole("main").getByRole("button", { name: "Supply SOL" }).click();
      await until(async () => (await actionBox(page).count()) === 1, "the action box");
      const before = await page.locator(cell).innerText();
      await page.evaluate(
        ({ selector, previous }) => {
          (window as unknown as { shownAt: Promise<number> }).shownAt = new Promise<number>((resolve) => {
            const observer = new MutationObserver(() => {
              const text = document.querySelector(selector)?.textContent;
              if (text && text !== previous) {
                observer.disconnect();
                resolve(Date.now());
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          });
        },
        { selector: cell, previous: before },
      );
      const committed = watcher.next();
      await depositFromBox(page, "0.01");
      const confirmedAt = await committed;
      const shownAt = await page.evaluate(() => (window as unknown as { shownAt: Promise<number> }).shownAt);
      samples.push({ confirmedToShownMs: shownAt - confirmedAt });
    }
  } finally {
    watcher.close();
  }
  return samples;
}

function summary(label: string, samples: readonly Sample[]): { median: number; p90: number } {
  const values = samples.map((s) => s.confirmedToShownMs);
  const result = { median: percentile(values, 50), p90: percentile(values, 90) };
  console.log(
    `${label.padEnd(34)} median ${String(result.median).padStart(5)} ms   p90 ${String(result.p90).padStart(5)} ms   (${values.join(", ")})`,
  );
  return result;
}

async function main(): Promise<void> {
  console.log(`starting the product (seeding takes about a minute) …`);
  const product = await startProduct();
  const session = await openBrowser();
  const { page } = session;
  page.setDefaultTimeout(STEP_MS);
  try {
    const config = (await (await fetch(`${product.url}/api/config`)).json()) as AppConfig;
    const group = config.markets.find((m) => m.main)!.group;
    const banks = (await (await fetch(`${product.url}/api/banks/rpc`)).json()) as BankDto[];
    const solBank = banks.find((b) => b.group_address === group && b.symbol === "SOL" && b.kamino_reserve === DEFAULT_PUBKEY)!.bank_address;

    await page.goto(product.url);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByRole("dialog", { name: "Connect a wallet" }).getByRole("button", { name: "Browser wallet" }).click();
    const walletMenu = page.getByRole("button", { name: /^Wallet \S+…\S+$/ });
    await until(() => walletMenu.isVisible(), "the wallet");
    await walletMenu.click();
    await page.getByRole("button", { name: "Get test tokens" }).click();
    await until(async () => (await page.getByText("Test funds received", { exact: true }).count()) > 0, "the faucet");
    await page.keyboard.press("Escape");
    await page.getByRole("main").getByRole("button", { name: "Supply SOL" }).click();
    await depositFromBox(page, "1");
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Portfolio", exact: true }).click();
    await until(async () => (await page.locator(`tr[data-testid="position-${solBank}"]`).count()) > 0, "the SOL position");

    const secret = await page.evaluate(() => localStorage.getItem("ballast:local-wallet"));
    const owner = Keypair.fromSecretKey(bs58.decode(secret!)).publicKey.toBase58();
    const connection = new Connection(`${product.url}/rpc`, "confirmed");
    const [account] = await fetchMarginAccounts(connection, config.programId, group, owner);

    console.log(`${DEPOSITS} deposits of 0.01 SOL each way, confirmation (ledger notification) to the portfolio showing it:`);
    const live = summary("live updates (websocket)", await measure(page, product, account!.address, solBank, DEPOSITS));
    // The reference: the page's websocket refused, so the app falls back to the spec's post-action polling.
    await page.routeWebSocket(/\/rpc$/, (socket) => socket.close());
    await page.reload();
    await until(async () => (await page.locator(`tr[data-testid="position-${solBank}"]`).count()) > 0, "the SOL position");
    const polling = summary("spec polling (websocket refused)", await measure(page, product, account!.address, solBank, DEPOSITS));
    console.log(
      `live / polling: median ${(live.median / polling.median).toFixed(2)}×, p90 ${(live.p90 / polling.p90).toFixed(2)}× (target: live under 1,000 ms)`,
    );
  } catch (error) {
    await screenshot(page, "bench-web-failure");
    throw error;
  } finally {
    await session.close();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
