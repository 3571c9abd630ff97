// The price-impact rule of the swap flows: nothing up to 1 %, a warning above it, and above 5 % a warning the user must
// accept with a checkbox before sending. The caller owns the checkbox's state (value / onChange) and reads it with
// priceImpactAccepted; it should reset it when the quote changes.
import { useId } from "react";
import { cn } from "../../ui/index.js";
import { priceImpactMessage } from "./swap-format.js";

export const ACCEPT_PRICE_IMPACT = "I accept the price impact";

export interface PriceImpactNoticeProps {
  /** Percent: 1.5 is 1.5 %. */
  readonly priceImpactPct: number;
  /** Whether the user has accepted a price impact above the confirmation level. */
  readonly value: boolean;
  readonly onChange: (accepted: boolean) => void;
  readonly className?: string;
}

export function PriceImpactNotice({ priceImpactPct, value, onChange, className }: PriceImpactNoticeProps) {
  const checkboxId = useId();
  const message = priceImpactMessage(priceImpactPct);
  if (!message) return null;
  const confirm = message.level === "confirm";
  return (
    <div
      role={confirm ? "alert" : "status"}
      aria-label="Price impact"
      className={cn(
        "flex flex-col gap-2 rounded-lg border px-3 py-2 text-sm",
        confirm ? "border-danger/50 bg-danger/10 text-danger" : "border-warning/50 bg-warning/10 text-warning",
        className,
      )}
    >
      <p>{message.text}</p>
      {confirm && (
        <label htmlFor={checkboxId} className="flex items-center gap-2 font-medium text-fg">
          <input
            id={checkboxId}
            type="checkbox"
            className="focus-ring size-4 accent-danger"
            checked={value}
            onChange={(event) => onChange(event.target.checked)}
          />
          {ACCEPT_PRICE_IMPACT}
        </label>
      )}
    </div>
  );
}
