// A swap's figures under a flow's preview: the route's hops, the price impact, the least the swap can deliver and the
// most it can take at the user's slippage tolerance, and that tolerance.
import { priceImpactLevel } from "@ballast/sdk";
import type { ReactNode } from "react";
import { cn } from "../../ui/index.js";
import { formatPriceImpact, formatRoute, formatSlippageBps, formatSwapAmount, type SwapToken } from "./swap-format.js";

/** The quote's figures a flow's preview carries (the SDK's SwapFlowPreview has them all). */
export interface SwapFigures {
  readonly routeLabels: readonly string[];
  /** Percent: 1.5 is 1.5 %. */
  readonly priceImpactPct: number;
  /** Native units of the output token. */
  readonly minimumReceived: bigint;
  /** Native units of the input token. */
  readonly maximumSpent: bigint;
}

export interface SwapDetailsProps {
  readonly figures: SwapFigures;
  /** What the swap sells and buys. */
  readonly input: SwapToken;
  readonly output: SwapToken;
  readonly slippageBps: number;
  readonly className?: string;
}

const IMPACT_TONE = { ok: "text-fg", warning: "text-warning", confirm: "text-danger" } as const;

function Row({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 py-1" data-swap-detail={label}>
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right break-words tabular-nums">{children}</dd>
    </div>
  );
}

export function SwapDetails({ figures, input, output, slippageBps, className }: SwapDetailsProps) {
  return (
    <dl
      aria-label="Swap details"
      className={cn("flex flex-col divide-y divide-line rounded-xl border border-line px-3 py-1 text-sm", className)}
    >
      <Row label="Route">
        {input.symbol} → {output.symbol} <span className="text-muted">via {formatRoute(figures.routeLabels)}</span>
      </Row>
      <Row label="Price impact">
        <span className={IMPACT_TONE[priceImpactLevel(figures.priceImpactPct)]}>{formatPriceImpact(figures.priceImpactPct)}</span>
      </Row>
      <Row label="Minimum received">{formatSwapAmount(figures.minimumReceived, output)}</Row>
      <Row label="Maximum spent">{formatSwapAmount(figures.maximumSpent, input)}</Row>
      <Row label="Slippage tolerance">{formatSlippageBps(slippageBps)}</Row>
    </dl>
  );
}
