// The pieces every form of the action box shows: the amount field with MAX, the messages above the button, and the
// before → after preview rows.
import { useId, type ReactNode } from "react";
import type { PricedBank } from "@ballast/sdk";
import { formatPercent, formatPositionAmount, formatPrice, formatUsd } from "../../format/index.js";
import { Button, Input, cn } from "../../ui/index.js";
import { ApyBreakdown } from "../markets/ApyBreakdown.js";
import type { ActionMessage } from "./checks.js";
import { HEALTH_BAND_LABELS, HEALTH_BAND_TONES } from "../risk/health-band-view.js";
import { LiquidationRiskWarning } from "../risk/LiquidationRiskWarning.js";
import type { ActionPreview, EmodeWeightView, PreviewStats } from "./model.js";

const TONE_TEXT = { success: "text-success", warning: "text-warning", danger: "text-danger" } as const;

function HealthValue({ stats }: { readonly stats: PreviewStats }) {
  return (
    <span className={TONE_TEXT[HEALTH_BAND_TONES[stats.band]]} data-band={stats.band}>
      {formatPercent(stats.healthBar)} · {HEALTH_BAND_LABELS[stats.band]}
    </span>
  );
}

function liquidationText(stats: PreviewStats): string {
  return stats.liquidationPrice === null || stats.liquidationPrice <= 0.01 ? "—" : formatPrice(stats.liquidationPrice);
}

function PreviewRow({ label, before, after }: { readonly label: string; readonly before: ReactNode; readonly after: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1" data-preview={label}>
      <dt className="text-muted">{label}</dt>
      <dd className="flex items-center gap-1.5 text-right tabular-nums">
        <span data-part="before">{before}</span>
        <span aria-label="becomes" className="text-muted">
          →
        </span>
        <span data-part="after" className="font-medium">
          {after}
        </span>
      </dd>
    </div>
  );
}

/** A preview line with one value (what a swap moves), beside the before → after rows. */
export function PreviewValueRow({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1" data-preview={label}>
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** The account before → after in `bank`; `children` are value rows shown first (e.g. what a swap withdraws). */
export function Preview({
  preview,
  bank,
  symbol,
  emodeWeights = [],
  children,
}: {
  readonly preview: ActionPreview;
  readonly bank: PricedBank;
  readonly symbol: string;
  /** Collateral weights the action changes through e-mode. */
  readonly emodeWeights?: readonly EmodeWeightView[];
  readonly children?: ReactNode;
}) {
  const { before, after } = preview;
  const amount = (s: PreviewStats) => `${formatPositionAmount(s.position, bank.decimals)} ${symbol}`;
  const positionLabel = (after.side ?? before.side) === "liabilities" ? "Borrowed" : "Deposited";
  return (
    <>
      <dl aria-label="Preview" className="flex flex-col divide-y divide-line rounded-xl border border-line px-3 py-1 text-sm">
        {children}
        <PreviewRow label={positionLabel} before={amount(before)} after={amount(after)} />
        <PreviewRow label="Health" before={<HealthValue stats={before} />} after={<HealthValue stats={after} />} />
        <PreviewRow label="Liquidation price" before={liquidationText(before)} after={liquidationText(after)} />
        <PreviewRow
          label="Net APY"
          before={formatPercent(before.netApy)}
          after={<ApyBreakdown apy={after.netApyParts} label="Net APY after" testId="preview-net-apy" />}
        />
        <PreviewRow label="Free collateral" before={formatUsd(before.freeCollateral)} after={formatUsd(after.freeCollateral)} />
        {emodeWeights.map((w) => (
          <PreviewRow
            key={w.symbol}
            label={`${w.symbol} weight (e-mode)`}
            before={formatPercent(w.before, 0)}
            after={formatPercent(w.after, 0)}
          />
        ))}
      </dl>
      {after.liquidationRisk && <LiquidationRiskWarning />}
    </>
  );
}

const MESSAGE_STYLES: Record<ActionMessage["tone"], string> = {
  error: "border-danger/50 bg-danger/10 text-danger",
  warning: "border-warning/50 bg-warning/10 text-warning",
  info: "border-info/40 bg-info/10 text-fg",
};

/** Errors (which block sending), warnings and notes, above the button; nothing when there are none. */
export function MessageList({ messages, label = "Messages" }: { readonly messages: readonly ActionMessage[]; readonly label?: string }) {
  if (messages.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {messages.map((m) => (
        <li
          key={m.text}
          role={m.tone === "error" ? "alert" : undefined}
          className={cn("rounded-lg border px-3 py-2 text-sm", MESSAGE_STYLES[m.tone])}
        >
          {m.text}
        </li>
      ))}
    </ul>
  );
}

export interface AmountFieldProps {
  readonly label: string;
  readonly text: string;
  readonly invalid: boolean;
  readonly onText: (text: string) => void;
  readonly symbol: string;
  readonly onMax: () => void;
  /** False while the account or wallet is loading (or no wallet is connected): MAX and the max wait. */
  readonly maxReady: boolean;
  /** What the amount is taken from (wallet, deposit, debt), already formatted in whole tokens; null when unknown. */
  readonly held: { readonly label: string; readonly value: string | null };
  /** The max, formatted with its symbol. */
  readonly max: string;
}

/** The amount to act on, typed or MAX, with what is held and the max under it. */
export function AmountField({ label, text, invalid, onText, symbol, onMax, maxReady, held, max }: AmountFieldProps) {
  return (
    <Input
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0"
      value={text}
      aria-invalid={invalid}
      onChange={(event) => onText(event.target.value)}
      suffix={
        <span className="flex items-center gap-2">
          {symbol}
          <Button type="button" size="sm" variant="secondary" disabled={!maxReady} onClick={onMax}>
            MAX
          </Button>
        </span>
      }
      hint={
        <span className="flex flex-wrap justify-between gap-2">
          <span>
            {held.label}: {held.value === null ? "—" : `${held.value} ${symbol}`}
          </span>
          <span>Max: {maxReady ? max : "—"}</span>
        </span>
      }
    />
  );
}

/** A labelled choice among many (deposits, tokens): a native select, which every device knows how to show. */
export function Choice({
  label,
  value,
  options,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        className="focus-ring h-10 rounded-lg border border-line bg-surface px-3 text-sm text-fg"
        value={value}
        disabled={options.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
