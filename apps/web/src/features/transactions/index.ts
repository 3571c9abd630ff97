export { TransactionToastProvider, useTransactionToasts, CONFIRMED_TOAST_MS, type TransactionRun } from "./TransactionToasts.js";
export { SIGN_STEP, failureMessage, withSigningNotice, type TransactionToastState, type TransactionStep } from "./stages.js";
