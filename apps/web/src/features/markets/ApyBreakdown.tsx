// An APY figure with its parts: the total as shown everywhere (markets table, bank page, portfolio, action box), and on
// hover or keyboard focus a small panel with the interest rate, emissions and staking yield that make it up. The panel
// takes no room until shown, so tables keep their width. A Kamino bank's panel also lists its reserve's farm rewards,
// apart from the parts: the farm pays them to the bank's obligation and the protocol's fee admin harvests them, so
// they are not in what depositors earn.
import { useId } from "react";
import { formatPercent } from "../../format/index.js";
import { cn } from "../../ui/index.js";
import type { ApyView } from "./bank-rows.js";

/** The panel's rows; emissions lower what a borrower pays, so they show as a negative part of a borrowing APY. */
export function apyParts(apy: ApyView): { readonly label: string; readonly value: number }[] {
  const interestLabel = apy.side === "lending" ? "Lending rate" : apy.side === "borrowing" ? "Borrowing rate" : "Interest";
  return [
    { label: interestLabel, value: apy.interest },
    { label: "Emissions", value: apy.side === "borrowing" ? -apy.emissions : apy.emissions },
    { label: "Staking yield", value: apy.stakingYield },
  ];
}

/** One reward of a Kamino reserve's farm: its token and APR (null when it cannot be priced). */
export interface FarmRewardView {
  readonly symbol: string;
  readonly apr: number | null;
}

/** Percent with its sign for a part that lowers the total. */
const partText = (value: number) => (value < 0 ? `−${formatPercent(-value)}` : formatPercent(value));

export function ApyBreakdown({
  apy,
  label,
  className,
  testId,
  farmRewards = [],
}: {
  readonly apy: ApyView;
  /** The reserve farm's rewards of a Kamino bank; none for other banks. */
  readonly farmRewards?: readonly FarmRewardView[];
  /** What the figure is, for the panel's heading ("Deposit APY", "Net APY"). */
  readonly label: string;
  readonly className?: string;
  readonly testId?: string;
}) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <span
        tabIndex={0}
        aria-describedby={id}
        data-testid={testId}
        className={cn("focus-ring cursor-help rounded-sm underline decoration-dotted decoration-1 underline-offset-4", className)}
      >
        {formatPercent(apy.total)}
      </span>
      <span
        role="tooltip"
        id={id}
        className="absolute top-full right-0 z-30 mt-1 hidden w-max min-w-44 rounded-lg border border-line bg-surface p-2 text-left text-xs font-normal text-fg shadow-lg group-focus-within:block group-hover:block"
      >
        <span className="mb-1 block font-medium">{label}</span>
        <span className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 tabular-nums">
          {apyParts(apy).map((part) => (
            <span key={part.label} className="contents" data-apy-part={part.label}>
              <span className="text-muted">{part.label}</span>
              <span className="text-right">{partText(part.value)}</span>
            </span>
          ))}
        </span>
        {farmRewards.length > 0 && (
          <span className="mt-2 block border-t border-line pt-1" data-testid="farm-rewards">
            <span className="mb-0.5 block text-muted">Kamino farm rewards (harvested by the protocol)</span>
            <span className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 tabular-nums">
              {farmRewards.map((reward) => (
                <span key={reward.symbol} className="contents" data-farm-reward={reward.symbol}>
                  <span className="text-muted">{reward.symbol}</span>
                  <span className="text-right">{reward.apr === null ? "No price" : formatPercent(reward.apr)}</span>
                </span>
              ))}
            </span>
          </span>
        )}
      </span>
    </span>
  );
}
