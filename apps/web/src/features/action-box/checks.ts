// What stands between the entered amount and a transaction the program accepts (reference §3.10), as messages shown
// above the button: errors block sending, info lines explain (e-mode impact, first-deposit account creation). The
// checks themselves are the SDK's validators; this names banks by symbol and amounts as the app formats them.
import {
  EmodeImpactStatus,
  actionRefusalMessage,
  validateAction,
  type AccountRisk,
  type BalanceLike,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { formatTokenAmount } from "../../format/index.js";
import type { ActionType } from "./context.js";

export interface ActionMessage {
  readonly tone: "error" | "warning" | "info";
  readonly text: string;
}

export const MESSAGES = {
  accountCreated: "User account will be automatically created on first deposit",
  accountRent: (sol: string) => `Opening it holds ${sol} SOL as rent, returned to your wallet if you close the account`,
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
  const refusal = validateAction(action, {
    bank,
    account: balances ? { risk: account, balances } : null,
    amount: { amount, max, wallet },
  });
  if (!refusal) return [];
  const symbolOf = (named: PricedBank) => (named.address === bank.address ? symbol : input.symbolOf(named));
  const formatAmount = (native: bigint, named: PricedBank) =>
    formatTokenAmount(native, named.decimals, { maxFractionDigits: named.decimals });
  return [actionRefusalMessage(refusal, { symbolOf, formatAmount })];
}
