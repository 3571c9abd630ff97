export { TransactionToastProvider, useTransactionToasts, CONFIRMED_TOAST_MS, type TransactionRun } from "./TransactionToasts.js";
