// The lending legs of a swap flow, between the wallet's associated token accounts and the banks: each leg moves
// tokens without wrapping or unwrapping SOL (the swap reads and writes the wrapped-SOL account), and a Kamino-backed
// bank goes through the market with its reserve refreshed earlier in the transaction.
import { PublicKey, type AccountMeta, type TransactionInstruction } from "@solana/web3.js";
import { NATIVE_MINT } from "@solana/spl-token";
import type { Bank } from "@ballast/protocol";
import { lendingMarketAuthority } from "@ballast/market";
import { depositInstruction, borrowInstruction, repayInstruction, withdrawInstruction } from "../../instructions/lending.js";
import { kaminoDepositInstruction, kaminoWithdrawInstruction } from "../../instructions/kamino.js";
import { type ReserveRefreshOptions, kaminoObligationRefresh, kaminoReserveRefreshes } from "../../instructions/kamino-refresh.js";
import { associatedTokenAddress, createAssociatedTokenAccountInstruction, unwrapSolInstruction } from "../../instructions/tokens.js";
import { kaminoCollateralForTokens } from "../../math/kamino.js";
import { fetchKaminoReserves, isKaminoBank, type KaminoReserveLookup } from "../../state/kamino-reserves.js";
import { walletKey } from "../wallet.js";
import { pricedBank, type SwapFlowContext } from "./plan.js";
import { BallastSdkError } from "../../errors.js";

/**
 * Spec 000 §9: in swap flows a third-party-market withdraw asks for 1.0001 × the tokens the swap needs, so the
 * market's rounding of collateral to liquidity still leaves the swap its full input.
 */
export const KAMINO_SWAP_WITHDRAW_SCALE = { numerator: 10_001n, denominator: 10_000n } as const;

/** What the legs read of a flow's context: a receivership without a swap venue uses them too. */
export type LegMarket = Pick<SwapFlowContext, "connection" | "market" | "wallet" | "programId">;

export interface LegContext extends LegMarket {
  marginfiAccount: PublicKey;
  /** The reserves behind the Kamino banks the transaction touches. */
  reserves: KaminoReserveLookup;
}

function bankData(p: LegMarket, address: string): Bank {
  return pricedBank(p.market, address).bank;
}

/** The wallet's associated token account of the bank's mint. */
export function walletTokenAccount(p: LegMarket, bank: string): PublicKey {
  return associatedTokenAddress(new PublicKey(bankData(p, bank).mint), walletKey(p.wallet));
}

function balanceAccounts(p: LegContext, bank: string) {
  const data = bankData(p, bank);
  return {
    group: new PublicKey(data.group),
    marginfiAccount: p.marginfiAccount,
    authority: walletKey(p.wallet),
    bank: new PublicKey(bank),
    mint: new PublicKey(data.mint),
    programId: p.programId,
  };
}

function kaminoAccounts(p: LegContext, bank: Bank) {
  const reserve = p.reserves.get(bank.integrationAcc1);
  if (reserve === undefined) throw new BallastSdkError("KAMINO_RESERVE_NOT_LOADED", { reserve: bank.integrationAcc1 });
  return { bankData: bank, reserve, lendingMarketAuthority: lendingMarketAuthority(reserve.lendingMarket) };
}

/** Creates the wallet's token account of the bank's mint unless it exists (idempotent). */
export function openTokenAccount(p: LegMarket, bank: string): TransactionInstruction {
  return createAssociatedTokenAccountInstruction({ owner: walletKey(p.wallet), mint: new PublicKey(bankData(p, bank).mint) });
}

/** The bank's mint, base58. */
export function bankMint(p: LegMarket, bank: string): string {
  return bankData(p, bank).mint;
}

/** Closes the wallet's wrapped-SOL account, paying its lamports out as SOL, when one of the flow's mints is SOL. */
export function unwrapIfSol(p: LegMarket, mints: readonly string[]): TransactionInstruction[] {
  return mints.includes(NATIVE_MINT.toBase58()) ? [unwrapSolInstruction(walletKey(p.wallet))] : [];
}

export function depositLeg(p: LegContext, bank: string, amount: bigint): TransactionInstruction {
  const accounts = balanceAccounts(p, bank);
  const signerTokenAccount = walletTokenAccount(p, bank);
  const data = bankData(p, bank);
  if (isKaminoBank(data)) return kaminoDepositInstruction({ ...accounts, ...kaminoAccounts(p, data), signerTokenAccount, amount });
  return depositInstruction({ ...accounts, signerTokenAccount, amount });
}

export function borrowLeg(p: LegContext, bank: string, amount: bigint, riskAccounts: readonly AccountMeta[]): TransactionInstruction {
  return borrowInstruction({ ...balanceAccounts(p, bank), destinationTokenAccount: walletTokenAccount(p, bank), amount, riskAccounts });
}

export function repayLeg(p: LegContext, bank: string, amount: bigint, repayAll: boolean): TransactionInstruction {
  return repayInstruction({ ...balanceAccounts(p, bank), signerTokenAccount: walletTokenAccount(p, bank), amount, repayAll });
}

/** Withdraws `amount` tokens (or everything) into the wallet; from a Kamino bank, 1.0001 × `amount` in collateral. */
export function withdrawLeg(
  p: LegContext,
  bank: string,
  amount: bigint,
  withdrawAll: boolean,
  riskAccounts: readonly AccountMeta[],
): TransactionInstruction {
  const accounts = balanceAccounts(p, bank);
  const destinationTokenAccount = walletTokenAccount(p, bank);
  const data = bankData(p, bank);
  if (!isKaminoBank(data)) return withdrawInstruction({ ...accounts, destinationTokenAccount, amount, withdrawAll, riskAccounts });
  const market = kaminoAccounts(p, data);
  const scaled = (amount * KAMINO_SWAP_WITHDRAW_SCALE.numerator) / KAMINO_SWAP_WITHDRAW_SCALE.denominator;
  const collateral = withdrawAll ? 0n : kaminoCollateralForTokens(market.reserve, scaled);
  return kaminoWithdrawInstruction({ ...accounts, ...market, destinationTokenAccount, collateral, withdrawAll, riskAccounts });
}

/**
 * The market refreshes a transaction needs first: every reserve behind a Kamino bank among `priced` (the account's
 * banks, which its health check prices), then the obligation of each Kamino bank among `acted` (deposited into or
 * withdrawn from). Also returns the reserves, for the legs.
 */
export async function marketRefreshes(
  p: LegMarket,
  priced: readonly string[],
  acted: readonly string[],
  options: ReserveRefreshOptions = {},
): Promise<{ reserves: KaminoReserveLookup; refreshes: TransactionInstruction[] }> {
  const banks = [...new Set([...priced, ...acted])].map((address) => bankData(p, address));
  const reserves = await fetchKaminoReserves(p.connection, banks);
  const refreshes = kaminoReserveRefreshes(banks, reserves, options);
  for (const address of new Set(acted)) {
    const bank = bankData(p, address);
    if (isKaminoBank(bank)) refreshes.push(kaminoObligationRefresh(bank, reserves));
  }
  return { reserves, refreshes };
}
