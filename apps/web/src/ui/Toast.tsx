import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "./cn.js";
import { useTopModal } from "./top-layer.js";

export type ToastTone = "info" | "success" | "error";

export interface ToastInput {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly tone?: ToastTone;
  /** Milliseconds before it closes by itself; errors stay until dismissed unless given. */
  readonly durationMs?: number;
}

interface ToastEntry extends ToastInput {
  readonly id: number;
}

interface ToastApi {
  readonly toast: (input: ToastInput) => number;
  readonly dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** Where other toast lists (the transactions') render: a slot at the top of the notification region. */
const ToastSlotContext = createContext<HTMLElement | null>(null);

const TONE_STYLES: Record<ToastTone, string> = {
  info: "border-line",
  success: "border-success/50",
  error: "border-danger/60",
};

/** The notification region: top of the screen on phones (a bottom sheet fills the rest), bottom left on larger ones. */
const REGION_CLASS =
  "pointer-events-none fixed inset-x-3 top-3 z-[60] flex flex-col gap-2 sm:inset-x-auto sm:top-auto sm:bottom-4 sm:left-4 sm:w-96";

/**
 * Renders `children` where nothing covers them: inside the topmost open modal dialog (which sits in the browser's top
 * layer and makes the rest of the page inert), or at the end of the body while none is open.
 */
export function ToastLayer({ children }: { readonly children: ReactNode }) {
  const modal = useTopModal();
  const host = modal ?? (typeof document === "undefined" ? null : document.body);
  return host ? createPortal(<div className={REGION_CLASS}>{children}</div>, host) : null;
}

/**
 * Holds the toasts and renders them in a polite live region above everything, a modal dialog included; each toast's
 * Dismiss button is in the keyboard order (after the dialog's own controls while one is open).
 */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { ...input, id }]);
      const duration = input.durationMs ?? (input.tone === "error" ? undefined : 6_000);
      if (duration !== undefined) setTimeout(() => dismiss(id), duration);
      return id;
    },
    [dismiss],
  );
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <ToastSlotContext.Provider value={slot}>{children}</ToastSlotContext.Provider>
      <ToastLayer>
        <div ref={setSlot} className="contents" />
        <div aria-live="polite" aria-label="Notifications" className="flex flex-col gap-2">
          {toasts.map((t) => (
            <div
              key={t.id}
              role={t.tone === "error" ? "alert" : "status"}
              className={cn("pointer-events-auto w-full rounded-xl border bg-surface p-4 text-sm shadow-lg", TONE_STYLES[t.tone ?? "info"])}
            >
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className={cn("font-medium", t.tone === "error" ? "text-danger" : "text-fg")}>{t.title}</p>
                  {t.description && <div className="mt-1 break-words text-muted">{t.description}</div>}
                </div>
                <button
                  type="button"
                  aria-label="Dismiss"
                  onClick={() => dismiss(t.id)}
                  className="focus-ring rounded text-muted hover:text-fg"
                >
                  ×
                </button>
              </div>
            </div>
          ))}
        </div>
      </ToastLayer>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be under ToastProvider");
  return api;
}

/** The notification region's slot for another toast list, or null outside a ToastProvider. */
export function useToastSlot(): HTMLElement | null {
  return useContext(ToastSlotContext);
}
