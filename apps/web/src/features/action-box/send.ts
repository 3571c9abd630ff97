// Sends the box's action through the SDK: deposit (creating the account on a first deposit, wrapping SOL), borrow,
// repay / repay-all and withdraw / withdraw-all, and names the toast's steps.
import { PublicKey } from "@solana/web3.js";
import type { MarginfiAccount } from "@ballast/protocol";
import {
  borrowAction,
  depositAction,
  repayAction,
  repayAllAction,
  withdrawAction,
  withdrawAllAction,
  type ActionContext,
  type Market,
  type PricedBank,
} from "@ballast/sdk";
import { formatTokenAmount } from "../../format/index.js";
import type { ActionType } from "./context.js";
import { lastOf } from "@ballast/ledger";

export interface SendParams {
  readonly context: ActionContext;
  readonly market: Market;
  readonly bank: PricedBank;
  readonly action: ActionType;
  /** Native units; for repay-all at least the debt (SOL is wrapped from it). */
  readonly amount: bigint;
  /** Withdraw-all / repay-all. */
  readonly all: boolean;
  /** The selected account and its decoded data; null before the first deposit. */
  readonly account: { readonly address: string; readonly data: MarginfiAccount } | null;
  readonly tokenProgram?: string;
}

export interface SendResult {
  readonly signature: string;
  /** The account acted on, new on a first deposit. */
  readonly marginfiAccount: string;
  readonly created: boolean;
}

const VERBS: Record<ActionType, string> = { deposit: "Deposit", withdraw: "Withdraw", borrow: "Borrow", repay: "Repay" };

/** The toast's steps: account creation on a first deposit, then the action. */
export function sendSteps(
  action: ActionType,
  amount: bigint,
  all: boolean,
  symbol: string,
  decimals: number,
  hasAccount: boolean,
): string[] {
  const what = all ? `all ${symbol}` : `${formatTokenAmount(amount, decimals, { maxFractionDigits: decimals })} ${symbol}`;
  const step = `${VERBS[action]} ${what}`;
  return action === "deposit" && !hasAccount ? ["Create account", step] : [step];
}

export async function sendBankAction(p: SendParams): Promise<SendResult> {
  const common = {
    ...p.context,
    market: p.market,
    bank: p.bank.address,
    tokenProgram: p.tokenProgram ? new PublicKey(p.tokenProgram) : undefined,
  };
  if (p.action === "deposit") {
    const result = await depositAction({
      ...common,
      amount: p.amount,
      marginfiAccount: p.account ? new PublicKey(p.account.address) : undefined,
    });
    return { signature: lastOf(result.signatures), marginfiAccount: result.marginfiAccount.toBase58(), created: !p.account };
  }
  if (!p.account) throw new Error("Account not found");
  const marginfiAccount = new PublicKey(p.account.address);
  const withAccount = { ...common, marginfiAccount };
  let signatures: string[];
  switch (p.action) {
    case "borrow":
      signatures = (await borrowAction({ ...withAccount, account: p.account.data, amount: p.amount })).signatures;
      break;
    case "repay":
      signatures = (await (p.all ? repayAllAction : repayAction)({ ...withAccount, amount: p.amount })).signatures;
      break;
    case "withdraw":
      signatures = p.all
        ? (await withdrawAllAction({ ...withAccount, account: p.account.data })).signatures
        : (await withdrawAction({ ...withAccount, account: p.account.data, amount: p.amount })).signatures;
      break;
  }
  return { signature: lastOf(signatures), marginfiAccount: p.account.address, created: false };
}
