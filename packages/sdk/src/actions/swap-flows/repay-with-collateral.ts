// Repaying a debt with a deposit (spec 000 §1): flash loan → withdraw the collateral → swap it for exactly the debt
// token needed (ExactOut) → repay → end. The withdraw is the swap's maximum in, so the swap never runs short; what
// it does not spend arrives in the wallet.
import { balancesAfterAction } from "../../math/action-projection.js";
import { walletKey } from "../wallet.js";
import { bankMint, openTokenAccount, repayLeg, unwrapIfSol, withdrawLeg, KAMINO_SWAP_WITHDRAW_SCALE } from "./legs.js";
import { accountFlow, bankOf, debtPosition, depositPosition, prepare, refuse, repayAllPurchase } from "./account-flow.js";
import {
  fitSwap,
  flowPlan,
  flashLoanTransaction,
  flowPreview,
  refuseBelowInitial,
  riskAccountsOf,
  sendSwapFlow,
  type FlowAccount,
  type SwapFlowContext,
  type SwapFlowPlan,
} from "./plan.js";
import { isKaminoBank } from "../../state/kamino-reserves.js";
import { i80f48 as fx } from "@ballast/protocol";
import { BallastSdkError } from "../../errors.js";

export interface RepayWithCollateralParams extends SwapFlowContext, FlowAccount {
  /** The deposit that pays. */
  collateralBank: string;
  debtBank: string;
  /** Native units of the debt token to repay; ignored with repayAll. */
  amount: bigint;
  /** Repays the whole debt and closes the balance. */
  repayAll?: boolean;
}

export async function planRepayWithCollateral(p: RepayWithCollateralParams): Promise<SwapFlowPlan> {
  if (p.collateralBank === p.debtBank) throw new BallastSdkError("SWAP_SAME_BANK");
  walletKey(p.wallet);
  const flow = accountFlow(p, p.account);
  const collateral = bankOf(p, p.collateralBank);
  const debt = bankOf(p, p.debtBank);
  const deposit = depositPosition(p, flow, collateral);
  const owed = fx.toIntCeil(debtPosition(p, flow, debt).amount);
  const repayAll = p.repayAll ?? false;
  if (!repayAll && p.amount <= 0n) throw new BallastSdkError("AMOUNT_NOT_POSITIVE", { amount: p.amount });
  if (!repayAll && p.amount > owed) refuse({ code: "ABOVE_MAX", action: "repay", bank: debt, max: owed });
  const purchase = repayAll ? repayAllPurchase(owed) : p.amount;
  const available = fx.toIntFloor(deposit.amount);
  const kamino = isKaminoBank(collateral.bank);
  const [inputMint, outputMint] = [bankMint(p, p.collateralBank), bankMint(p, p.debtBank)];

  // Whether the collateral closes depends on the quote; prepare for both and keep the one the quote picks.
  const closesCollateral = (spend: bigint) =>
    (kamino ? (spend * KAMINO_SWAP_WITHDRAW_SCALE.numerator) / KAMINO_SWAP_WITHDRAW_SCALE.denominator : spend) >= available;
  const debtCloses = repayAll ? [p.debtBank] : [];
  const [partial, full] = await Promise.all([
    prepare(p, flow, [p.collateralBank], debtCloses),
    prepare(p, flow, [p.collateralBank], [...debtCloses, p.collateralBank]),
  ]);
  const balancesAfter = (spend: bigint) => {
    const withdrawn = balancesAfterAction(flow.balances, collateral, { kind: "withdraw", amount: spend, all: closesCollateral(spend) });
    return balancesAfterAction(withdrawn, debt, { kind: "repay", amount: purchase, all: repayAll });
  };

  const fitted = await fitSwap(p, { inputMint, outputMint, amount: purchase, swapMode: "ExactOut" }, (quote, swap) => {
    const spend = BigInt(quote.otherAmountThreshold);
    if (spend > available) throw new BallastSdkError("SWAP_COLLATERAL_SHORT", { bank: p.collateralBank, needed: spend, available });
    const withdrawAll = closesCollateral(spend);
    const { reserves, before } = withdrawAll ? full : partial;
    const legs = { ...p, reserves };
    return flashLoanTransaction(p, {
      marginfiAccount: p.marginfiAccount,
      before,
      inner: [
        openTokenAccount(p, p.collateralBank),
        withdrawLeg(legs, p.collateralBank, spend, withdrawAll, []),
        ...swap.setup,
        swap.swap,
        repayLeg(legs, p.debtBank, purchase, repayAll),
      ],
      after: unwrapIfSol(p, [inputMint, outputMint]),
      riskAccounts: riskAccountsOf(p, balancesAfter(spend)),
    });
  });
  const preview = flowPreview(p, balancesAfter(BigInt(fitted.quote.otherAmountThreshold)), fitted.quote, p.collateralBank);
  refuseBelowInitial(preview);
  return flowPlan("repayWithCollateral", p.marginfiAccount, fitted, preview);
}

export async function repayWithCollateralAction(p: RepayWithCollateralParams) {
  return sendSwapFlow(p, await planRepayWithCollateral(p));
}
