import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn.js";

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

const TONE_STYLES: Record<ToastTone, string> = {
  info: "border-line",
  success: "border-success/50",
  error: "border-danger/60",
};

/** Holds the toasts and renders them in a polite live region at the bottom corner. */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
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
      {children}
      <div
        aria-live="polite"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-3 bottom-20 z-50 flex flex-col items-end gap-2 sm:right-4 sm:bottom-4 sm:left-auto sm:w-96"
      >
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
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be under ToastProvider");
  return api;
}
