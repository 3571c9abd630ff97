// The staged transaction toast's model: "Sign transaction", one step per transaction, then confirmed; failures keep
// the resolved message and what a retry re-runs.
export type StepStatus = "pending" | "active" | "done" | "failed";

export interface TransactionStep {
  readonly label: string;
  readonly status: StepStatus;
}

export interface TransactionToastState {
  readonly id: number;
  readonly title: string;
  readonly steps: readonly TransactionStep[];
  readonly status: "running" | "confirmed" | "failed";
  readonly signature?: string;
  readonly error?: string;
}

const SIGN_STEP = "Sign transaction";

/** A fresh toast: signing is under way, the transaction steps wait. */
export function startedToast(id: number, title: string, labels: readonly string[]): TransactionToastState {
  return {
    id,
    title,
    status: "running",
    steps: [{ label: SIGN_STEP, status: "active" }, ...labels.map((label) => ({ label, status: "pending" as const }))],
  };
}

/** Signed: the transactions are being sent and confirmed. */
export function signedToast(toast: TransactionToastState): TransactionToastState {
  return { ...toast, steps: toast.steps.map((s, i) => ({ ...s, status: i === 0 ? "done" : "active" })) };
}

export function confirmedToast(toast: TransactionToastState, signature: string): TransactionToastState {
  return { ...toast, status: "confirmed", signature, steps: toast.steps.map((s) => ({ ...s, status: "done" })) };
}

/** The first unfinished step failed; the rest never ran. */
export function failedToast(toast: TransactionToastState, error: string): TransactionToastState {
  return {
    ...toast,
    status: "failed",
    error,
    steps: toast.steps.map((s) => ({ ...s, status: s.status === "active" ? "failed" : s.status })),
  };
}
