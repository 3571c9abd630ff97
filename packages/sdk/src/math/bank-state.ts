// Which actions a bank takes, as the program decides it: its operational state (reference §14: paused banks take none,
// reduce-only banks only withdrawals and repayments, a bank killed by bankruptcy none ever again) and its kind (a bank
// over the third-party market only takes deposits and withdrawals: its deposits are lent on by that market).
import { BankOperationalState, type Bank } from "@ballast/protocol";
import { isKaminoBank } from "../state/kamino-reserves.js";

export type BankAction = "deposit" | "withdraw" | "borrow" | "repay";

/** Why a bank refuses an action before any amount is considered. */
export type BankActionRefusal = "paused" | "reduce-only" | "killed-by-bankruptcy" | "not-offered";

/** The bank's operational state by name. */
export type BankStateName = "operational" | "paused" | "reduce-only" | "killed-by-bankruptcy";

export function bankStateName(bank: Bank): BankStateName {
  switch (bank.config.operationalState) {
    case BankOperationalState.Operational:
      return "operational";
    case BankOperationalState.Paused:
      return "paused";
    case BankOperationalState.ReduceOnly:
      return "reduce-only";
    default:
      return "killed-by-bankruptcy";
  }
}

/** The actions the bank has at all: a Kamino bank has no borrowing side. */
export function bankActionsOffered(bank: Bank): readonly BankAction[] {
  return isKaminoBank(bank) ? ["deposit", "withdraw"] : ["deposit", "withdraw", "borrow", "repay"];
}

/** Why the bank refuses `action` whatever the amount (the program's 6016 / 6017 / 6084 checks), or null when it takes it. */
export function bankActionRefusal(bank: Bank, action: BankAction): BankActionRefusal | null {
  if (!bankActionsOffered(bank).includes(action)) return "not-offered";
  const state = bankStateName(bank);
  if (state === "paused" || state === "killed-by-bankruptcy") return state;
  if (state === "reduce-only" && (action === "deposit" || action === "borrow")) return state;
  return null;
}
