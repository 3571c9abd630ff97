// Withdrawing into another token: withdraw (its own health check, as a plain withdraw) → swap (ExactIn) → the wallet,
// in one transaction without a flash loan. Native SOL arrives unwrapped.
import { PublicKey } from "@solana/web3.js";
import { i80f48 as fx } from "@ballast/protocol";
import { balancesAfterAction } from "../../math/action-projection.js";
import { marketBankLookup, withdrawRiskAccounts } from "../../instructions/risk-accounts.js";
import { walletKey } from "../wallet.js";
import { bankMint, openTokenAccount, unwrapIfSol, withdrawLeg } from "./legs.js";
import { accountFlow, bankOf, depositPosition, prepare, refuse, sellableDeposit } from "./account-flow.js";
import {
  fitSwap,
  flowPlan,
  flowPreview,
  refuseBelowInitial,
  sendSwapFlow,
  type FlowAccount,
  type SwapFlowContext,
  type SwapFlowPlan,
} from "./plan.js";
import { BallastSdkError } from "../../errors.js";

export interface WithdrawAndSwapParams extends SwapFlowContext, FlowAccount {
  bank: string;
  /** Native units of the bank's token to withdraw and sell; ignored with withdrawAll. */
  amount: bigint;
  /** Withdraws the whole deposit and closes the balance. */
  withdrawAll?: boolean;
  /** The token the wallet receives. */
  outputMint: string;
}

export async function planWithdrawAndSwap(p: WithdrawAndSwapParams): Promise<SwapFlowPlan> {
  walletKey(p.wallet);
  const inputMint = bankMint(p, p.bank);
  if (p.outputMint === inputMint) throw new BallastSdkError("SWAP_SAME_MINT", { mint: inputMint });
  const flow = accountFlow(p, p.account);
  const bank = bankOf(p, p.bank);
  const deposit = depositPosition(p, flow, bank);
  const withdrawAll = p.withdrawAll ?? false;
  const available = fx.toIntFloor(deposit.amount);
  if (!withdrawAll && p.amount <= 0n) throw new BallastSdkError("AMOUNT_NOT_POSITIVE", { amount: p.amount });
  if (!withdrawAll && p.amount > available) refuse({ code: "ABOVE_MAX", action: "withdraw", bank, max: available });
  const sell = withdrawAll ? sellableDeposit(deposit) : p.amount;
  const { reserves, before } = await prepare(p, flow, [p.bank], withdrawAll ? [p.bank] : []);
  const legs = { ...p, reserves };
  const riskAccounts = withdrawRiskAccounts(p.account, marketBankLookup(p.market), new PublicKey(p.bank), { withdrawAll });

  const fitted = await fitSwap(p, { inputMint, outputMint: p.outputMint, amount: sell, swapMode: "ExactIn" }, (_quote, swap) => ({
    instructions: [
      ...before,
      openTokenAccount(p, p.bank),
      withdrawLeg(legs, p.bank, sell, withdrawAll, riskAccounts),
      ...swap.setup,
      swap.swap,
      ...unwrapIfSol(p, [inputMint, p.outputMint]),
    ],
    flashLoan: false,
    signers: [],
  }));
  const balances = balancesAfterAction(flow.balances, bank, { kind: "withdraw", amount: sell, all: withdrawAll });
  const preview = flowPreview(p, balances, fitted.quote, p.bank);
  refuseBelowInitial(preview);
  return flowPlan("withdrawAndSwap", p.marginfiAccount, fitted, preview);
}

export async function withdrawAndSwapAction(p: WithdrawAndSwapParams) {
  return sendSwapFlow(p, await planWithdrawAndSwap(p));
}
