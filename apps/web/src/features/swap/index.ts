// The swap pieces the flows share (loop, repay with collateral, withdraw as, close a leveraged position).
export { useSwapClient, useSwapSlippageBps } from "./swap-client.js";
export { SwapDetails, type SwapDetailsProps, type SwapFigures } from "./SwapDetails.js";
export { PriceImpactNotice, ACCEPT_PRICE_IMPACT, type PriceImpactNoticeProps } from "./PriceImpactNotice.js";
export {
  formatPriceImpact,
  formatRoute,
  formatSlippageBps,
  formatSwapAmount,
  priceImpactAccepted,
  priceImpactMessage,
  type SwapToken,
} from "./swap-format.js";
export { useSwapFlowPlan, swapFlowInputsKey, type SwapFlowInputs } from "./swap-flow-plan.js";
export { useDebounced, PLAN_DEBOUNCE_MS } from "./use-debounced.js";
