// The box's swap modes: repaying a debt with one of the account's deposits, and withdrawing a deposit as another
// token. Which deposits can pay, which tokens a withdrawal can arrive as, what stops the repay, and the toast's step;
// the flows themselves (quote, flash loan, preview) are the SDK's.
import {
  actionRefusalMessage,
  bankActionRefusal,
  ceilNative,
  floorNative,
  maxRepay,
  validateAction,
  positionUsdValue,
  toNumber,
  type AccountRisk,
  type BalanceLike,
  type Market,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import type { MarginfiAccount } from "@ballast/protocol";
import { formatTokenAmount } from "../../format/index.js";
import type { SwapFlowInputs } from "../swap/index.js";
import { closesPosition, positionIn } from "./model.js";

/** Where a repayment comes from: the wallet's tokens, or a deposit withdrawn and swapped in one transaction. */
export type RepaySource = "wallet" | "collateral";

/** What the box asks the SDK to plan: the swap flows it offers, from the form's choices. */
export type SwapFlowRequest =
  | { readonly kind: "repayWithCollateral"; readonly collateralBank: string; readonly amount: bigint; readonly repayAll: boolean }
  | { readonly kind: "withdrawAndSwap"; readonly outputMint: string; readonly amount: bigint; readonly withdrawAll: boolean };

/** The selected account as the SDK's actions take it. */
export interface ChainAccount {
  readonly address: string;
  readonly data: MarginfiAccount;
}

/** The SDK's inputs of a flow on the account: the request, the account and the box's bank. */
export function flowInputs(account: ChainAccount, bank: string, request: SwapFlowRequest): SwapFlowInputs[SwapFlowRequest["kind"]] {
  const owner = { marginfiAccount: new PublicKey(account.address), account: account.data };
  return request.kind === "repayWithCollateral"
    ? { ...owner, collateralBank: request.collateralBank, debtBank: bank, amount: request.amount, repayAll: request.repayAll }
    : { ...owner, bank, amount: request.amount, withdrawAll: request.withdrawAll, outputMint: request.outputMint };
}

/** The request as a key: equal for the same flow, bank or token, amount and all-or-part. */
export function swapFlowKey(request: SwapFlowRequest): string {
  return request.kind === "repayWithCollateral"
    ? `${request.kind}:${request.collateralBank}:${request.amount}:${request.repayAll}`
    : `${request.kind}:${request.outputMint}:${request.amount}:${request.withdrawAll}`;
}

/** A deposit that can pay for a debt. */
export interface CollateralChoice {
  readonly bank: PricedBank;
  /** Whole native units held. */
  readonly amount: bigint;
  /** USD at the unbiased real-time price (display only). */
  readonly usdValue: number;
}

/**
 * The account's deposits that can repay `debtBank`'s debt, largest first: priced (the swap is sized by price),
 * worth at least a native unit, of another token than the debt's, in a bank that lets withdrawals out.
 */
export function collateralChoices(account: AccountRisk, debtBank: PricedBank): CollateralChoice[] {
  const choices: CollateralChoice[] = [];
  for (const position of account.positions) {
    // A deposit of the debt's own token has nothing to swap (another bank of it included); a paused bank lets none out.
    if (position.side !== "assets" || position.bank.bank.mint === debtBank.bank.mint) continue;
    if (bankActionRefusal(position.bank.bank, "withdraw") !== null) continue;
    const usd = positionUsdValue(position);
    const amount = floorNative(position.amount);
    if (usd === null || amount === 0n) continue;
    choices.push({ bank: position.bank, amount, usdValue: toNumber(usd) });
  }
  return choices.sort((a, b) => b.usdValue - a.usdValue);
}

/** A token a swap flow sells or buys (a withdrawal can arrive as any of the market's). */
export interface FlowToken {
  readonly mint: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** A bank's token as the swap flows name it. */
export function flowToken(bank: PricedBank, symbolOf: (bank: PricedBank) => string): FlowToken {
  return { mint: bank.bank.mint, symbol: symbolOf(bank), decimals: bank.decimals };
}

/** The tokens of the market's banks, each once, the withdrawn bank's own first (a plain withdraw), then by symbol. */
export function withdrawAsTokens(market: Market, bank: PricedBank, symbolOf: (bank: PricedBank) => string): FlowToken[] {
  const others = new Map<string, FlowToken>();
  for (const other of market.banks.values()) {
    const mint = other.bank.mint;
    if (mint === bank.bank.mint || others.has(mint)) continue;
    others.set(mint, flowToken(other, symbolOf));
  }
  return [flowToken(bank, symbolOf), ...[...others.values()].sort((a, b) => a.symbol.localeCompare(b.symbol))];
}

export const COLLATERAL_REPAY_MESSAGES = {
  noCollateral: (symbol: string) => `No priced deposit on this account can pay for the ${symbol} debt`,
  walletCovers: (symbol: string) => `Your wallet holds enough ${symbol}: you can repay from the wallet without using collateral`,
} as const;

export interface CollateralRepayInput {
  readonly account: AccountRisk;
  /** The account's slots; null without an account. */
  readonly balances: readonly BalanceLike[] | null;
  readonly debtBank: PricedBank;
  readonly symbol: string;
  /** Symbols of the market's other banks, for messages naming them. */
  readonly symbolOf: (bank: PricedBank) => string;
  readonly choices: readonly CollateralChoice[];
  /** Native units of the debt token. */
  readonly amount: bigint;
}

/**
 * Reasons repaying `amount` of the debt with collateral cannot go ahead, most fundamental first (the SDK's repay
 * checks of the bank and the debt, then a deposit to pay with, then at most the debt); empty when it can.
 */
export function collateralRepayErrors(input: CollateralRepayInput): string[] {
  const { account, balances, debtBank, symbol, choices, amount } = input;
  const wording = {
    symbolOf: (bank: PricedBank) => (bank.address === debtBank.address ? symbol : input.symbolOf(bank)),
    formatAmount: (native: bigint, bank: PricedBank) => formatTokenAmount(native, bank.decimals, { maxFractionDigits: bank.decimals }),
  };
  // The wallet pays nothing here: the amount's only bound is the debt, checked below.
  const refusal = validateAction("repay", { bank: debtBank, account: balances ? { risk: account, balances } : null });
  if (refusal) return [actionRefusalMessage(refusal, wording)];
  if (choices.length === 0) return [COLLATERAL_REPAY_MESSAGES.noCollateral(symbol)];
  const owed = debtOf(account, debtBank);
  if (amount > owed) return [actionRefusalMessage({ code: "ABOVE_MAX", action: "repay", bank: debtBank, max: owed }, wording)];
  return [];
}

/** Whether the wallet alone could repay `amount` of the debt (the box then says so). */
export function walletCoversRepay(account: AccountRisk, debtBank: PricedBank, wallet: WalletFunds | null, amount: bigint): boolean {
  return wallet !== null && amount > 0n && maxRepay(account, debtBank, wallet) >= amount;
}

/** The debt in whole native units, rounded up (what repaying all of it costs); 0 without one. */
export function debtOf(account: AccountRisk, debtBank: PricedBank): bigint {
  const debt = positionIn(account, debtBank);
  return debt?.side === "liabilities" ? ceilNative(debt.amount) : 0n;
}

/** Whether `amount` closes the debt: the program then repays all of it, accrued interest included. */
export function repaysAll(account: AccountRisk, debtBank: PricedBank, amount: bigint): boolean {
  return closesPosition(positionIn(account, debtBank), "repay", amount);
}

function amountText(amount: bigint, all: boolean, symbol: string, decimals: number): string {
  return all ? `all ${symbol}` : `${formatTokenAmount(amount, decimals, { maxFractionDigits: decimals })} ${symbol}`;
}

/** The toast's one step: "Repay 10 USDC with SOL", "Repay all USDC with SOL". */
export function collateralRepayStep(amount: bigint, all: boolean, debt: FlowToken, collateralSymbol: string): string {
  return `Repay ${amountText(amount, all, debt.symbol, debt.decimals)} with ${collateralSymbol}`;
}

/** The toast's one step: "Withdraw 1.5 SOL as USDC", "Withdraw all SOL as USDC". */
export function withdrawAsStep(amount: bigint, all: boolean, deposit: FlowToken, outputSymbol: string): string {
  return `Withdraw ${amountText(amount, all, deposit.symbol, deposit.decimals)} as ${outputSymbol}`;
}
