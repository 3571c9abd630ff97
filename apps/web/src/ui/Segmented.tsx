import { useId, type ReactNode } from "react";
import { cn } from "./cn.js";
import { useRovingChoice } from "./roving-choice.js";

export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
  readonly description?: string;
}

/** A labelled choice of a few options shown side by side (WAI-ARIA radio group; arrow keys change the choice). */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  readonly label: ReactNode;
  readonly options: readonly SegmentedOption<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly className?: string;
}) {
  const labelId = useId();
  const { index, refAt, onKeyDown } = useRovingChoice(options, value, onChange);

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        onKeyDown={onKeyDown}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg border border-line bg-subtle p-1"
      >
        {options.map((option, i) => {
          const checked = i === index;
          return (
            <button
              key={option.value}
              ref={refAt(i)}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              title={option.description}
              onClick={() => onChange(option.value)}
              className={cn(
                "focus-ring rounded-md px-2 py-1.5 text-sm font-medium transition-colors",
                checked ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
