// Unwinding a leveraged position completely: flash loan → withdraw all the collateral → sell it (ExactIn) for the debt
// token → repay all → end. What the sale brings beyond the debt arrives in the wallet.
import { i80f48 as fx } from "@ballast/protocol";
import { balancesAfterAction } from "../../math/action-projection.js";
import { walletKey } from "../wallet.js";
import { bankMint, openTokenAccount, repayLeg, unwrapIfSol, withdrawLeg } from "./legs.js";
import { accountFlow, bankOf, debtPosition, depositPosition, prepare, repayAllPurchase, sellableDeposit } from "./account-flow.js";
import {
  fitSwap,
  flowPlan,
  flashLoanTransaction,
  flowPreview,
  riskAccountsOf,
  sendSwapFlow,
  type FlowAccount,
  type SwapFlowContext,
  type SwapFlowPlan,
} from "./plan.js";
import { BallastSdkError } from "../../errors.js";

export interface CloseLeveragedParams extends SwapFlowContext, FlowAccount {
  collateralBank: string;
  debtBank: string;
}

export async function planCloseLeveraged(p: CloseLeveragedParams): Promise<SwapFlowPlan> {
  if (p.collateralBank === p.debtBank) throw new BallastSdkError("SWAP_SAME_BANK");
  walletKey(p.wallet);
  const flow = accountFlow(p, p.account);
  const collateral = bankOf(p, p.collateralBank);
  const debt = bankOf(p, p.debtBank);
  const sell = sellableDeposit(depositPosition(p, flow, collateral));
  const owed = repayAllPurchase(fx.toIntCeil(debtPosition(p, flow, debt).amount));
  const [inputMint, outputMint] = [bankMint(p, p.collateralBank), bankMint(p, p.debtBank)];
  const { reserves, before } = await prepare(p, flow, [p.collateralBank], [p.collateralBank, p.debtBank]);
  const legs = { ...p, reserves };
  const withdrawn = balancesAfterAction(flow.balances, collateral, { kind: "withdraw", amount: 0n, all: true });
  const balances = balancesAfterAction(withdrawn, debt, { kind: "repay", amount: 0n, all: true });

  const fitted = await fitSwap(p, { inputMint, outputMint, amount: sell, swapMode: "ExactIn" }, (quote, swap) => {
    const received = BigInt(quote.otherAmountThreshold);
    if (received < owed) throw new BallastSdkError("SWAP_PROCEEDS_SHORT", { received, debt: owed });
    return flashLoanTransaction(p, {
      marginfiAccount: p.marginfiAccount,
      before,
      inner: [
        openTokenAccount(p, p.collateralBank),
        withdrawLeg(legs, p.collateralBank, sell, true, []),
        ...swap.setup,
        swap.swap,
        repayLeg(legs, p.debtBank, owed, true),
      ],
      after: unwrapIfSol(p, [inputMint, outputMint]),
      riskAccounts: riskAccountsOf(p, balances),
    });
  });
  return flowPlan("closeLeveraged", p.marginfiAccount, fitted, flowPreview(p, balances, fitted.quote, null));
}

export async function closeLeveragedAction(p: CloseLeveragedParams) {
  return sendSwapFlow(p, await planCloseLeveraged(p));
}
