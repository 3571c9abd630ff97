import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn.js";

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
}: {
  readonly options: readonly TabOption<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly panelId?: string;
  readonly size?: "sm" | "md";
  readonly className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | null = null;
    if (event.key in moves) next = (index + moves[event.key] + options.length) % options.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = options.length - 1;
    if (next === null) return;
    event.preventDefault();
    onChange(options[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("inline-flex rounded-lg border border-line bg-subtle p-0.5", className)}
    >
      {options.map((option, i) => {
        const selected = i === index;
        return (
          <button
            key={option.value}
            ref={(element) => {
              refs.current[i] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
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
