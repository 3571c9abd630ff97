// A market for the action tests: a SOL bank on the native mint priced by Pyth at $150 and a USDC bank priced by
// Switchboard at $1 with 10,000 USDC of lender liquidity; plus readers for balances, landed fees and decoded state.
import { NATIVE_MINT, getAccount } from "@solana/spl-token";
import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Keypair,
  TransactionMessage,
  type PublicKey,
  type VersionedTransaction,
} from "@solana/web3.js";
import { expect } from "vitest";
import { MARGINFI_ACCOUNT_SIZE, decodeBank, decodeMarginfiAccount, type Bank, type MarginfiAccount } from "@ballast/protocol";
import { PROGRAM, TestMarket, type TestBank } from "../../../protocol/test/support/market.js";
import type { ActionContext, ActionWallet } from "../../src/actions/index.js";
import { loadMarket, type Market, type MarketConfig } from "../../src/state/market.js";
import type { ProcessTransactionError } from "../../src/transactions/index.js";

export const SOL = 1_000_000_000n;
export const USDC = 1_000_000n;
export const TOKEN_ACCOUNT_SIZE = 165;
export const LENDER_LIQUIDITY = 10_000n * USDC;

export interface ActionMarket {
  market: TestMarket;
  sol: TestBank;
  usdc: TestBank;
  /** The ledger's block-engine bundle API. */
  blockEngineUrl: string;
}

export async function startActionMarket(): Promise<ActionMarket> {
  const market = await TestMarket.start();
  const sol = await market.addBank(9, { kind: "pyth", price: 150 }, {}, { mint: NATIVE_MINT });
  const usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  await market.deposit(await market.newUser(), usdc, LENDER_LIQUIDITY);
  return { market, sol, usdc, blockEngineUrl: `${market.net.rpc.url}/api/v1/bundles` };
}

/** A browser-like wallet that signs one transaction at a time. */
export function browserWallet(keypair: Keypair): ActionWallet {
  return {
    publicKey: keypair.publicKey,
    async signTransaction(transaction: VersionedTransaction) {
      transaction.sign([keypair]);
      return transaction;
    },
  };
}

/** A new wallet holding `sol` SOL. */
export async function fundedWallet(market: TestMarket, sol = 10n): Promise<Keypair> {
  const keypair = Keypair.generate();
  await market.airdrop(keypair.publicKey, sol * SOL);
  return keypair;
}

export function context(market: TestMarket, wallet: ActionWallet, extra: Partial<ActionContext> = {}): ActionContext {
  return { connection: market.connection, wallet, programId: PROGRAM, ...extra };
}

/**
 * Runs an action in a fresh slot: the manual clock otherwise keeps the blockhash, and an action identical to an
 * earlier one would then be the same transaction.
 */
export function act<T>(market: TestMarket, action: () => Promise<T>): Promise<T> {
  market.ledger.warpToTime(market.now());
  return action();
}

/** The action's rejection; its success fails the test. */
export function failure(action: Promise<unknown>): Promise<ProcessTransactionError> {
  return action.then(
    () => expect.fail("the action succeeded"),
    (error: unknown) => error as ProcessTransactionError,
  );
}

export const lamports = async (market: TestMarket, key: PublicKey) => BigInt(await market.connection.getBalance(key, "confirmed"));
export const tokens = async (market: TestMarket, key: PublicKey) => (await getAccount(market.connection, key, "confirmed")).amount;
export const exists = async (market: TestMarket, key: PublicKey) => (await market.connection.getAccountInfo(key, "confirmed")) !== null;
export const rent = async (market: TestMarket, size: number) => BigInt(await market.connection.getMinimumBalanceForRentExemption(size));
export const accountRent = (market: TestMarket) => rent(market, 8 + MARGINFI_ACCOUNT_SIZE);

export async function marginAccount(market: TestMarket, key: PublicKey): Promise<MarginfiAccount> {
  return decodeMarginfiAccount((await market.connection.getAccountInfo(key, "confirmed"))!.data);
}

export const activeBanks = (account: MarginfiAccount) =>
  account.lendingAccount.balances
    .filter((b) => b.active !== 0)
    .map((b) => b.bankPk)
    .sort();

/** Where the test market's lending market lives: its program and group. */
export const lendingMarketConfig = (market: TestMarket): MarketConfig => ({
  programId: PROGRAM.toBase58(),
  group: market.group.toBase58(),
});

/** The test market's lending market as the actions take it: every bank of its group, priced at the ledger's time. */
export function loadLendingMarket(market: TestMarket): Promise<Market> {
  return loadMarket(market.connection, lendingMarketConfig(market));
}

export async function loadBanks(market: TestMarket, banks: TestBank[]): Promise<Map<string, Bank>> {
  const loaded = new Map<string, Bank>();
  for (const bank of banks)
    loaded.set(bank.key.toBase58(), decodeBank((await market.connection.getAccountInfo(bank.key, "confirmed"))!.data));
  return loaded;
}

export interface Landed {
  /** Fees of all the signatures, from their transaction metadata. */
  fee: bigint;
  /** Each transaction's compute-unit limit and price. */
  budgets: { limit: number; price: bigint }[];
  signatureCount: number;
  /** Each transaction's instructions' programs, compute budget aside. */
  programs: PublicKey[][];
}

export async function landed(market: TestMarket, signatures: string[]): Promise<Landed> {
  let fee = 0n;
  let signatureCount = 0;
  const budgets: Landed["budgets"] = [];
  const programs: Landed["programs"] = [];
  for (const signature of signatures) {
    const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    fee += BigInt(tx!.meta!.fee);
    signatureCount += tx!.transaction.signatures.length;
    const { instructions } = TransactionMessage.decompile(tx!.transaction.message);
    const budget = instructions.filter((ix) => ix.programId.equals(ComputeBudgetProgram.programId));
    programs.push(instructions.filter((ix) => !budget.includes(ix)).map((ix) => ix.programId));
    budgets.push({
      limit: ComputeBudgetInstruction.decodeSetComputeUnitLimit(budget[0]!).units,
      price: ComputeBudgetInstruction.decodeSetComputeUnitPrice(budget[1]!).microLamports as bigint,
    });
  }
  return { fee, budgets, signatureCount, programs };
}
