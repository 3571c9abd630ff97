// A browser user holding many banks (13 deposits in Ballast Main, as a busy user ends up) borrows and withdraws: each
// health check then names 14 banks with their oracles, which no 1232-byte transaction holds, so without the market's
// address lookup table the app refused with "Single instruction too large to fit in a transaction". The deposits are
// made with the SDK over the product's JSON-RPC (13 trips through the UI would only add minutes); the borrow and the
// withdrawal go through the UI in headless Chromium against `scripts/start.ts`.
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import bs58 from "bs58";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { BankOperationalState, decodeMarginfiAccount } from "@ballast/protocol";
import { depositAction, fetchMarginAccounts, keypairWallet, loadMarket, type ActionContext, type AppConfig } from "@ballast/sdk";
import { LOCAL_WALLET_KEY } from "../src/wallet/local-wallet.js";
import { openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

const NATIVE_MINT = "So11111111111111111111111111111111111111112";
/** Banks deposited into; with the borrowed USDC, 14 in every health check. */
const DEPOSITS = 13;
const CHAIN_STEP_MS = 45_000;

let product: Product;
let session: BrowserSession;
let page: Page;
let connection: Connection;
let config: AppConfig;
const owner = Keypair.generate();

/** The wallet's token balances by mint, over both token programs. */
async function tokenBalances(): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (const programId of [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]) {
    const { value } = await connection.getParsedTokenAccountsByOwner(owner.publicKey, { programId });
    for (const { account } of value) {
      const info = account.data.parsed.info as { mint: string; tokenAmount: { amount: string } };
      balances.set(info.mint, BigInt(info.tokenAmount.amount));
    }
  }
  return balances;
}

async function activeBalances(): Promise<number> {
  const [account] = await fetchMarginAccounts(connection, config.programId, config.markets[0]!.group, owner.publicKey.toBase58());
  const info = await connection.getAccountInfo(new PublicKey(account!.address));
  return decodeMarginfiAccount(info!.data).lendingAccount.balances.filter((b) => b.active !== 0).length;
}

beforeAll(async () => {
  product = await startProduct();
  config = (await (await fetch(`${product.url}/api/config`)).json()) as AppConfig;
  connection = new Connection(`${product.url}${config.rpcPath}`, "confirmed");
  const grant = await fetch(`${product.url}/api/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wallet: owner.publicKey.toBase58() }),
  });
  expect(grant.status).toBe(200);

  // A hundredth of the faucet's grant (1 SOL, $100 of any other token) into 13 operational banks of Ballast Main;
  // not USDC, which the user borrows (the third-party market's bank is a USDC bank too).
  const usdcMint = config.tokens.find((t) => t.symbol === "USDC")!.mint;
  const market = await loadMarket(connection, { programId: config.programId, group: config.markets[0]!.group });
  const chosen = [...market.banks.values()]
    .filter((b) => b.bank.mint !== usdcMint && b.bank.config.operationalState === BankOperationalState.Operational)
    // SOL among them: the user withdraws some of it.
    .sort((a, b) => Number(b.bank.mint === NATIVE_MINT) - Number(a.bank.mint === NATIVE_MINT))
    .slice(0, DEPOSITS);
  expect(chosen).toHaveLength(DEPOSITS);
  const balances = await tokenBalances();
  const context: ActionContext = { connection, wallet: keypairWallet(owner), programId: new PublicKey(config.programId) };
  let marginfiAccount: PublicKey | undefined;
  for (const { address, bank } of chosen) {
    const amount = bank.mint === NATIVE_MINT ? 1_000_000_000n : balances.get(bank.mint)! / 100n;
    const result = await depositAction({ ...context, marginfiAccount, market, bank: address, amount });
    marginfiAccount = result.marginfiAccount;
  }
  expect(await activeBalances()).toBe(DEPOSITS);

  session = await openBrowser();
  page = session.page;
  page.setDefaultTimeout(CHAIN_STEP_MS);
  // The built-in wallet holds the depositor's key, as if it had made the deposits itself.
  await session.context.addInitScript(
    ([key, secret]) => {
      localStorage.setItem(key, secret);
      localStorage.setItem("ballast:last-wallet", "local");
    },
    [LOCAL_WALLET_KEY, bs58.encode(owner.secretKey)] as const,
  );
}, 300_000);

afterAll(async () => {
  await session?.close();
  if (product) expect(await product.stop()).toBe(0);
});

it("borrows and withdraws for an account holding 14 banks", async ({ onTestFailed }) => {
  onTestFailed(() => reportFailure(session, "many-banks-failure"));
  await page.goto(product.url);
  await expect.poll(() => page.getByRole("button", { name: /^Wallet \S+…\S+$/ }).isVisible()).toBe(true);

  await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
  await ui.main(page).getByRole("button", { name: "Borrow USDC" }).click();
  await ui.sendFromActionBox(page, "borrow", "USDC", "2", "Borrow", "many-banks-borrow");
  expect(await activeBalances()).toBe(DEPOSITS + 1);

  await ui.goTo(page, "Portfolio");
  await expect.poll(() => ui.positionRow(page, "Borrowed", "USDC").getByRole("cell", { name: "2 USDC", exact: true }).count()).toBe(1);
  await ui.positionRow(page, "Supplied", "SOL").getByRole("button", { name: "Withdraw SOL" }).click();
  await ui.sendFromActionBox(page, "withdraw", "SOL", "0.5", "Withdraw");
  await expect.poll(() => ui.positionRow(page, "Supplied", "SOL").getByRole("cell", { name: "0.5 SOL", exact: true }).count()).toBe(1);
  expect(session.pageErrors).toEqual([]);
  expect(session.consoleErrors).toEqual([]);
});
