// Emissions and account management in headless Chromium against `scripts/start.ts` on a fresh data directory: built-in
// wallet → faucet → supply PYUSD in Ballast Main (its lenders earn PYUSD emissions) → the portfolio's claimable rewards
// growing → claim, checked against the chain → a second account → switch, remembered across a reload → close the empty
// one → transfer the other to a new wallet. Only the UI is used, found by roles and labels; the chain is read over the
// product's JSON-RPC to check what the UI says. Screenshots land in .tmp/screenshots.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { Connection, Keypair, PublicKey, type TokenBalance } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { AccountFlags, decodeMarginfiAccount, type MarginfiAccount } from "@ballast/protocol";
import { uiToNative, type AppConfig, type BankDto } from "@ballast/sdk";
import { formatTokenAmount, shortenAddress } from "../src/format/index.js";
import { openBrowser, screenshot, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

/** Chain round trips (send, confirm, the app's refresh polling) take a few seconds each on two cores. */
const CHAIN_STEP_MS = 45_000;
const MAIN_MARKET = "Ballast Main";
const REWARD = "PYUSD";
const DECIMALS = 6;
const DEPOSIT = "5000";
const DEPOSIT_NATIVE = 5_000_000_000n;
const SECONDS_PER_YEAR = 31_536_000;
/** How far the claimable amount grows on screen, in native units, before the claim (about 16 s of emissions). */
const GROWTH = 100n;
const DEFAULT_PUBKEY = "11111111111111111111111111111111";
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const CLOSE_NOT_EMPTY = "Close every position first: withdraw all supplies and repay all borrowings.";

let product: Product;
let session: BrowserSession;
let page: Page;
let connection: Connection;
let config: AppConfig;

beforeAll(async () => {
  product = await startProduct();
  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
  config = (await (await fetch(`${product.url}/api/config`)).json()) as AppConfig;
  connection = new Connection(new URL(config.rpcPath, product.url).toString(), "confirmed");
});

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

/** "1,234.5" as the UI shows it, in native units of a token with `decimals`. */
function toNative(text: string, decimals: number): bigint {
  return uiToNative(text.replaceAll(",", ""), decimals);
}

async function tokenBalance(account: PublicKey): Promise<bigint> {
  return BigInt((await connection.getTokenAccountBalance(account)).value.amount);
}

async function marginAccount(address: string): Promise<MarginfiAccount> {
  const info = await connection.getAccountInfo(new PublicKey(address));
  if (info === null) throw new Error(`no account at ${address}`);
  return decodeMarginfiAccount(info.data);
}

function accountSelect(): Locator {
  return ui.main(page).getByRole("combobox", { name: "Account" });
}

/** The switcher's accounts (option values are the addresses), in its order. */
async function listedAccounts(): Promise<string[]> {
  return accountSelect()
    .getByRole("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

it("claims emissions and creates, switches, closes and transfers accounts", async ({ onTestFailed }) => {
  const started = Date.now();
  onTestFailed(() => reportFailure(session, "accounts-failure"));
  const main = config.markets[0]!;
  expect(main.name).toBe(MAIN_MARKET);
  const mint = new PublicKey(config.tokens.find((t) => t.symbol === REWARD)!.mint);
  const banks = (await (await fetch(`${product.url}/api/banks/rpc`)).json()) as BankDto[];
  const bank = banks.find((b) => b.group_address === main.group && b.mint === mint.toBase58())!;
  // The seeded PYUSD bank pays its lenders PYUSD: emissions_rate is reward units per whole bank token per year.
  expect(bank.emissions_mint).toBe(mint.toBase58());
  const emissionsPerSecond = (Number(DEPOSIT_NATIVE / 10n ** BigInt(DECIMALS)) * Number(bank.emissions_rate)) / SECONDS_PER_YEAR;
  expect(emissionsPerSecond).toBeGreaterThan(1);

  // The built-in wallet, its address from the wallet menu, and the faucet.
  await page.goto(product.url);
  const walletMenu = await ui.connectBrowserWallet(page);
  await walletMenu.click();
  const addressText = page.getByText(BASE58_ADDRESS);
  await expect.poll(() => addressText.count()).toBe(1);
  const wallet = new PublicKey(await addressText.innerText());
  expect(await walletMenu.getAttribute("aria-label")).toBe(`Wallet ${shortenAddress(wallet.toBase58())}`);
  await page.getByRole("button", { name: "Get test tokens" }).click();
  expect(await (await ui.expectToastUnlessFailed(page, "Test funds received", "Faucet refused")).innerText()).toContain(REWARD);
  await ui.dismissToasts(page);
  await page.keyboard.press("Escape");
  const rewardAccount = getAssociatedTokenAddressSync(mint, wallet);

  // Supply 5,000 PYUSD; the first deposit creates the account.
  await ui
    .main(page)
    .getByRole("button", { name: `Supply ${REWARD}` })
    .click();
  await ui.sendFromActionBox(page, "deposit", REWARD, DEPOSIT, "Deposit");
  await ui.goTo(page, "Portfolio");
  const supplied = ui.positionRow(page, "Supplied", REWARD);
  await expect.poll(() => supplied.count()).toBe(1);
  // Once the refresh after the deposit has reloaded the market, the position reads 5,000 PYUSD, or a few millionths
  // more as interest accrues (before, the older snapshot's share value shows a hair less).
  const amountCell = supplied.getByRole("cell", { name: new RegExp(`^[\\d,.]+ ${REWARD}$`) });
  const positionAmount = async () => toNative((await amountCell.innerText()).split(" ")[0]!, DECIMALS);
  await expect.poll(positionAmount).toBeGreaterThanOrEqual(DEPOSIT_NATIVE);
  expect((await positionAmount()) - DEPOSIT_NATIVE).toBeLessThan(1_000n);
  await expect.poll(async () => (await listedAccounts()).length).toBe(1);
  const funded = await accountSelect().inputValue();
  expect(funded).toMatch(BASE58_ADDRESS);

  // Claimable emissions appear and keep growing with the chain's clock while the page stays open.
  const rewardsList = ui.main(page).getByRole("list", { name: "Claimable rewards" });
  const shownClaimable = async (): Promise<bigint> => {
    const items = await rewardsList.getByRole("listitem").allInnerTexts();
    if (items.length === 0) return 0n;
    expect(items).toHaveLength(1);
    const amount = new RegExp(`^([\\d,]+(?:\\.\\d+)?) ${REWARD}$`).exec(items[0]!);
    if (!amount) throw new Error(`claimable rewards read "${items[0]}"`);
    return toNative(amount[1]!, DECIMALS);
  };
  await expect.poll(shownClaimable).toBeGreaterThan(0n);
  const firstShown = await shownClaimable();
  await expect.poll(shownClaimable).toBeGreaterThanOrEqual(firstShown + GROWTH);
  await ui.expectScreenFits(page, "rewards-claim");

  // Claim: the staged toast confirms, and the wallet's PYUSD grows by exactly what the claim transaction paid, which
  // the success toast names to the unit. The amount shown before was never more than that, and less by no more than
  // the emissions of the seconds between reading it and the confirmation, plus the few seconds the shown figure's
  // chain clock may trail the wall clock on a loaded machine.
  const before = await tokenBalance(rewardAccount);
  const readAt = Date.now();
  const shown = await shownClaimable();
  await ui.main(page).getByRole("button", { name: "Claim rewards" }).click();
  await ui.expectConfirmed(page, "Rewards: claim");
  const confirmedAt = Date.now();
  const shortSignature = await page
    .getByRole("status", { name: "Rewards: claim" })
    .getByText(/^\S{6}…\S{6}$/)
    .innerText();
  // Read at once: a success toast closes itself after a few seconds.
  const paidToast = (await (await ui.expectToast(page, "Rewards claimed")).innerText()).split("\n").filter((line) => line.trim());
  await screenshot(page, "rewards-claimed");
  const claimed = (await tokenBalance(rewardAccount)) - before;
  expect(claimed).toBeGreaterThanOrEqual(shown);
  expect(Number(claimed - shown)).toBeLessThanOrEqual(Math.ceil(emissionsPerSecond * ((confirmedAt - readAt) / 1000 + 5)));
  expect(paidToast).toEqual(["Rewards claimed", `${formatTokenAmount(claimed, DECIMALS)} ${REWARD}`, "×"]);

  // The chain's record of the claim: the latest transaction on the wallet's PYUSD account, the one the toast names.
  const [latest] = await connection.getSignaturesForAddress(rewardAccount, { limit: 1 });
  expect(shortenAddress(latest!.signature, 6)).toBe(shortSignature);
  const landed = await connection.getTransaction(latest!.signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  const meta = landed?.meta;
  if (!meta) throw new Error(`the claim ${latest!.signature} has no meta`);
  expect(meta.err).toBeNull();
  const ownBalance = (list: TokenBalance[] | null | undefined) =>
    BigInt(list?.find((b) => b.owner === wallet.toBase58() && b.mint === mint.toBase58())?.uiTokenAmount.amount ?? "0");
  expect(ownBalance(meta.postTokenBalances) - ownBalance(meta.preTokenBalances)).toBe(claimed);
  // What the claim left on the balance is under one unit, so the claimable amount starts again from nothing.
  await expect.poll(shownClaimable).toBeLessThan(claimed);
  await ui.dismissToasts(page);

  // An account with a position cannot be closed; the bar says why.
  const closeNotice = () => ui.main(page).getByRole("status").filter({ hasText: CLOSE_NOT_EMPTY });
  await ui.main(page).getByRole("button", { name: "Close account" }).click();
  await expect.poll(() => closeNotice().count()).toBe(1);
  expect(await closeNotice().innerText()).toBe(CLOSE_NOT_EMPTY);

  // A second, empty account: created on chain for this wallet and selected; the switcher lists both.
  const newAccount = ui.main(page).getByRole("button", { name: "New account" });
  await newAccount.click();
  await ui.expectToastUnlessFailed(page, "Account created", "Could not create the account");
  await expect.poll(async () => (await listedAccounts()).length).toBe(2);
  const empty = await accountSelect().inputValue();
  expect(empty).not.toBe(funded);
  expect([...(await listedAccounts())].sort()).toEqual([funded, empty].sort());
  const created = await marginAccount(empty);
  expect(created.authority).toBe(wallet.toBase58());
  expect(created.group).toBe(main.group);
  expect(created.lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
  // Numbered in the order they were opened: the funded account stays "Account 1" whatever the addresses.
  expect(await accountSelect().getByRole("option").allInnerTexts()).toEqual([
    `Account 1 · ${shortenAddress(funded)}`,
    `Account 2 · ${shortenAddress(empty)}`,
  ]);
  await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);
  // The funded account's notice does not speak for the empty one.
  expect(await closeNotice().count()).toBe(0);
  // The button is busy until the refresh after the transaction has the new account list.
  await expect.poll(() => newAccount.isEnabled()).toBe(true);
  await ui.dismissToasts(page);
  await ui.expectScreenFits(page, "accounts");

  // Switching shows each account's own positions.
  await accountSelect().selectOption(funded);
  await expect.poll(() => supplied.count()).toBe(1);
  await accountSelect().selectOption(empty);
  await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);

  // The selection survives a reload; the one tried is the account listed second, which is not the default (the first).
  await accountSelect().selectOption(empty);
  await page.reload();
  await expect.poll(async () => (await accountSelect().count()) > 0 && (await accountSelect().inputValue())).toBe(empty);
  await accountSelect().selectOption(funded);
  await page.reload();
  await expect.poll(async () => (await accountSelect().count()) > 0 && (await accountSelect().inputValue())).toBe(funded);

  // Close the empty account: it leaves the chain and the switcher, and the funded one is selected.
  await accountSelect().selectOption(empty);
  await expect.poll(() => ui.main(page).getByText("No open positions", { exact: true }).isVisible()).toBe(true);
  await ui.main(page).getByRole("button", { name: "Close account" }).click();
  const closeDialog = page.getByRole("dialog", { name: "Close account" });
  await expect.poll(() => closeDialog.getByText("The account is empty. Closing it returns its rent to your wallet.").count()).toBe(1);
  await closeDialog.getByRole("button", { name: "Close account" }).click();
  await ui.expectToastUnlessFailed(page, "Account closed", "Could not close the account");
  expect(await connection.getAccountInfo(new PublicKey(empty))).toBeNull();
  await expect.poll(listedAccounts).toEqual([funded]);
  expect(await accountSelect().inputValue()).toBe(funded);
  await expect.poll(() => supplied.count()).toBe(1);
  await ui.dismissToasts(page);

  // Transfer the funded account to a new wallet: the form refuses what is not another wallet's address, in its words.
  const newOwner = Keypair.generate().publicKey.toBase58();
  await ui.main(page).getByRole("button", { name: "Transfer", exact: true }).click();
  const transferDialog = page.getByRole("dialog", { name: "Transfer account" });
  const target = transferDialog.getByRole("textbox", { name: "New authority (wallet address)" });
  const submit = transferDialog.getByRole("button", { name: "Transfer", exact: true });
  await target.fill("not a wallet");
  await submit.click();
  await expect.poll(() => transferDialog.getByText("Enter a valid wallet address", { exact: true }).count()).toBe(1);
  await target.fill(wallet.toBase58());
  await submit.click();
  await expect.poll(() => transferDialog.getByText("The new authority must be a different wallet", { exact: true }).count()).toBe(1);
  await target.fill(newOwner);
  await screenshot(page, "accounts-transfer");
  await submit.click();
  const transferred = await ui.expectToastUnlessFailed(page, "Account transferred", "Could not transfer the account");
  const successor = /New account (\S+)/.exec(await transferred.innerText())?.[1] ?? "";
  expect(successor).toMatch(BASE58_ADDRESS);

  // On chain: the successor belongs to the new wallet and holds the PYUSD position; the old account is emptied,
  // disabled and points at it (its authority field still names this wallet, which is why it must leave the list).
  const moved = await marginAccount(successor);
  expect(moved.authority).toBe(newOwner);
  expect(moved.group).toBe(main.group);
  expect(moved.migratedFrom).toBe(funded);
  expect(moved.lendingAccount.balances.filter((b) => b.active === 1).map((b) => b.bankPk)).toEqual([bank.bank_address]);
  const old = await marginAccount(funded);
  expect(old.migratedTo).toBe(successor);
  expect(old.accountFlags & AccountFlags.ACCOUNT_DISABLED).toBe(AccountFlags.ACCOUNT_DISABLED);
  expect(old.authority).toBe(wallet.toBase58());
  expect(old.lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
  expect(old.migratedFrom).toBe(DEFAULT_PUBKEY);

  // The wallet has no account left: no switcher, now and after a reload.
  await expect.poll(() => ui.main(page).getByText("No account yet", { exact: true }).isVisible()).toBe(true);
  expect(await accountSelect().count()).toBe(0);
  await ui.dismissToasts(page);
  await screenshot(page, "accounts-transferred");
  await page.reload();
  await expect.poll(() => ui.main(page).getByText("No account yet", { exact: true }).isVisible()).toBe(true);
  expect(await accountSelect().count()).toBe(0);

  expect(session.pageErrors).toEqual([]);
  expect(session.consoleErrors).toEqual([]);
  console.log(`accounts and rewards: ${((Date.now() - started) / 1000).toFixed(1)} s in the browser`);
});
