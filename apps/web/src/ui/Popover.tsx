import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn.js";

/**
 * A button that opens a panel below it (menus, wallet details). Escape or a click outside closes it and focus returns
 * to the button.
 */
export function Popover({
  trigger,
  triggerLabel,
  children,
  align = "right",
  triggerClassName,
  panelClassName,
}: {
  readonly trigger: ReactNode;
  readonly triggerLabel?: string;
  /** The panel's content; a function receives `close`. */
  readonly children: ReactNode | ((close: () => void) => ReactNode);
  readonly align?: "left" | "right";
  readonly triggerClassName?: string;
  readonly panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={cn("focus-ring", triggerClassName)}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          className={cn(
            "absolute top-full z-40 mt-2 w-72 rounded-xl border border-line bg-surface p-2 shadow-xl",
            align === "right" ? "right-0" : "left-0",
            panelClassName,
          )}
        >
          {typeof children === "function" ? children(close) : children}
        </div>
      )}
    </div>
  );
}
