// Flash-loan and swap flows: each plans one transaction (quote, instructions, size, preview) that the app shows and
// then sends as planned, or sends at once through its action.
export {
  MAX_ACCOUNTS_STEPS,
  maxAccountsSteps,
  sendSwapFlow,
  type SwapFlowContext,
  type SwapFlowKind,
  type SwapFlowPlan,
  type SwapFlowPreview,
  type FlowAccount,
} from "./plan.js";
export { KAMINO_SWAP_WITHDRAW_SCALE } from "./legs.js";
export { planLoop, loopAction, type LoopParams } from "./loop.js";
export { planRepayWithCollateral, repayWithCollateralAction, type RepayWithCollateralParams } from "./repay-with-collateral.js";
export { planWithdrawAndSwap, withdrawAndSwapAction, type WithdrawAndSwapParams } from "./withdraw-and-swap.js";
export { planCloseLeveraged, closeLeveragedAction, type CloseLeveragedParams } from "./close-leveraged.js";
