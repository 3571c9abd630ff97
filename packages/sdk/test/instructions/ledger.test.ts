// The builders against the real program on a ledger, sent with plain web3.js: a lender and a borrower each create
// their margin account with their first deposit; the borrower deposits native SOL (wrapped on the way), borrows USDC
// against it with risk accounts packed by the SDK, repays all, withdraws all (unwrapped on the way out) and closes
// the account. Token and lamport balances are checked to the native unit at every step.
import { NATIVE_MINT, getAccount } from "@solana/spl-token";
import { Keypair, PublicKey, Transaction, sendAndConfirmTransaction, type Signer, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARGINFI_ACCOUNT_SIZE, decodeBank, decodeMarginfiAccount, type Bank, type MarginfiAccount } from "@ballast/protocol";
import { TestMarket, type TestBank } from "../../../protocol/test/support/market.js";
import {
  associatedTokenAddress,
  borrowFlowInstructions,
  borrowRiskAccounts,
  closeAccountInstruction,
  depositFlowInstructions,
  repayFlowInstructions,
  withdrawFlowInstructions,
  withdrawRiskAccounts,
} from "../../src/index.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const TOKEN_ACCOUNT_SIZE = 165;

let market: TestMarket;
let usdc: TestBank;
let sol: TestBank;

beforeAll(async () => {
  market = await TestMarket.start();
  usdc = await market.addBank(6, { kind: "pyth", price: 1 });
  sol = await market.addBank(9, { kind: "pyth", price: 150 }, {}, { mint: NATIVE_MINT });
});

afterAll(async () => {
  await market?.close();
});

/** Sends in a fresh slot at the market's (fixed) time and returns the fee paid. */
async function send(instructions: TransactionInstruction[], signers: Signer[]): Promise<bigint> {
  market.ledger.warpToTime(market.now());
  const signature = await sendAndConfirmTransaction(market.connection, new Transaction().add(...instructions), signers, {
    commitment: "confirmed",
  });
  const landed = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return BigInt(landed!.meta!.fee);
}

const lamports = async (key: PublicKey) => BigInt(await market.connection.getBalance(key, "confirmed"));
const tokens = async (key: PublicKey) => (await getAccount(market.connection, key, "confirmed")).amount;
const rent = async (size: number) => BigInt(await market.connection.getMinimumBalanceForRentExemption(size));
const marginAccount = async (key: PublicKey): Promise<MarginfiAccount> =>
  decodeMarginfiAccount((await market.connection.getAccountInfo(key, "confirmed"))!.data);

async function banks(): Promise<Map<string, Bank>> {
  const out = new Map<string, Bank>();
  for (const bank of [usdc, sol]) out.set(bank.key.toBase58(), decodeBank((await market.connection.getAccountInfo(bank.key))!.data));
  return out;
}

const activeBanks = (account: MarginfiAccount) => account.lendingAccount.balances.filter((b) => b.active !== 0).map((b) => b.bankPk);

describe("lending with the SDK builders on a ledger", () => {
  const lender = Keypair.generate();
  const lenderAccount = Keypair.generate();
  const borrower = Keypair.generate();
  const borrowerAccount = Keypair.generate();
  const deposit = 2n * SOL;
  const borrowed = 100n * USDC;

  it("lender: creates the margin account with the first deposit, in one transaction", async () => {
    await market.airdrop(lender.publicKey, 10n * SOL);
    const source = await market.fund(lender, usdc, 1_000n * USDC);
    const ixs = depositFlowInstructions({
      group: market.group,
      marginfiAccount: lenderAccount.publicKey,
      authority: lender.publicKey,
      bank: usdc.key,
      mint: usdc.mint,
      amount: 1_000n * USDC,
      newAccount: "keypair",
    });
    await send(ixs, [lender, lenderAccount]);
    expect(await tokens(source)).toBe(0n);
    expect(await tokens(usdc.vaults.liquidity)).toBe(1_000n * USDC);
    expect(activeBanks(await marginAccount(lenderAccount.publicKey))).toEqual([usdc.key.toBase58()]);
  });

  let lamportsBefore: bigint;
  let feesPaid = 0n;
  const wsol = () => associatedTokenAddress(NATIVE_MINT, borrower.publicKey);

  it("borrower: creates the account and deposits native SOL, wrapped with the 10,000-lamport buffer", async () => {
    await market.airdrop(borrower.publicKey, 10n * SOL);
    lamportsBefore = await lamports(borrower.publicKey);
    const ixs = depositFlowInstructions({
      group: market.group,
      marginfiAccount: borrowerAccount.publicKey,
      authority: borrower.publicKey,
      bank: sol.key,
      mint: NATIVE_MINT,
      amount: deposit,
      newAccount: "keypair",
    });
    feesPaid += await send(ixs, [borrower, borrowerAccount]);

    const accountRent = await rent(8 + MARGINFI_ACCOUNT_SIZE);
    const tokenRent = await rent(TOKEN_ACCOUNT_SIZE);
    expect(await tokens(sol.vaults.liquidity)).toBe(deposit);
    expect(await tokens(wsol())).toBe(10_000n);
    expect(await lamports(wsol())).toBe(tokenRent + 10_000n);
    expect(await lamports(borrowerAccount.publicKey)).toBe(accountRent);
    expect(await lamports(borrower.publicKey)).toBe(lamportsBefore - feesPaid - accountRent - tokenRent - deposit - 10_000n);
    expect(activeBanks(await marginAccount(borrowerAccount.publicKey))).toEqual([sol.key.toBase58()]);
  });

  it("borrows USDC with risk accounts packed from the decoded account and banks", async () => {
    const account = await marginAccount(borrowerAccount.publicKey);
    const riskAccounts = borrowRiskAccounts(account, await banks(), usdc.key);
    // Both banks, bank key descending, each followed by its Pyth feed.
    const [first, second] = [usdc, sol].sort((a, b) => Buffer.compare(b.key.toBuffer(), a.key.toBuffer()));
    expect(riskAccounts.map((m) => m.pubkey.toBase58())).toEqual(
      [first!.key, first!.oracle!, second!.key, second!.oracle!].map((k) => k.toBase58()),
    );

    const before = await lamports(borrower.publicKey);
    const fee = await send(
      borrowFlowInstructions({
        group: market.group,
        marginfiAccount: borrowerAccount.publicKey,
        authority: borrower.publicKey,
        bank: usdc.key,
        mint: usdc.mint,
        amount: borrowed,
        riskAccounts,
      }),
      [borrower],
    );
    feesPaid += fee;
    const usdcAccount = associatedTokenAddress(usdc.mint, borrower.publicKey);
    expect(await tokens(usdcAccount)).toBe(borrowed);
    expect(await tokens(usdc.vaults.liquidity)).toBe(1_000n * USDC - borrowed);
    expect(await lamports(borrower.publicKey)).toBe(before - fee - (await rent(TOKEN_ACCOUNT_SIZE)));
    expect(activeBanks(await marginAccount(borrowerAccount.publicKey)).sort()).toEqual([usdc.key.toBase58(), sol.key.toBase58()].sort());
  });

  it("repays all: the whole debt, and the balance closes", async () => {
    feesPaid += await send(
      repayFlowInstructions({
        group: market.group,
        marginfiAccount: borrowerAccount.publicKey,
        authority: borrower.publicKey,
        bank: usdc.key,
        mint: usdc.mint,
        amount: borrowed,
        repayAll: true,
      }),
      [borrower],
    );
    expect(await tokens(associatedTokenAddress(usdc.mint, borrower.publicKey))).toBe(0n);
    expect(await tokens(usdc.vaults.liquidity)).toBe(1_000n * USDC);
    expect(activeBanks(await marginAccount(borrowerAccount.publicKey))).toEqual([sol.key.toBase58()]);
  });

  it("withdraws all SOL and receives it unwrapped, with the wrapping buffer and the token account's rent", async () => {
    const account = await marginAccount(borrowerAccount.publicKey);
    const riskAccounts = withdrawRiskAccounts(account, await banks(), sol.key, { withdrawAll: true });
    expect(riskAccounts).toEqual([]);
    const before = await lamports(borrower.publicKey);
    const fee = await send(
      withdrawFlowInstructions({
        group: market.group,
        marginfiAccount: borrowerAccount.publicKey,
        authority: borrower.publicKey,
        bank: sol.key,
        mint: NATIVE_MINT,
        amount: 0n,
        withdrawAll: true,
        riskAccounts,
      }),
      [borrower],
    );
    feesPaid += fee;
    expect(await tokens(sol.vaults.liquidity)).toBe(0n);
    expect(await market.connection.getAccountInfo(wsol(), "confirmed")).toBeNull();
    expect(await lamports(borrower.publicKey)).toBe(before - fee + deposit + 10_000n + (await rent(TOKEN_ACCOUNT_SIZE)));
    expect(activeBanks(await marginAccount(borrowerAccount.publicKey))).toEqual([]);
  });

  it("closes the account: the borrower is down exactly the fees and the USDC account's rent", async () => {
    feesPaid += await send(
      [closeAccountInstruction({ marginfiAccount: borrowerAccount.publicKey, authority: borrower.publicKey })],
      [borrower],
    );
    expect(await market.connection.getAccountInfo(borrowerAccount.publicKey, "confirmed")).toBeNull();
    expect(await lamports(borrower.publicKey)).toBe(lamportsBefore - feesPaid - (await rent(TOKEN_ACCOUNT_SIZE)));
  });
});
