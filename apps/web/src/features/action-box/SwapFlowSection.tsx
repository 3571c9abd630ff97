// The lower half of a swap mode's form: the SDK's plan for the request (quoted, sized, previewed), the account before →
// after, the swap's figures, the price-impact notice and the send button. The form above it owns the choices.
import { useState, type ReactNode } from "react";
import { skipToken, useQuery, type QueryKey } from "@tanstack/react-query";
import type { AccountRisk, BankApy, PricedBank, SwapFlowPlan, SwapFlowPreview } from "@ballast/sdk";
import { Button } from "../../ui/index.js";
import { queryKeys, TIMING } from "../../queries/index.js";
import { PriceImpactNotice, SwapDetails, priceImpactAccepted, useDebounced, type SwapToken } from "../swap/index.js";
import type { ActionResult } from "./ActionBoxView.js";
import { MessageList, Preview } from "./parts.js";
import { previewStats } from "./model.js";
import { swapFlowKey, type SwapFlowRequest } from "./swap-modes.js";

/** The swap flows as the box's wiring provides them: planning through the SDK and sending under the toast. */
export interface SwapModes {
  /** The tolerance the plans are quoted at, in basis points. */
  readonly slippageBps: number;
  /** The plan's query key: the request with everything else it is built from (market, wallet, account, slippage). */
  readonly planKey: (request: SwapFlowRequest) => QueryKey;
  readonly plan: (request: SwapFlowRequest) => Promise<SwapFlowPlan>;
  /** Sends the plan's transaction under a toast with one `step`; resolves once confirmed, null when it failed. */
  readonly send: (plan: SwapFlowPlan, step: string) => Promise<ActionResult | null>;
}

export interface SwapFlowSectionProps {
  readonly swap: SwapModes;
  /** Null while the form's choices do not make a flow (no amount, an error): the button waits. */
  readonly request: SwapFlowRequest | null;
  /** The box's bank and the account as it stands, for the before → after rows. */
  readonly bank: PricedBank;
  readonly symbol: string;
  readonly account: AccountRisk;
  readonly apyOf: (bank: PricedBank) => BankApy;
  /** What the swap sells and buys. */
  readonly input: SwapToken;
  readonly output: SwapToken;
  /** Rows shown first in the preview, from the plan's figures. */
  readonly valueRows?: (preview: SwapFlowPreview) => ReactNode;
  readonly label: string;
  /** The toast's step for this request. */
  readonly step: string;
  /** The account or wallet is still loading. */
  readonly loading: boolean;
  readonly onLanded: (signature: string) => void;
}

/**
 * The SDK's plan for `request` once it has settled (typing asks the swap API once per pause), asked again while shown
 * since its quote moves with the pools; no plan while the request is unsettled, so a plan always matches what is shown.
 */
function useSwapFlowPlan(request: SwapFlowRequest | null, swap: SwapModes) {
  const key = request === null ? null : swapFlowKey(request);
  const settled = useDebounced(key);
  const current = request !== null && settled === key ? request : null;
  return useQuery({
    queryKey: current === null ? queryKeys.allSwapFlowPlans() : swap.planKey(current),
    queryFn: current === null ? skipToken : () => swap.plan(current),
    staleTime: TIMING.swapFlowPlan.staleTime,
    refetchInterval: TIMING.swapFlowPlan.refetchInterval,
    // No route or a refused quote stays so until the amount or token changes: say so at once.
    retry: false,
  });
}

export function SwapFlowSection(props: SwapFlowSectionProps) {
  const { swap, request, bank, account, apyOf } = props;
  const planned = useSwapFlowPlan(request, swap);
  const plan = planned.data ?? null;
  // An acceptance holds for the request it was given on: a new amount or token asks again.
  const key = request === null ? null : swapFlowKey(request);
  const [acceptedFor, setAcceptedFor] = useState<string | null>(null);
  const accepted = key !== null && acceptedFor === key;
  const [sending, setSending] = useState(false);

  const impactOk = plan !== null && priceImpactAccepted(plan.preview.priceImpactPct, accepted);
  // A failed re-quote leaves the last plan shown, but its route may be gone: it is not sent.
  const canSend = !props.loading && !sending && request !== null && plan !== null && !planned.error && impactOk;
  const send = async () => {
    if (!plan) return;
    setSending(true);
    try {
      const result = await swap.send(plan, props.step);
      if (result) props.onLanded(result.signature);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {request !== null && planned.error && <MessageList label="Quote" messages={[{ tone: "error", text: planned.error.message }]} />}
      {request !== null && plan && (
        <>
          <Preview
            preview={{ before: previewStats(account, bank, apyOf), after: previewStats(plan.preview.risk, bank, apyOf) }}
            bank={bank}
            symbol={props.symbol}
          >
            {props.valueRows?.(plan.preview)}
          </Preview>
          <SwapDetails figures={plan.preview} input={props.input} output={props.output} slippageBps={swap.slippageBps} />
          <PriceImpactNotice
            priceImpactPct={plan.preview.priceImpactPct}
            value={accepted}
            onChange={(value) => setAcceptedFor(value ? key : null)}
          />
        </>
      )}
      {request !== null && !plan && !planned.error && (
        <p role="status" className="text-sm text-muted">
          Finding a route…
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        busy={sending}
        disabled={!canSend}
        className="w-full"
        onClick={(event) => {
          // The form's own submit sends the plain action; this button sends the plan.
          event.preventDefault();
          if (canSend) void send();
        }}
      >
        {props.label}
      </Button>
    </>
  );
}
