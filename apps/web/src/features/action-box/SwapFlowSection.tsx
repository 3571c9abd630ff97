// The lower half of a swap mode's form: the SDK's plan for the request (quoted, sized, previewed), the account before →
// after, the swap's figures, the price-impact notice and the send button. The form above it owns the choices.
import { useState, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { AccountRisk, BankApy, PricedBank, SwapFlowPlan, SwapFlowPreview } from "@ballast/sdk";
import { Button, cn } from "../../ui/index.js";
import { PriceImpactNotice, SwapDetails, priceImpactAccepted, useDebounced } from "../swap/index.js";
import type { ActionResult } from "./ActionBoxView.js";
import { MessageList, Preview } from "./parts.js";
import { previewStats } from "./model.js";
import { swapFlowKey, type FlowToken, type SwapFlowRequest } from "./swap-modes.js";

/** The swap flows as the box's wiring provides them: planning through the SDK and sending under the toast. */
export interface SwapModes {
  /** The tolerance the plans are quoted at, in basis points. */
  readonly slippageBps: number;
  /**
   * The SDK's plan for a request as a query (useSwapFlowPlan over the box's account and bank): none while the request
   * is null, the previous plan as placeholder data while a new one is planned. Called as a hook, once per render.
   */
  readonly usePlan: (kind: SwapFlowRequest["kind"], request: SwapFlowRequest | null) => UseQueryResult<SwapFlowPlan, Error>;
  /** Sends the plan's transaction under a toast with one `step`; resolves once confirmed, null when it failed. */
  readonly send: (plan: SwapFlowPlan, step: string) => Promise<ActionResult | null>;
}

export interface SwapFlowSectionProps {
  readonly swap: SwapModes;
  readonly kind: SwapFlowRequest["kind"];
  /** Null while the form's choices do not make a flow (no amount, an error): the button waits. */
  readonly request: SwapFlowRequest | null;
  /** The box's bank and the account as it stands, for the before → after rows. */
  readonly bank: PricedBank;
  readonly symbol: string;
  readonly account: AccountRisk;
  readonly apyOf: (bank: PricedBank) => BankApy;
  /** What the swap sells and buys. */
  readonly input: FlowToken;
  readonly output: FlowToken;
  /** Rows shown first in the preview, from the plan's figures. */
  readonly valueRows?: (preview: SwapFlowPreview) => ReactNode;
  readonly label: string;
  /** The toast's step for this request. */
  readonly step: string;
  /** The account or wallet is still loading. */
  readonly loading: boolean;
  readonly onLanded: (signature: string) => void;
}

export function SwapFlowSection(props: SwapFlowSectionProps) {
  const { swap, request, bank, account, apyOf } = props;
  const key = request === null ? null : swapFlowKey(request);
  // Typing changes the request many times a second: each settled request asks the swap API once.
  const settledKey = useDebounced(key);
  const settled = request !== null && settledKey === key ? request : null;
  const planned = swap.usePlan(props.kind, settled);
  // The plan for the request shown; while another is planned the last one stays, dimmed and not sendable.
  const plan = settled !== null && !planned.isPlaceholderData ? (planned.data ?? null) : null;
  // A plan for other tokens (the last one before the token was changed) says nothing about this one.
  const last = planned.data;
  const shown =
    request !== null && last && last.preview.inputMint === props.input.mint && last.preview.outputMint === props.output.mint ? last : null;
  const error = settled !== null && planned.isError ? planned.error.message : null;
  // An acceptance holds for the request it was given on: a new amount or token asks again.
  const [acceptedFor, setAcceptedFor] = useState<string | null>(null);
  const accepted = key !== null && acceptedFor === key;
  const [sending, setSending] = useState(false);

  const impactOk = plan !== null && priceImpactAccepted(plan.preview.priceImpactPct, accepted);
  // A failed re-quote leaves the last plan shown, but its route may be gone: it is not sent.
  const canSend = !props.loading && !sending && plan !== null && error === null && impactOk;
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
      {error !== null && <MessageList label="Quote" messages={[{ tone: "error", text: error }]} />}
      {shown && (
        <div className={cn("flex flex-col gap-4", plan === null && "opacity-60")} aria-busy={plan === null}>
          <Preview
            preview={{ before: previewStats(account, bank, apyOf), after: previewStats(shown.preview.risk, bank, apyOf) }}
            bank={bank}
            symbol={props.symbol}
          >
            {props.valueRows?.(shown.preview)}
          </Preview>
          <SwapDetails figures={shown.preview} input={props.input} output={props.output} slippageBps={swap.slippageBps} />
          {plan && (
            <PriceImpactNotice
              priceImpactPct={plan.preview.priceImpactPct}
              value={accepted}
              onChange={(value) => setAcceptedFor(value ? key : null)}
            />
          )}
        </div>
      )}
      {request !== null && plan === null && error === null && (
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
