// Why an action is refused before it is sent: one code per reason, with the banks and amounts its message names, and
// one table wording them as the web app shows them. Callers name banks their own way (a token symbol in the app, the
// address elsewhere) and format amounts their own way.
import type { BankAction } from "../math/bank-state.js";
import type { PricedBank } from "../math/priced-bank.js";

export type ActionRefusalCode =
  | "WALLET_NOT_CONNECTED"
  | "BANK_PAUSED"
  | "BANK_REDUCE_ONLY"
  | "BANK_KILLED_BY_BANKRUPTCY"
  | "ACTION_NOT_OFFERED"
  | "REPAY_FIRST"
  | "WITHDRAW_FIRST"
  | "NO_ACCOUNT"
  | "ISOLATED_DEBT"
  | "ISOLATED_BANK"
  | "DEPOSIT_LIMIT"
  | "BORROW_LIMIT"
  | "INSUFFICIENT_COLLATERAL"
  | "NO_DEPOSIT"
  | "NO_DEBT"
  | "INSUFFICIENT_WALLET"
  | "NO_INACTIVE_BALANCE"
  | "ABOVE_MAX";

export interface ActionRefusal {
  readonly code: ActionRefusalCode;
  readonly action: BankAction;
  /** The bank acted on. */
  readonly bank: PricedBank;
  /** ISOLATED_DEBT: the isolated bank the account already borrows from. */
  readonly debtBank?: PricedBank;
  /** ABOVE_MAX: the most the action takes, in native units. */
  readonly max?: bigint;
}

/** How a caller names what a refusal's message mentions. */
export interface RefusalWording {
  readonly symbolOf: (bank: PricedBank) => string;
  /** Native units of the bank's token as the caller shows them. */
  readonly formatAmount: (amount: bigint, bank: PricedBank) => string;
}

/** Banks by address and amounts in native units: for callers without token symbols (logs, the SDK's own errors). */
export const ADDRESS_WORDING: RefusalWording = {
  symbolOf: (bank) => bank.address,
  formatAmount: (amount) => amount.toString(),
};

type Wordings = { readonly [C in ActionRefusalCode]: (refusal: ActionRefusal, symbol: string, wording: RefusalWording) => string };

const REFUSAL_MESSAGES: Wordings = {
  WALLET_NOT_CONNECTED: () => "Wallet not connected",
  BANK_PAUSED: (_, symbol) => `The ${symbol} bank is paused`,
  BANK_REDUCE_ONLY: (_, symbol) => `The ${symbol} bank is reduce-only: deposits and borrows are closed`,
  BANK_KILLED_BY_BANKRUPTCY: (_, symbol) =>
    `The ${symbol} bank was shut down by a bankruptcy: it takes no deposits, withdrawals, borrows or repayments`,
  ACTION_NOT_OFFERED: (r, symbol) => `The ${symbol} bank does not offer to ${r.action}`,
  REPAY_FIRST: (_, symbol) => `You are borrowing ${symbol}: repay it before depositing`,
  WITHDRAW_FIRST: (_, symbol) => `You are lending ${symbol}: withdraw it before borrowing`,
  NO_ACCOUNT: () => "Deposit collateral before borrowing",
  ISOLATED_DEBT: (r, symbol, wording) =>
    `You are borrowing ${r.debtBank ? wording.symbolOf(r.debtBank) : symbol}, an isolated asset that cannot be borrowed together with other liabilities`,
  ISOLATED_BANK: (_, symbol) => `${symbol} is an isolated asset and cannot be borrowed together with other liabilities`,
  DEPOSIT_LIMIT: (_, symbol) => `The ${symbol} bank has reached its deposit limit`,
  BORROW_LIMIT: (_, symbol) => `The ${symbol} bank has reached its borrow limit`,
  INSUFFICIENT_COLLATERAL: () => "Insufficient collateral: deposit funds first",
  NO_DEPOSIT: (_, symbol) => `You have no ${symbol} deposit to withdraw`,
  NO_DEBT: (_, symbol) => `You have no ${symbol} debt to repay`,
  INSUFFICIENT_WALLET: (_, symbol) => `Insufficient ${symbol} in wallet`,
  NO_INACTIVE_BALANCE: () => "No inactive balance found",
  ABOVE_MAX: (r, symbol, wording) => `Amount exceeds the maximum of ${wording.formatAmount(r.max ?? 0n, r.bank)} ${symbol}`,
};

/** The refusal as a sentence, in the caller's wording. */
export function actionRefusalMessage(refusal: ActionRefusal, wording: RefusalWording = ADDRESS_WORDING): string {
  return REFUSAL_MESSAGES[refusal.code](refusal, wording.symbolOf(refusal.bank), wording);
}
