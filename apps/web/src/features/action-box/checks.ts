// What stands between the entered amount and a transaction the program accepts (reference §3.10), as messages shown
// above the button: errors block sending, info lines explain (e-mode impact, first-deposit account creation).
import { RiskTier } from "@ballast/protocol";
import {
  EmodeImpactStatus,
  bankActionRefusal,
  projectBalances,
  spendableBalance,
  type AccountRisk,
  type BalanceLike,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { formatTokenAmount } from "../../format/index.js";
import type { ActionType } from "./context.js";
import { positionIn } from "./model.js";

export interface ActionMessage {
  readonly tone: "error" | "warning" | "info";
  readonly text: string;
}

export const MESSAGES = {
  walletNotConnected: "Wallet not connected",
  noInactiveBalance: "No inactive balance found",
  accountCreated: "User account will be automatically created on first deposit",
  paused: (symbol: string) => `The ${symbol} bank is paused`,
  reduceOnly: (symbol: string) => `The ${symbol} bank is reduce-only: deposits and borrows are closed`,
  killed: (symbol: string) => `The ${symbol} bank was shut down by a bankruptcy: it takes no deposits, withdrawals, borrows or repayments`,
  notOffered: (symbol: string, action: ActionType) => `The ${symbol} bank does not offer to ${action}`,
  repayFirst: (symbol: string) => `You are borrowing ${symbol}: repay it before depositing`,
  withdrawFirst: (symbol: string) => `You are lending ${symbol}: withdraw it before borrowing`,
  depositFirst: "Deposit collateral before borrowing",
  insufficientCollateral: "Insufficient collateral: deposit funds first",
  isolatedBank: (symbol: string) => `${symbol} is an isolated asset and cannot be borrowed together with other liabilities`,
  isolatedDebt: (symbol: string) =>
    `You are borrowing ${symbol}, an isolated asset that cannot be borrowed together with other liabilities`,
  depositLimit: (symbol: string) => `The ${symbol} bank has reached its deposit limit`,
  borrowLimit: (symbol: string) => `The ${symbol} bank has reached its borrow limit`,
  noDeposit: (symbol: string) => `You have no ${symbol} deposit to withdraw`,
  noDebt: (symbol: string) => `You have no ${symbol} debt to repay`,
  insufficientWallet: (symbol: string) => `Insufficient ${symbol} in wallet`,
  aboveMax: (max: string, symbol: string) => `Amount exceeds the maximum of ${max} ${symbol}`,
} as const;

/** The e-mode impact lines (reference §3.9): increases are info, losses are warnings; no line while e-mode stays off. */
export const EMODE_MESSAGES: Record<EmodeImpactStatus, ActionMessage | null> = {
  [EmodeImpactStatus.ActivateEmode]: { tone: "info", text: "This action will activate e-mode on your account" },
  [EmodeImpactStatus.ExtendEmode]: { tone: "info", text: "This action will keep e-mode active on your account" },
  [EmodeImpactStatus.IncreaseEmode]: { tone: "info", text: "This action will increase your e-mode advantage" },
  [EmodeImpactStatus.ReduceEmode]: { tone: "warning", text: "This action will reduce your e-mode advantage" },
  [EmodeImpactStatus.RemoveEmode]: {
    tone: "warning",
    text: "This action will disable e-mode on your account and reset boosted weights",
  },
  [EmodeImpactStatus.InactiveEmode]: null,
};

export interface CheckInput {
  readonly action: ActionType;
  readonly bank: PricedBank;
  readonly symbol: string;
  /** Symbols of the market's other banks, for messages naming them. */
  readonly symbolOf: (bank: PricedBank) => string;
  readonly account: AccountRisk;
  /** The account's slots; null without an account. */
  readonly balances: readonly BalanceLike[] | null;
  /** null while no wallet is connected. */
  readonly wallet: WalletFunds | null;
  readonly amount: bigint;
  readonly max: bigint;
}

/** Reasons the action cannot go ahead, most fundamental first; empty when it can. */
export function actionErrors(input: CheckInput): string[] {
  const { action, bank, symbol, account, balances, wallet, amount, max } = input;
  if (!wallet) return [MESSAGES.walletNotConnected];
  switch (bankActionRefusal(bank.bank, action)) {
    case "paused":
      return [MESSAGES.paused(symbol)];
    case "reduce-only":
      return [MESSAGES.reduceOnly(symbol)];
    case "killed-by-bankruptcy":
      return [MESSAGES.killed(symbol)];
    case "not-offered":
      return [MESSAGES.notOffered(symbol, action)];
    case null:
      break;
  }
  const addsRisk = action === "deposit" || action === "borrow";

  const position = positionIn(account, bank);
  const debts = account.positions.filter((p) => p.side === "liabilities" && p.bank !== bank);
  switch (action) {
    case "deposit":
      if (position?.side === "liabilities") return [MESSAGES.repayFirst(symbol)];
      if (bank.depositCapacity === 0n) return [MESSAGES.depositLimit(symbol)];
      if (spendableBalance(bank, wallet) === 0n) return [MESSAGES.insufficientWallet(symbol)];
      break;
    case "borrow": {
      if (!balances) return [MESSAGES.depositFirst];
      if (position?.side === "assets") return [MESSAGES.withdrawFirst(symbol)];
      const isolatedDebt = debts.find((p) => p.bank.bank.config.riskTier === RiskTier.Isolated);
      if (isolatedDebt) return [MESSAGES.isolatedDebt(input.symbolOf(isolatedDebt.bank))];
      if (bank.bank.config.riskTier === RiskTier.Isolated && debts.length > 0) return [MESSAGES.isolatedBank(symbol)];
      if (bank.borrowCapacity === 0n) return [MESSAGES.borrowLimit(symbol)];
      if (account.health.initial.assets <= account.health.initial.liabilities) return [MESSAGES.insufficientCollateral];
      break;
    }
    case "withdraw":
      if (position?.side !== "assets") return [MESSAGES.noDeposit(symbol)];
      break;
    case "repay":
      if (position?.side !== "liabilities") return [MESSAGES.noDebt(symbol)];
      if (max === 0n) return [MESSAGES.insufficientWallet(symbol)];
      break;
  }
  if (addsRisk && balances) {
    try {
      projectBalances(balances, [{ kind: action, bank: bank.address }]);
    } catch (error) {
      return [error instanceof Error ? error.message : MESSAGES.noInactiveBalance];
    }
  }
  if (amount > max) return [MESSAGES.aboveMax(formatTokenAmount(max, bank.decimals, { maxFractionDigits: bank.decimals }), symbol)];
  return [];
}
