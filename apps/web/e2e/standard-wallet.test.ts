// The Wallet Standard path in headless Chromium against `scripts/start.ts`, with a wallet that registers and answers
// the way an extension does (support/standard-wallet.ts): it is offered next to the built-in wallet, connects, refuses
// and then signs the sign-in message the server verifies, signs a deposit that lands, is reconnected silently after a
// reload, and its own account switch and site disconnect are followed by the app.
import { ed25519 } from "@noble/curves/ed25519.js";
import { Connection, Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import { E2E_WALLET_ICON, E2E_WALLET_NAME, installStandardWallet, type StandardTestWallet } from "./support/standard-wallet.js";
import * as ui from "./support/ui.js";

/** Chain round trips (send, confirm, the app's refresh polling) take a few seconds each on two cores. */
const CHAIN_STEP_MS = 45_000;
/** What the wallet menu says when the wallet refused to sign the sign-in message (spec §4: signature denied). */
const SIGNATURE_DENIED = "Signature request was declined.";

const firstKey = Keypair.generate();
const secondKey = Keypair.generate();
let product: Product;
let session: BrowserSession;
let page: Page;
let wallet: StandardTestWallet;
/** The sign-in calls the page made, in order: "login", "login signed", "signup signed", with their bodies. */
const authCalls: { readonly call: string; readonly body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  product = await startProduct();
  session = await openBrowser();
  wallet = await installStandardWallet(session.context, firstKey);
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== "POST" || !path.startsWith("/api/auth/")) return;
    const body = (request.postDataJSON() ?? {}) as Record<string, unknown>;
    authCalls.push({ call: `${path.slice("/api/auth/".length)}${body.signature ? " signed" : ""}`, body });
  });
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

/**
 * The spec's sign-in message (§2) as the server words it: the welcome line naming the product, the wallet's first 6
 * and last 4 characters, no transaction and no fee; then the server's one-time nonce and issue time.
 */
function expectSignInMessage(text: string, address: string): void {
  const lines = text.split("\n");
  expect(lines.slice(0, 3)).toEqual([
    "Welcome to Ballast, sign this message to authenticate your wallet",
    `Wallet: ${address.slice(0, 6)}…${address.slice(-4)}`,
    "Signing this message does not trigger a transaction and costs no fee.",
  ]);
  expect(lines[3]).toMatch(/^Nonce: [0-9a-f]{32}$/);
  const issuedAt = /^Issued at: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/.exec(lines[4]!)?.[1];
  expect(issuedAt).toBeDefined();
  expect(Math.abs(Date.parse(issuedAt!) - Date.now())).toBeLessThan(120_000);
  expect(lines).toHaveLength(5);
}

/** Signs in from the wallet menu with the wallet approving; checks what it signed and what the server was sent. */
async function signInApproved(address: string): Promise<void> {
  const calls = authCalls.length;
  const messages = wallet.messages.length;
  await ui.openWalletMenu(page, address);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect.poll(() => page.getByText("Signed in", { exact: true }).isVisible()).toBe(true);
  expect(authCalls.slice(calls).map((c) => c.call)).toEqual(["login", "login signed", "signup signed"]);
  expect(wallet.messages).toHaveLength(messages + 1);
  const signed = wallet.messages[messages]!;
  expect(signed.signer).toBe(address);
  expectSignInMessage(signed.text, address);
  expect(ed25519.verify(signed.signature!, new TextEncoder().encode(signed.text), bs58.decode(address))).toBe(true);
  // The server was sent exactly what the wallet signed, and accepted it (the user exists now).
  const signup = authCalls[authCalls.length - 1]!.body;
  expect(signup).toMatchObject({ walletAddress: address, walletId: E2E_WALLET_NAME, signedMessage: signed.text });
  expect(signup.signature).toBe(bs58.encode(signed.signature!));
}

it("connects a Wallet Standard wallet, signs in and deposits with it, and follows the wallet's own changes", async ({ onTestFailed }) => {
  onTestFailed(() => reportFailure(session, "standard-wallet-failure"));
  const first = firstKey.publicKey.toBase58();
  const second = secondKey.publicKey.toBase58();

  // The connect dialog offers the registered wallet, with its icon, above the built-in one.
  await page.goto(product.url);
  await expect.poll(() => ui.main(page).getByRole("button", { name: "Supply SOL" }).isVisible()).toBe(true);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  const installed = dialog.getByRole("list", { name: "Installed wallets" });
  await expect.poll(() => installed.getByRole("button").allInnerTexts()).toEqual([E2E_WALLET_NAME]);
  const option = installed.getByRole("button", { name: E2E_WALLET_NAME, exact: true });
  const icon = option.locator("img");
  expect(await icon.getAttribute("src")).toBe(E2E_WALLET_ICON);
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(32);
  expect(await dialog.getByRole("button", { name: "Browser wallet", exact: true }).isVisible()).toBe(true);
  await ui.expectScreenFits(page, "standard-wallet-connect");

  // Connecting shows its account in the wallet menu.
  await option.click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await ui.openWalletMenu(page, first);
  expect(await page.getByText(E2E_WALLET_NAME, { exact: true }).isVisible()).toBe(true);
  expect(await page.getByText(first, { exact: true }).isVisible()).toBe(true);

  // Faucet to that address.
  await page.getByRole("button", { name: "Get test tokens" }).click();
  const grant = await ui.expectToast(page, "Test funds received");
  expect(await grant.innerText()).toContain("10 SOL");
  await ui.dismissToasts(page);

  // Sign-in with the user rejecting the signature: the signature-denied state, nothing sent to sign up.
  wallet.refuseNextMessage();
  await ui.openWalletMenu(page, first);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect.poll(() => page.getByRole("alert").filter({ hasText: SIGNATURE_DENIED }).count()).toBe(1);
  expect(await page.getByRole("alert").filter({ hasText: SIGNATURE_DENIED }).innerText()).toBe(SIGNATURE_DENIED);
  expect(authCalls.map((c) => c.call)).toEqual(["login"]);
  expect(wallet.messages).toHaveLength(1);
  expect(wallet.messages[0]!.signature).toBeNull();
  expectSignInMessage(wallet.messages[0]!.text, first);

  // Then approved: the server verifies the wallet's ed25519 signature of its own message.
  await signInApproved(first);
  expect(await page.getByRole("alert").filter({ hasText: SIGNATURE_DENIED }).count()).toBe(0);
  expect(wallet.messages[1]!.text).not.toBe(wallet.messages[0]!.text);
  await page.keyboard.press("Escape");

  // A deposit from the action box, signed by the wallet; every transaction it signed landed without error.
  await ui.main(page).getByRole("button", { name: "Supply SOL" }).click();
  await ui.sendFromActionBox(page, "deposit", "SOL", "1", "Deposit");
  expect(wallet.transactions.length).toBeGreaterThan(0);
  expect(wallet.transactions.every((t) => t.signer === first)).toBe(true);
  const statuses = await new Connection(`${product.url}/rpc`, "confirmed").getSignatureStatuses(
    wallet.transactions.map((t) => t.signature),
    { searchTransactionHistory: true },
  );
  expect(statuses.value.map((s) => s && { err: s.err, landed: s.confirmationStatus !== undefined })).toEqual(
    wallet.transactions.map(() => ({ err: null, landed: true })),
  );
  await ui.goTo(page, "Portfolio");
  const supplied = ui.positionRow(page, "Supplied", "SOL").getByRole("cell", { name: "1 SOL", exact: true });
  await expect.poll(() => supplied.count()).toBe(1);

  // A reload reconnects the wallet silently (the site stays approved in the wallet) with the position still there.
  await page.reload();
  await expect.poll(() => ui.walletMenu(page, first).isVisible()).toBe(true);
  await expect.poll(() => supplied.count()).toBe(1);

  // The user switches accounts in the wallet: the app follows its `change` event to the new key, which has no
  // account and no sign-in yet, and signs with that key from then on.
  await wallet.switchAccount(secondKey);
  await expect.poll(() => ui.walletMenu(page, second).isVisible()).toBe(true);
  expect(await ui.walletMenu(page, first).count()).toBe(0);
  await expect.poll(() => ui.main(page).getByText("No account yet", { exact: true }).isVisible()).toBe(true);
  await signInApproved(second);
  await page.keyboard.press("Escape");

  // The user disconnects the site in the wallet: the app is disconnected, and stays so after a reload.
  await wallet.disconnectSite();
  await expect.poll(() => page.getByRole("button", { name: "Connect", exact: true }).isVisible()).toBe(true);
  await expect.poll(() => ui.main(page).getByText("Connect a wallet", { exact: true }).isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => ui.main(page).getByText("Connect a wallet", { exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: /^Wallet / }).count()).toBe(0);

  expect(session.pageErrors).toEqual([]);
  expect(session.consoleErrors).toEqual([]);
});
