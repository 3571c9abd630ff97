import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn.js";

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "prefix"> {
  readonly label?: ReactNode;
  /** Visually hidden label (the field still has an accessible name). */
  readonly hideLabel?: boolean;
  readonly hint?: ReactNode;
  readonly error?: ReactNode;
  readonly prefix?: ReactNode;
  readonly suffix?: ReactNode;
}

export function Input({ label, hideLabel, hint, error, prefix, suffix, className, id, ...rest }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      {label && (
        <label htmlFor={inputId} className={cn("text-sm font-medium text-fg", hideLabel && "sr-only")}>
          {label}
        </label>
      )}
      <div
        className={cn(
          "flex h-10 items-center gap-2 rounded-lg border bg-surface px-3 focus-within:ring-2 focus-within:ring-accent/60",
          error ? "border-danger" : "border-line",
        )}
      >
        {prefix && <span className="text-muted">{prefix}</span>}
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-full min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-muted"
          {...rest}
        />
        {suffix && <span className="text-sm text-muted">{suffix}</span>}
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
