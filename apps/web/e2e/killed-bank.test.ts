// A bank killed by bankruptcy, as its depositor sees it in the browser. The product runs as a user gets it; this test
// process, as the sandbox's group admin, adds two banks to the Breakwater market: RENDER collateral priced by a feed of
// its own, and a PYTH bank (on the sandbox's PYTH feed). The page's wallet supplies 100 PYTH; a borrower borrows all of
// it against RENDER (both in one transaction, the bank reduce-only before and after so the simulated users cannot
// join in); RENDER's feed then falls to a millionth of a cent and the admin settles the borrower's bad debt, which
// exceeds the bank's deposits: the program kills the bank. Every screen must then show the state and offer no action,
// at phone and desktop widths, with no page or console errors.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Connection, Keypair, PublicKey, Transaction, sendAndConfirmTransaction, type TransactionInstruction } from "@solana/web3.js";
import { getAssociatedTokenAddressSync, getMint, getOrCreateAssociatedTokenAccount, mintTo } from "@solana/spl-token";
import type { Page } from "playwright-core";
import {
  BankConfigFlags,
  BankOperationalState,
  OracleSetup,
  RiskTier,
  decodeFeeState,
  decodeMarginfiAccount,
  i80f48 as fx,
} from "@ballast/protocol";
import { createPythFeedInstruction, pythFeedAddress, updatePythPriceInstruction } from "@ballast/oracles";
import {
  addBankInstruction,
  borrowInstruction,
  borrowRiskAccounts,
  configureBankInstruction,
  configureBankOracleInstruction,
  depositAction,
  depositInstruction,
  feeStateAddress,
  fetchMarginAccounts,
  handleBankruptcyInstruction,
  keypairWallet,
  loadMarket,
  marketBankLookup,
  riskAccounts,
  type AppConfig,
  type BankConfigParams,
} from "@ballast/sdk";
import { openBrowser, type BrowserSession, reportFailure } from "./support/browser.js";
import { startProduct, type Product } from "./support/product.js";
import * as ui from "./support/ui.js";

const CHAIN_STEP_MS = 45_000;
const JOURNEY_TIMEOUT_MS = 360_000;
const MARKET = "Breakwater";
/** RENDER at $7 and then $0.00000001 on an 8-decimal feed (exponent -8). */
const EXPONENT = -8;
const RENDER_PRICE = 700_000_000n;
const RENDER_CRASHED = 1n;
const KILLED_NOTE = "This bank was shut down by a bankruptcy: its deposits are worth nothing and no action is accepted, ever again.";

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

async function chainNow(connection: Connection): Promise<bigint> {
  const time = await connection.getBlockTime(await connection.getSlot("confirmed"));
  expect(time).not.toBeNull();
  return BigInt(time!);
}

/** A bank lending at up to 10% APR, with a protocol fee of a tenth of the interest. */
function bankConfig(operationalState: BankOperationalState): BankConfigParams {
  const tenPercentApr = Math.round(0.01 * 0xffff_ffff);
  return {
    assetWeightInit: fx.fromDecimal("0.5"),
    assetWeightMaint: fx.fromDecimal("0.6"),
    liabilityWeightInit: fx.fromDecimal("1.25"),
    liabilityWeightMaint: fx.fromDecimal("1.1"),
    depositLimit: 10n ** 15n,
    interestRateConfig: {
      insuranceFeeFixedApr: fx.ZERO,
      insuranceIrFee: fx.ZERO,
      protocolFixedFeeApr: fx.ZERO,
      // Depositors earn 10% less than borrowers pay: a debt of all the deposits soon exceeds them.
      protocolIrFee: fx.fromDecimal("0.1"),
      protocolOriginationFee: fx.ZERO,
      zeroUtilRate: 0,
      hundredUtilRate: tenPercentApr,
      points: [],
    },
    operationalState,
    borrowLimit: 10n ** 15n,
    riskTier: RiskTier.Collateral,
    assetTag: 0,
    configFlags: BankConfigFlags.PYTH_PUSH_MIGRATED_DEPRECATED,
    totalAssetValueInitLimit: 0n,
    oracleMaxAge: 60,
    oracleMaxConfidence: 0,
  };
}

it(
  "shows a bank killed by bankruptcy as killed, with no action, on every screen",
  async ({ onTestFailed }) => {
    onTestFailed(() => reportFailure(session, "killed-bank-failure"));
    const config = await product.json<AppConfig>("/api/config");
    const market = config.markets.find((m) => m.name === MARKET)!;
    const group = new PublicKey(market.group);
    const programId = new PublicKey(config.programId);
    // Confirmations arrive over the server's websocket proxy at the same /rpc path.
    const connection = new Connection(`${product.url}/rpc`, {
      commitment: "confirmed",
      wsEndpoint: `${product.url.replace("http", "ws")}/rpc`,
    });
    const admin = Keypair.fromSecretKey(
      Uint8Array.from(JSON.parse(readFileSync(join(product.dataDir, "sandbox-admin.json"), "utf8")) as number[]),
    );
    const send = (instructions: TransactionInstruction[], signers: Keypair[]) =>
      sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers, { commitment: "confirmed" });
    const mintOf = (symbol: string) => new PublicKey(config.tokens.find((t) => t.symbol === symbol)!.mint);
    const [pythMint, renderMint] = [mintOf("PYTH"), mintOf("RENDER")];
    const pythDecimals = (await getMint(connection, pythMint)).decimals;
    const renderDecimals = (await getMint(connection, renderMint)).decimals;
    const supplied = 100n * 10n ** BigInt(pythDecimals);

    // The page's wallet: test funds, then a first supply in Breakwater (10 USDC) that opens its account there.
    await ui.fundedBrowserWallet(page, product.url);
    await page.getByRole("combobox", { name: "Market" }).selectOption({ label: MARKET });
    await ui.main(page).getByRole("button", { name: "Supply USDC" }).click();
    await ui.sendFromActionBox(page, "deposit", "USDC", "10", "Deposit");
    const depositor = await ui.browserWalletKeypair(page);
    const [depositorAccount] = await fetchMarginAccounts(connection, config.programId, market.group, depositor.publicKey.toBase58());

    // The admin's two banks: RENDER on a feed the admin writes, PYTH (reduce-only until the loan) on the sandbox's feed.
    const main = await loadMarket(connection, { programId: config.programId, group: config.markets.find((m) => m.main)!.group });
    const pythFeed = [...main.banks.values()].find((b) => b.bank.mint === pythMint.toBase58())!.bank.config;
    const feedId = randomBytes(32);
    const renderFeed = pythFeedAddress(admin.publicKey, feedId)[0];
    const renderPrice = async (price: bigint) =>
      updatePythPriceInstruction({
        authority: admin.publicKey,
        feed: renderFeed,
        price,
        conf: 0n,
        exponent: EXPONENT,
        publishTime: await chainNow(connection),
        emaPrice: price,
        emaConf: 0n,
      });
    await send([createPythFeedInstruction({ authority: admin.publicKey, feedId }), await renderPrice(RENDER_PRICE)], [admin]);
    const { data: feeState } = (await connection.getAccountInfo(feeStateAddress(programId)))!;
    const globalFeeWallet = new PublicKey(decodeFeeState(feeState).globalFeeWallet);
    const addBank = async (mint: PublicKey, state: BankOperationalState, setup: OracleSetup, oracle: PublicKey) => {
      const bank = Keypair.generate();
      await send(
        [
          addBankInstruction({
            group,
            admin: admin.publicKey,
            globalFeeWallet,
            bankMint: mint,
            config: bankConfig(state),
            bank: bank.publicKey,
            programId,
          }),
          configureBankOracleInstruction({ group, admin: admin.publicKey, bank: bank.publicKey, setup, oracle, programId }),
        ],
        [admin, bank],
      );
      return bank.publicKey;
    };
    const renderBank = await addBank(renderMint, BankOperationalState.Operational, OracleSetup.PythPushOracle, renderFeed);
    const pythBank = await addBank(
      pythMint,
      BankOperationalState.ReduceOnly,
      pythFeed.oracleSetup as OracleSetup,
      new PublicKey(pythFeed.oracleKeys[0]!),
    );

    // The borrower: SOL for fees, 1,000 RENDER supplied as collateral (opening its account), a PYTH token account.
    const borrower = Keypair.generate();
    await connection.confirmTransaction(await connection.requestAirdrop(borrower.publicKey, 2_000_000_000), "confirmed");
    const renderAccount = await getOrCreateAssociatedTokenAccount(connection, admin, renderMint, borrower.publicKey);
    await mintTo(connection, admin, renderMint, renderAccount.address, admin, 1_000n * 10n ** BigInt(renderDecimals));
    const borrowerPyth = (await getOrCreateAssociatedTokenAccount(connection, admin, pythMint, borrower.publicKey)).address;
    const breakwater = () => loadMarket(connection, { programId: config.programId, group: market.group });
    const lookup = async () => marketBankLookup(await breakwater());
    const { marginfiAccount: borrowerAccount } = await depositAction({
      connection,
      wallet: keypairWallet(borrower),
      programId,
      broadcast: { method: "RPC" },
      market: await breakwater(),
      bank: renderBank.toBase58(),
      amount: 1_000n * 10n ** BigInt(renderDecimals),
    });
    const borrowerData = async () => decodeMarginfiAccount((await connection.getAccountInfo(borrowerAccount))!.data);

    // One transaction: the PYTH bank opens, the page's wallet supplies 100 PYTH, the borrower borrows all of it, and
    // the bank is reduce-only again; nobody else can supply or borrow in between.
    const banks = await lookup();
    const state = (operationalState: BankOperationalState) =>
      configureBankInstruction({ group, admin: admin.publicKey, bank: pythBank, changes: { operationalState }, programId });
    await send(
      [
        await renderPrice(RENDER_PRICE),
        state(BankOperationalState.Operational),
        depositInstruction({
          group,
          marginfiAccount: new PublicKey(depositorAccount!.address),
          authority: depositor.publicKey,
          bank: pythBank,
          signerTokenAccount: getAssociatedTokenAddressSync(pythMint, depositor.publicKey),
          amount: supplied,
          programId,
        }),
        borrowInstruction({
          group,
          marginfiAccount: borrowerAccount,
          authority: borrower.publicKey,
          bank: pythBank,
          destinationTokenAccount: borrowerPyth,
          amount: supplied,
          riskAccounts: borrowRiskAccounts(await borrowerData(), banks, pythBank),
          programId,
        }),
        state(BankOperationalState.ReduceOnly),
      ],
      [admin, depositor, borrower],
    );

    // RENDER collapses; the borrower's debt, all of the deposits and more with interest, is bad debt: the bank is killed.
    await send(
      [
        await renderPrice(RENDER_CRASHED),
        handleBankruptcyInstruction({
          group,
          signer: admin.publicKey,
          bank: pythBank,
          marginfiAccount: borrowerAccount,
          riskAccounts: riskAccounts(await borrowerData(), banks),
          programId,
        }),
      ],
      [admin],
    );
    const killed = (await lookup()).get(pythBank.toBase58())!;
    expect(killed.config.operationalState).toBe(BankOperationalState.KilledByBankruptcy);

    // Markets: PYTH is badged killed and its Supply is disabled, lending and borrowing alike.
    const pythRow = () =>
      ui
        .main(page)
        .getByRole("table")
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: "PYTH", exact: true }) });
    await expect.poll(() => pythRow().getByText("Killed by bankruptcy", { exact: true }).count(), { timeout: CHAIN_STEP_MS }).toBe(1);
    expect(await pythRow().getByRole("button", { name: "Supply PYTH" }).isDisabled()).toBe(true);
    await ui.main(page).getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Borrow" }).click();
    expect(await pythRow().getByRole("button", { name: "Borrow PYTH" }).isDisabled()).toBe(true);
    await ui.expectScreenFits(page, "killed-bank-markets");

    // The bank's page says why, and none of its actions can be pressed.
    await pythRow().getByRole("link", { name: "PYTH", exact: true }).click();
    await expect.poll(() => ui.main(page).getByText(KILLED_NOTE, { exact: true }).isVisible()).toBe(true);
    const header = ui.main(page).locator("header");
    for (const label of ["Supply", "Withdraw", "Borrow", "Repay"]) {
      expect(await header.getByRole("button", { name: label, exact: true }).isDisabled()).toBe(true);
    }
    await ui.expectScreenFits(page, "killed-bank-page");

    // The depositor's portfolio: the PYTH position carries the state, and its Supply and Withdraw are disabled.
    await ui.goTo(page, "Portfolio");
    // Its asset cell also holds the badges (the deposit is now worth nothing: dust), so the row is found by its action.
    const position = ui
      .main(page)
      .getByRole("table", { name: "Supplied" })
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: "Withdraw PYTH" }) });
    await expect.poll(() => position.getByText("Killed by bankruptcy", { exact: true }).count()).toBe(1);
    expect(await position.getByTestId("position-value").innerText()).toBe("$0.00");
    expect(await position.getByRole("button", { name: "Supply PYTH" }).isDisabled()).toBe(true);
    expect(await position.getByRole("button", { name: "Withdraw PYTH" }).isDisabled()).toBe(true);
    await ui.expectScreenFits(page, "killed-bank-portfolio");

    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  },
  JOURNEY_TIMEOUT_MS,
);
