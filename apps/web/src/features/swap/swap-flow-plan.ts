// A swap flow's plan as a query: the SDK's plan* function for the flow, given the flow's own inputs; the hook adds the
// rest (wallet and broadcast settings, the market snapshot, the swap API, the user's slippage, the banks' APYs). The
// key names every input, so a changed amount, leverage, account or slippage asks for a new quote; the quote moves with
// the pools, so a plan shown for a while is asked again.
import {
  planCloseLeveraged,
  planLoop,
  planRepayWithCollateral,
  planWithdrawAndSwap,
  type CloseLeveragedParams,
  type LoopParams,
  type RepayWithCollateralParams,
  type SwapFlowContext,
  type SwapFlowKind,
  type SwapFlowPlan,
  type WithdrawAndSwapParams,
} from "@ballast/sdk";
import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useMemo } from "react";
import { useActionContext } from "../../chain/action-context.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { queryKeys, TIMING, useMarket, useMarketBanks } from "../../queries/index.js";
import { apysOf } from "../markets/bank-rows.js";
import { useSwapClient, useSwapSlippageBps } from "./swap-client.js";

/** Each flow's own inputs: its parameters without the context the hook supplies. */
export interface SwapFlowInputs {
  readonly loop: Omit<LoopParams, keyof SwapFlowContext>;
  readonly repayWithCollateral: Omit<RepayWithCollateralParams, keyof SwapFlowContext>;
  readonly withdrawAndSwap: Omit<WithdrawAndSwapParams, keyof SwapFlowContext>;
  readonly closeLeveraged: Omit<CloseLeveragedParams, keyof SwapFlowContext>;
}

const PLANNERS: { readonly [K in SwapFlowKind]: (params: SwapFlowContext & SwapFlowInputs[K]) => Promise<SwapFlowPlan> } = {
  loop: planLoop,
  repayWithCollateral: planRepayWithCollateral,
  withdrawAndSwap: planWithdrawAndSwap,
  closeLeveraged: planCloseLeveraged,
};

/**
 * The inputs as one string for the query key: amounts as digits, addresses in base58 (PublicKey's JSON), an account's
 * decoded fields with its byte padding left out.
 */
export function swapFlowInputsKey(inputs: object): string {
  return JSON.stringify(inputs, (_key, value: unknown) => {
    if (typeof value === "bigint") return value.toString();
    if (value instanceof Uint8Array) return undefined;
    return value;
  });
}

/**
 * The plan of `kind` for `inputs`; waits (no request) while `inputs` is null, no wallet is connected or the market is
 * loading. While new inputs are planned the previous plan stays as placeholder data (`isPlaceholderData`): a screen
 * shows it dimmed and does not send it.
 */
export function useSwapFlowPlan<K extends SwapFlowKind>(kind: K, inputs: SwapFlowInputs[K] | null): UseQueryResult<SwapFlowPlan, Error> {
  const context = useActionContext();
  const { market: selected } = useSelectedMarket();
  const market = useMarket().data;
  const dtos = useMarketBanks().data;
  const swap = useSwapClient();
  const slippageBps = useSwapSlippageBps();
  const apyOf = useMemo(() => (market ? apysOf(market, dtos) : undefined), [market, dtos]);
  const wallet = context?.wallet.publicKey?.toBase58() ?? null;
  const plan = PLANNERS[kind];

  return useQuery<SwapFlowPlan, Error>({
    queryKey: queryKeys.swapFlowPlan(kind, selected.group, wallet, slippageBps, inputs === null ? "" : swapFlowInputsKey(inputs)),
    queryFn:
      context === null || market === undefined || inputs === null
        ? skipToken
        : () => plan({ ...context, market, swap, slippageBps, apyOf, ...inputs }),
    staleTime: TIMING.swapFlowPlan.staleTime,
    refetchInterval: TIMING.swapFlowPlan.refetchInterval,
    // A refusal (leverage above the max, no route) is the answer; asking again would only delay it.
    retry: false,
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });
}
