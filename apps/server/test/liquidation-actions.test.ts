// The SDK's liquidation actions end to end on the seeded sandbox (its main market, oracles and swap venue, quoting
// through this server's API): the price walk is stopped and SOL's feed pushed by hand, so a borrower near its limit
// becomes liquidatable at a known price. A classic liquidation from a liquidator's own account, a receivership that
// sells the seized SOL for USDC on the venue inside the transaction, one that withdraws Kamino-backed USDC through the
// market to buy a SOL debt after SOL rises, and a crash to cents that leaves an account bankrupt for handle_bankruptcy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey } from "@solana/web3.js";
import { NATIVE_MINT, getAccount, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { AccountFlags, i80f48 as fx } from "@ballast/protocol";
import {
  SwapClient,
  accountRisk,
  borrowAction,
  depositAction,
  handleBankruptcyAction,
  isBankrupt,
  isLiquidatable,
  liquidateAction,
  liquidationPrice,
  maintenanceHealth,
  maxBorrow,
  receivershipLiquidationAction,
  swapApiUrl,
  type Market,
} from "@ballast/sdk";
import { startSandboxProduct, type SandboxProduct } from "./support/sandbox.js";

const SOL = 1_000_000_000n;

let product: SandboxProduct;
let sol: string;
let usdc: string;

beforeAll(async () => {
  product = await startSandboxProduct();
  // Prices are set by hand from here on: the walk would move them between the steps.
  await product.prices.stop();
  [sol, usdc] = [product.bank("SOL"), product.bank("USDC")];
  await setPrices({ SOL: "150" });
}, 300_000);

afterAll(async () => {
  await product?.close();
});

/** Pushes SOL's feed at `prices.SOL` and USDC's at $1, so both are fresh for the next action. */
const setPrices = (prices: { SOL: string }) => product.pushPrices({ [sol]: prices.SOL, [usdc]: "1" });
const contextFor = (wallet: Keypair, market: Market) => product.contextFor(wallet, market);
const accountData = (address: PublicKey) => product.marginAccount(address);
const riskOf = (address: PublicKey) => product.riskOf(address);
/** A funded wallet with a margin account holding `deposit` of SOL. */
const depositor = (deposit: bigint) => product.depositor(sol, deposit);

/**
 * 2 SOL at $150 against nearly all the USDC it may borrow; then SOL is pushed 5% below the account's liquidation
 * price, so its Maintenance health turns negative.
 */
async function underwaterBorrower(): Promise<{ wallet: Keypair; account: PublicKey }> {
  await setPrices({ SOL: "150" });
  const borrower = await depositor(2n * SOL);
  const market = await product.market();
  const risk = accountRisk((await accountData(borrower.account)).lendingAccount.balances, market.banks);
  const amount = (maxBorrow(risk, market.banks.get(usdc)!) * 99n) / 100n;
  await borrowAction({
    ...contextFor(borrower.wallet, market),
    bank: usdc,
    marginfiAccount: borrower.account,
    account: await accountData(borrower.account),
    amount,
  });
  const borrowed = await riskOf(borrower.account);
  const collateral = borrowed.positions.find((p) => p.side === "assets")!;
  const crash = Number(fx.toDecimal(liquidationPrice(borrowed, collateral)!)) * 0.95;
  await setPrices({ SOL: crash.toFixed(4) });
  expect(isLiquidatable(await riskOf(borrower.account))).toBe(true);
  return borrower;
}

const tokenBalance = async (owner: PublicKey, mint: PublicKey) =>
  (await getAccount(product.connection, getAssociatedTokenAddressSync(mint, owner), "confirmed")).amount;

describe("classic liquidation", () => {
  it("a liquidator's account seizes SOL and takes over USDC debt; the borrower ends healthier, not above zero", async () => {
    const borrower = await underwaterBorrower();
    const liquidator = await depositor(5n * SOL);
    const before = await riskOf(borrower.account);
    const market = await product.market();

    const result = await liquidateAction({
      ...contextFor(liquidator.wallet, market),
      liquidatorAccount: liquidator.account,
      liquidator: await accountData(liquidator.account),
      liquidateeAccount: borrower.account,
      liquidatee: await accountData(borrower.account),
      assetBank: sol,
      liabilityBank: usdc,
    });
    expect(result.signatures).toHaveLength(1);
    expect(result.outcome.assetAmount).toBeGreaterThan(0n);

    const after = await riskOf(borrower.account);
    expect(fx.cmp(maintenanceHealth(after)!, maintenanceHealth(before)!)).toBe(1);
    expect(fx.cmp(maintenanceHealth(after)!, fx.ZERO)).toBeLessThanOrEqual(0);
    const taker = await riskOf(liquidator.account);
    expect(taker.positions.find((p) => p.side === "liabilities")?.bank.address).toBe(usdc);
    const seized = fx.sub(taker.positions.find((p) => p.side === "assets")!.amount, fx.fromInt(5n * SOL));
    // The product's clock runs: the SOL deposit's share value moves by interest between the steps, a unit or so.
    const gap = fx.toIntFloor(seized) - result.outcome.assetAmount;
    expect(gap >= -2n && gap <= 2n).toBe(true);
  });
});

describe("receivership with the swap venue", () => {
  it("start → withdraw SOL → swap on the venue for the USDC repaid → repay → end, in one transaction", async () => {
    const borrower = await underwaterBorrower();
    const receiver = Keypair.generate();
    await product.faucet.fund(receiver.publicKey.toBase58());
    const before = await riskOf(borrower.account);
    const usdcMint = new PublicKey((await product.market()).banks.get(usdc)!.bank.mint);
    const usdcBefore = await tokenBalance(receiver.publicKey, usdcMint);

    const result = await receivershipLiquidationAction({
      ...contextFor(receiver, await product.market()),
      liquidateeAccount: borrower.account,
      liquidatee: await accountData(borrower.account),
      assetBank: sol,
      liabilityBank: usdc,
      swap: { client: new SwapClient(swapApiUrl(product.server.url)), slippageBps: 100 },
    });
    expect(result.quote).not.toBeNull();
    // The token accounts' transaction, then the receivership.
    expect(result.signatures).toHaveLength(2);
    const landed = await product.connection.getTransaction(result.signatures.at(-1)!, {
      maxSupportedTransactionVersion: 0,
      commitment: "confirmed",
    });
    expect(landed?.meta?.err).toBeNull();

    const after = await riskOf(borrower.account);
    expect(fx.cmp(maintenanceHealth(after)!, maintenanceHealth(before)!)).toBeGreaterThanOrEqual(0);
    const debt = (risk: typeof after) => risk.positions.find((p) => p.side === "liabilities")!.amount;
    expect(fx.toIntFloor(fx.sub(debt(before), debt(after)))).toBeGreaterThanOrEqual(result.sizing.repay - 1n);
    // The venue bought the USDC with part of the SOL withdrawn; the rest stays with the receiver as wrapped SOL.
    const kept = await tokenBalance(receiver.publicKey, NATIVE_MINT);
    expect(kept).toBeGreaterThanOrEqual(result.sizing.withdraw - BigInt(result.quote!.otherAmountThreshold));
    expect(kept).toBeGreaterThan(0n);
    expect(await tokenBalance(receiver.publicKey, usdcMint)).toBe(usdcBefore);
  });
});

/** $1,000 of Kamino-backed USDC against nearly all the SOL it may borrow; then SOL 5% above its liquidation price. */
async function kaminoBorrower(kaminoUsdc: string): Promise<PublicKey> {
  await setPrices({ SOL: "150" });
  const wallet = Keypair.generate();
  await product.faucet.fund(wallet.publicKey.toBase58());
  const { marginfiAccount } = await depositAction({
    ...contextFor(wallet, await product.market()),
    bank: kaminoUsdc,
    amount: 1_000_000_000n,
  });
  const market = await product.market();
  const risk = accountRisk((await accountData(marginfiAccount)).lendingAccount.balances, market.banks);
  await borrowAction({
    ...contextFor(wallet, market),
    bank: sol,
    marginfiAccount,
    account: await accountData(marginfiAccount),
    amount: (maxBorrow(risk, market.banks.get(sol)!) * 99n) / 100n,
  });
  const borrowed = await riskOf(marginfiAccount);
  const debt = borrowed.positions.find((p) => p.side === "liabilities")!;
  await setPrices({ SOL: (Number(fx.toDecimal(liquidationPrice(borrowed, debt)!)) * 1.05).toFixed(4) });
  expect(isLiquidatable(await riskOf(marginfiAccount))).toBe(true);
  return marginfiAccount;
}

describe("Kamino-backed collateral", () => {
  it("classic: the liquidator seizes reserve collateral tokens, the borrower's booked exactly as predicted", async () => {
    const kaminoUsdc = product.bank("USDC", "kamino");
    const marginfiAccount = await kaminoBorrower(kaminoUsdc);
    const liquidator = Keypair.generate();
    await product.faucet.fund(liquidator.publicKey.toBase58());
    const { marginfiAccount: liquidatorAccount } = await depositAction({
      ...contextFor(liquidator, await product.market()),
      bank: usdc,
      amount: 5_000_000_000n,
    });
    const result = await liquidateAction({
      ...contextFor(liquidator, await product.market()),
      liquidatorAccount,
      liquidator: await accountData(liquidatorAccount),
      liquidateeAccount: marginfiAccount,
      liquidatee: await accountData(marginfiAccount),
      assetBank: kaminoUsdc,
      liabilityBank: sol,
    });
    expect(result.outcome.assetAmount).toBeGreaterThan(0n);
    // The Kamino bank lends nothing out itself, so its share value stands still and the collateral side is exact.
    const shares = (balances: readonly { active: unknown; bankPk: string; assetShares: bigint }[]) =>
      balances.find((b) => Boolean(b.active) && b.bankPk === kaminoUsdc)!.assetShares;
    expect(shares((await accountData(marginfiAccount)).lendingAccount.balances)).toBe(shares(result.outcome.liquidatee.balances));
    expect(shares((await accountData(liquidatorAccount)).lendingAccount.balances)).toBe(shares(result.outcome.liquidator.balances));
  });

  it("receivership: reserve and obligation refreshed before start, kamino_withdraw inside, the SOL debt bought on the venue", async () => {
    const kaminoUsdc = product.bank("USDC", "kamino");
    const marginfiAccount = await kaminoBorrower(kaminoUsdc);
    const before = await riskOf(marginfiAccount);
    const receiver = Keypair.generate();
    await product.faucet.fund(receiver.publicKey.toBase58());
    const result = await receivershipLiquidationAction({
      ...contextFor(receiver, await product.market()),
      liquidateeAccount: marginfiAccount,
      liquidatee: await accountData(marginfiAccount),
      assetBank: kaminoUsdc,
      liabilityBank: sol,
      swap: { client: new SwapClient(swapApiUrl(product.server.url)), slippageBps: 100 },
    });
    const landed = await product.connection.getTransaction(result.signatures.at(-1)!, {
      maxSupportedTransactionVersion: 0,
      commitment: "confirmed",
    });
    expect(landed?.meta?.err).toBeNull();
    const after = await riskOf(marginfiAccount);
    expect(fx.cmp(maintenanceHealth(after)!, maintenanceHealth(before)!)).toBeGreaterThanOrEqual(0);
    const owed = (r: typeof after) => r.positions.find((p) => p.side === "liabilities")!.amount;
    expect(fx.cmp(owed(after), owed(before))).toBe(-1);
  });
});

describe("bankruptcy", () => {
  it("SOL at a cent leaves $0.02 of collateral: the admin settles the USDC bad debt and the account is disabled", async () => {
    const borrower = await underwaterBorrower();
    await setPrices({ SOL: "0.01" });
    const market = await product.market();
    const account = await accountData(borrower.account);
    expect(isBankrupt(accountRisk(account.lendingAccount.balances, market.banks))).toBe(true);
    const shareValueBefore = market.banks.get(usdc)!.bank.assetShareValue;

    await handleBankruptcyAction({ ...contextFor(product.admin, market), marginfiAccount: borrower.account, account });

    const disabled = await accountData(borrower.account);
    expect(disabled.accountFlags & AccountFlags.ACCOUNT_DISABLED).toBe(AccountFlags.ACCOUNT_DISABLED);
    const debt = disabled.lendingAccount.balances.find((b) => b.active && b.bankPk === usdc)!;
    expect(fx.cmp(debt.liabilityShares, fx.ONE)).toBe(-1);
    // What insurance did not cover is socialised: USDC depositors' share value falls.
    expect(fx.cmp((await product.market()).banks.get(usdc)!.bank.assetShareValue, shareValueBefore)).toBeLessThanOrEqual(0);
  });
});
