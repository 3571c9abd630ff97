import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn.js";
import { registerModal } from "./top-layer.js";

export interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  /** "center" is a modal card; "sheet" slides up from the bottom on small screens and sits right on large ones. */
  readonly variant?: "center" | "sheet";
  readonly className?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert and closes on Escape; a click on the
 * backdrop closes too. Focus returns to what had it before. The toasts move inside the topmost open dialog.
 */
export function Dialog({ open, onClose, title, description, children, footer, variant = "center", className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    // While shown, the toasts render inside it: above its backdrop and reachable from its focus trap.
    const unregister = registerModal(dialog);
    return () => {
      unregister();
      if (dialog.open) dialog.close();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        "m-0 max-h-[100dvh] max-w-none bg-transparent p-0 text-fg backdrop:bg-black/50 backdrop:backdrop-blur-[2px]",
        variant === "center"
          ? "fixed inset-0 m-auto h-fit w-[min(32rem,calc(100vw-2rem))]"
          : "fixed inset-x-0 bottom-0 mt-auto w-full sm:inset-y-0 sm:right-0 sm:left-auto sm:h-full sm:w-[28rem]",
      )}
    >
      {open && (
        <div
          className={cn(
            "flex max-h-[90dvh] flex-col border border-line bg-surface shadow-xl",
            variant === "center" ? "rounded-2xl" : "rounded-t-2xl sm:h-full sm:max-h-none sm:rounded-none sm:rounded-l-2xl",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-muted">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              aria-keyshortcuts="Escape"
              className="focus-ring -m-1 rounded-md p-1 text-muted hover:text-fg"
            >
              <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
