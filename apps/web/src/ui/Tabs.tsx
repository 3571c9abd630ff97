import type { ReactNode } from "react";
import { cn } from "./cn.js";
import { useRovingChoice } from "./roving-choice.js";

export interface TabOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
}

/**
 * Tabs / a segmented control: one of a few options, arrow keys move between them (WAI-ARIA tabs pattern, roving
 * tab index). `panelId` ties the tabs to the region they control.
 */
export function Tabs<T extends string>({
  options,
  value,
  onChange,
  label,
  panelId,
  size = "md",
  className,
  shortcuts,
}: {
  readonly options: readonly TabOption<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly panelId?: string;
  readonly size?: "sm" | "md";
  readonly className?: string;
  /** The key selecting each option, announced as its aria-keyshortcuts (the screen handles the key). */
  readonly shortcuts?: Partial<Record<T, string>>;
}) {
  const { index, refAt, onKeyDown } = useRovingChoice(options, value, onChange);

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("inline-flex max-w-full flex-wrap rounded-lg border border-line bg-subtle p-0.5", className)}
    >
      {options.map((option, i) => {
        const selected = i === index;
        return (
          <button
            key={option.value}
            ref={refAt(i)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            aria-keyshortcuts={shortcuts?.[option.value]}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option.value)}
            className={cn(
              "focus-ring rounded-md font-medium whitespace-nowrap transition-colors",
              size === "sm" ? "px-2.5 py-1 text-xs" : "px-3.5 py-1.5 text-sm",
              selected ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
