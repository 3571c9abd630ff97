// Validate, then act (as Aave v3's ValidationLogic): the checks the lending program makes of a deposit, withdrawal,
// borrow or repayment, run on the client's view first so a refusal is explained before anything is signed. Each
// validator returns the first refusal, most fundamental first, or null. Checks run only on what the caller knows:
// without the account, its positions are left to the program; without an amount, the amount, the wallet, the bank's
// room and the account's free collateral are.
import { RiskTier } from "@ballast/protocol";
import { isBallastSdkError } from "../errors.js";
import { projectBalances } from "../math/balance-projection.js";
import { bankActionRefusal, type BankAction, type BankActionRefusal } from "../math/bank-state.js";
import { accountRisk, type AccountRisk, type BalanceLike, type Position } from "../math/health.js";
import { spendableBalance, type WalletFunds } from "../math/max-amounts.js";
import type { PricedBank } from "../math/priced-bank.js";
import type { ActionRefusal, ActionRefusalCode } from "./refusals.js";

/** An account as the validators read it: its positions and health under the market, and its balance slots. */
export interface ValidatedAccount {
  readonly risk: AccountRisk;
  readonly balances: readonly BalanceLike[];
}

/** The amount side of an action: what is entered, the SDK's max for it (accountMaxAmounts) and the wallet's funds. */
export interface ValidatedAmount {
  /** Native units. */
  readonly amount: bigint;
  readonly max: bigint;
  /** null while no wallet is connected. */
  readonly wallet: WalletFunds | null;
}

export interface ActionValidationInput {
  readonly bank: PricedBank;
  /** null before a first deposit creates the account; omitted, the account's checks are left to the program. */
  readonly account?: ValidatedAccount | null;
  /** Omitted, the amount's checks are left to the program. */
  readonly amount?: ValidatedAmount;
}

const NO_ACCOUNT: AccountRisk = accountRisk([], new Map());

const BANK_REFUSALS: Record<BankActionRefusal, ActionRefusalCode> = {
  paused: "BANK_PAUSED",
  "reduce-only": "BANK_REDUCE_ONLY",
  "killed-by-bankruptcy": "BANK_KILLED_BY_BANKRUPTCY",
  "not-offered": "ACTION_NOT_OFFERED",
};

/** What every validator checks first: a wallet to act with, then the bank's state (the program's 6016 / 6017 / 6084). */
function commonRefusal(action: BankAction, input: ActionValidationInput): ActionRefusal | null {
  const { bank } = input;
  if (input.amount && input.amount.wallet === null) return { code: "WALLET_NOT_CONNECTED", action, bank };
  const refusal = bankActionRefusal(bank.bank, action);
  return refusal === null ? null : { code: BANK_REFUSALS[refusal], action, bank };
}

function positionIn(risk: AccountRisk, bank: PricedBank): Position | undefined {
  return risk.positions.find((p) => p.bank.address === bank.address);
}

/** A deposit or borrow opening a balance needs a free slot (the program's 6010 otherwise). */
function slotRefusal(action: "deposit" | "borrow", input: ActionValidationInput): ActionRefusal | null {
  if (!input.account) return null;
  try {
    projectBalances(input.account.balances, [{ kind: action, bank: input.bank.address }]);
  } catch (error) {
    if (isBallastSdkError(error, "NO_INACTIVE_BALANCE")) return { code: "NO_INACTIVE_BALANCE", action, bank: input.bank };
    throw error;
  }
  return null;
}

function maxRefusal(action: BankAction, input: ActionValidationInput): ActionRefusal | null {
  const amount = input.amount;
  if (!amount || amount.amount <= amount.max) return null;
  return { code: "ABOVE_MAX", action, bank: input.bank, max: amount.max };
}

export function validateDeposit(input: ActionValidationInput): ActionRefusal | null {
  const common = commonRefusal("deposit", input);
  if (common) return common;
  const { bank, account, amount } = input;
  const refuse = (code: ActionRefusalCode): ActionRefusal => ({ code, action: "deposit", bank });
  if (account && positionIn(account.risk, bank)?.side === "liabilities") return refuse("REPAY_FIRST");
  if (amount?.wallet) {
    if (bank.depositCapacity === 0n) return refuse("DEPOSIT_LIMIT");
    if (spendableBalance(bank, amount.wallet) === 0n) return refuse("INSUFFICIENT_WALLET");
  }
  return slotRefusal("deposit", input) ?? maxRefusal("deposit", input);
}

export function validateBorrow(input: ActionValidationInput): ActionRefusal | null {
  const common = commonRefusal("borrow", input);
  if (common) return common;
  const { bank, account, amount } = input;
  const refuse = (code: ActionRefusalCode, debtBank?: PricedBank): ActionRefusal => ({ code, action: "borrow", bank, debtBank });
  if (account === null) return refuse("NO_ACCOUNT");
  if (account) {
    if (positionIn(account.risk, bank)?.side === "assets") return refuse("WITHDRAW_FIRST");
    const debts = account.risk.positions.filter((p) => p.side === "liabilities" && p.bank.address !== bank.address);
    const isolatedDebt = debts.find((p) => p.bank.bank.config.riskTier === RiskTier.Isolated);
    if (isolatedDebt) return refuse("ISOLATED_DEBT", isolatedDebt.bank);
    if (bank.bank.config.riskTier === RiskTier.Isolated && debts.length > 0) return refuse("ISOLATED_BANK");
  }
  if (amount) {
    if (bank.borrowCapacity === 0n) return refuse("BORROW_LIMIT");
    const initial = account?.risk.health.initial;
    if (initial && initial.assets <= initial.liabilities) return refuse("INSUFFICIENT_COLLATERAL");
  }
  return slotRefusal("borrow", input) ?? maxRefusal("borrow", input);
}

/** Also validates a withdraw-all. */
export function validateWithdraw(input: ActionValidationInput): ActionRefusal | null {
  const common = commonRefusal("withdraw", input);
  if (common) return common;
  const { bank, account } = input;
  if (account !== undefined && positionIn(account?.risk ?? NO_ACCOUNT, bank)?.side !== "assets") {
    return { code: "NO_DEPOSIT", action: "withdraw", bank };
  }
  return maxRefusal("withdraw", input);
}

/** Also validates a repay-all. */
export function validateRepay(input: ActionValidationInput): ActionRefusal | null {
  const common = commonRefusal("repay", input);
  if (common) return common;
  const { bank, account, amount } = input;
  if (account !== undefined && positionIn(account?.risk ?? NO_ACCOUNT, bank)?.side !== "liabilities") {
    return { code: "NO_DEBT", action: "repay", bank };
  }
  if (amount?.max === 0n) return { code: "INSUFFICIENT_WALLET", action: "repay", bank };
  return maxRefusal("repay", input);
}

const VALIDATORS: Record<BankAction, (input: ActionValidationInput) => ActionRefusal | null> = {
  deposit: validateDeposit,
  withdraw: validateWithdraw,
  borrow: validateBorrow,
  repay: validateRepay,
};

/** The validator of `action`. */
export function validateAction(action: BankAction, input: ActionValidationInput): ActionRefusal | null {
  return VALIDATORS[action](input);
}
