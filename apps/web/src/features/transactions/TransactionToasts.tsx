// Staged transaction toasts (reference §2.5): each action gets one toast that walks through signing, its transactions
// and confirmation, shows the shortened signature with a copy button, and on failure the resolved message with Retry.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { ActionErrorContext, ActionWallet } from "@ballast/sdk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicKey } from "@solana/web3.js";
import { refreshAfterFailure } from "../../queries/refresh.js";
import { Button, ToastLayer, cn, useToastSlot } from "../../ui/index.js";
import { confirmedToast, failedToast, signedToast, startedToast, type StepStatus, type TransactionToastState } from "./stages.js";
import { ExplorerLink } from "../explorer/ExplorerLink.js";

/** The SDK side of a send, on demand: the action box that starts a send has loaded the SDK already. */
const signing = () => import("./signing.js");

/** Closes a confirmed toast after this long, unless the user is on it; failures stay until dismissed. */
export const CONFIRMED_TOAST_MS = 7_500;

export interface TransactionRun<T> {
  readonly title: string;
  /** One label per transaction, e.g. "Create account", "Deposit 1.5 SOL". */
  readonly steps: readonly string[];
  readonly wallet: ActionWallet;
  readonly lendingProgramId: PublicKey;
  /** Builds and sends with the wallet given (it reports signing); resolves once confirmed. */
  readonly send: (wallet: ActionWallet) => Promise<T>;
  readonly signatureOf: (result: T) => string;
  /** After every confirmed run, retries included. */
  readonly onConfirmed?: (result: T) => void | Promise<void>;
  /** The bank action being sent, so a program error can say what it means for it ("You have no USDC debt to repay"). */
  readonly action?: ActionErrorContext;
}

interface TransactionToastApi {
  /** Runs the transaction under a toast; resolves true when it confirmed, false when it failed (the toast offers Retry). */
  readonly run: <T>(run: TransactionRun<T>) => Promise<boolean>;
}

const TransactionToastContext = createContext<TransactionToastApi | null>(null);

/** What a confirmed send leaves: the signature the toast shows, and the run's follow-up. */
interface Landed {
  readonly signature: string;
  readonly onConfirmed: () => void | Promise<void>;
}

/** One send under the toast `id`, its result type closed over so runs of any result share one mutation. */
interface ToastedSend {
  readonly id: number;
  readonly title: string;
  readonly steps: readonly string[];
  readonly wallet: ActionWallet;
  readonly lendingProgramId: PublicKey;
  readonly action?: ActionErrorContext;
  readonly send: (wallet: ActionWallet) => Promise<Landed>;
}

function toastedSend<T>(id: number, run: TransactionRun<T>): ToastedSend {
  return {
    id,
    title: run.title,
    steps: run.steps,
    wallet: run.wallet,
    lendingProgramId: run.lendingProgramId,
    action: run.action,
    send: async (wallet) => {
      const result = await run.send(wallet);
      return { signature: run.signatureOf(result), onConfirmed: () => run.onConfirmed?.(result) };
    },
  };
}

export function TransactionToastProvider({ children }: { readonly children: ReactNode }) {
  const [toasts, setToasts] = useState<TransactionToastState[]>([]);
  const retries = useRef(new Map<number, () => void>());
  const nextId = useRef(1);
  const elements = useRef(new Map<number, HTMLElement>());
  const client = useQueryClient();

  const update = useCallback((id: number, change: (toast: TransactionToastState) => TransactionToastState) => {
    setToasts((list) => list.map((t) => (t.id === id ? change(t) : t)));
  }, []);
  const dismiss = useCallback((id: number) => {
    retries.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  // A toast the user is on (keyboard focus or pointer) stays until they leave it, then closes after the same delay.
  const closeWhenIdle = useCallback(
    function closeLater(id: number) {
      setTimeout(() => {
        const element = elements.current.get(id);
        if (element && (element.contains(document.activeElement) || element.matches(":hover"))) closeLater(id);
        else dismiss(id);
      }, CONFIRMED_TOAST_MS);
    },
    [dismiss],
  );

  // Sign, send and confirm; the toast follows each stage. A follow-up that throws fails the toast like the send would.
  const { mutateAsync: sendTransaction } = useMutation({
    mutationFn: async (send: ToastedSend) => {
      const { withSigningNotice } = await signing();
      return send.send(withSigningNotice(send.wallet, () => update(send.id, signedToast)));
    },
    onMutate: ({ id, title, steps }) => {
      setToasts((list) => [...list.filter((t) => t.id !== id).slice(-2), startedToast(id, title, steps)]);
    },
    onSuccess: async (landed, { id }) => {
      update(id, (t) => confirmedToast(t, landed.signature));
      retries.current.delete(id);
      closeWhenIdle(id);
      await landed.onConfirmed();
    },
    onError: async (error, send) => {
      const { failureMessage } = await signing();
      const message = failureMessage(error, send.lendingProgramId, send.action);
      retries.current.set(send.id, () => void execute(send));
      update(send.id, (t) => failedToast(t, message));
      // The send was built from what the screen showed, which may be what made it fail: show the chain as it is.
      // Refetch failures stay on the queries themselves (invalidation does not throw).
      void refreshAfterFailure(client);
    },
  });
  // Resolves whether it landed; a failure is on its toast, which offers Retry.
  const execute = useCallback(
    (send: ToastedSend): Promise<boolean> =>
      sendTransaction(send).then(
        () => true,
        () => false,
      ),
    [sendTransaction],
  );

  const run = useCallback(<T,>(r: TransactionRun<T>) => execute(toastedSend(nextId.current++, r)), [execute]);
  const api = useMemo(() => ({ run }), [run]);
  // In the app's notification region (above any dialog, see ToastLayer); a region of their own without one.
  const slot = useToastSlot();

  const list = (
    <div aria-label="Transactions" className="flex flex-col gap-2">
      {toasts.map((toast) => (
        <TransactionToast
          key={toast.id}
          toast={toast}
          elementRef={(element) => {
            if (element) elements.current.set(toast.id, element);
            else elements.current.delete(toast.id);
          }}
          onDismiss={() => dismiss(toast.id)}
          onRetry={retries.current.has(toast.id) ? () => retries.current.get(toast.id)?.() : undefined}
        />
      ))}
    </div>
  );
  return (
    <TransactionToastContext.Provider value={api}>
      {children}
      {slot ? createPortal(list, slot) : <ToastLayer>{list}</ToastLayer>}
    </TransactionToastContext.Provider>
  );
}

export function useTransactionToasts(): TransactionToastApi {
  const api = useContext(TransactionToastContext);
  if (!api) throw new Error("useTransactionToasts must be under TransactionToastProvider");
  return api;
}

const STEP_MARKS: Record<StepStatus, string> = { pending: "○", active: "◌", done: "✓", failed: "✕" };
const STEP_STYLES: Record<StepStatus, string> = {
  pending: "text-muted",
  active: "text-fg font-medium",
  done: "text-success",
  failed: "text-danger",
};

function TransactionToast({
  toast,
  elementRef,
  onDismiss,
  onRetry,
}: {
  readonly toast: TransactionToastState;
  readonly elementRef: (element: HTMLDivElement | null) => void;
  readonly onDismiss: () => void;
  readonly onRetry?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const failed = toast.status === "failed";
  return (
    <div
      ref={elementRef}
      role={failed ? "alert" : "status"}
      aria-live={failed ? "assertive" : "polite"}
      aria-label={toast.title}
      className={cn(
        "pointer-events-auto w-full rounded-xl border bg-surface p-4 text-sm shadow-lg",
        failed ? "border-danger/60" : toast.status === "confirmed" ? "border-success/50" : "border-line",
      )}
    >
      <div className="flex items-start gap-3">
        <p className={cn("min-w-0 flex-1 font-medium", failed ? "text-danger" : "text-fg")}>{toast.title}</p>
        <button type="button" aria-label="Dismiss" onClick={onDismiss} className="focus-ring rounded text-muted hover:text-fg">
          ×
        </button>
      </div>
      <ol className="mt-2 flex flex-col gap-1" aria-label="Steps">
        {toast.steps.map((step) => (
          <li key={step.label} className={cn("flex items-center gap-2", STEP_STYLES[step.status])} data-status={step.status}>
            <span aria-hidden="true" className={cn("w-4 text-center", step.status === "active" && "animate-pulse")}>
              {STEP_MARKS[step.status]}
            </span>
            {step.label}
            <span className="sr-only"> ({step.status})</span>
          </li>
        ))}
        <li className={cn("flex items-center gap-2", toast.status === "confirmed" ? "text-success" : "text-muted")}>
          <span aria-hidden="true" className="w-4 text-center">
            {toast.status === "confirmed" ? "✓" : "○"}
          </span>
          Confirmed
        </li>
      </ol>
      {toast.signature && (
        <div className="mt-3 flex items-center gap-2 text-muted">
          <span>Signature</span>
          <ExplorerLink target={{ kind: "tx", signature: toast.signature }} />
          <Button
            size="sm"
            variant="ghost"
            aria-label="Copy signature"
            onClick={() => {
              void navigator.clipboard?.writeText(toast.signature!).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
      )}
      {failed && (
        <div className="mt-3 flex flex-col gap-2">
          <p className="break-words text-danger">{toast.error}</p>
          {onRetry && (
            <Button size="sm" variant="secondary" className="self-start" onClick={onRetry}>
              Retry
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
