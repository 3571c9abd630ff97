import { sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/** Permissionless: puts an account's balances in the order risk accounts are packed (active first, bank key descending). */
export const lendingAccountSortBalances: InstructionHandler = {
  name: "lending_account_sort_balances",
  units: 5_000,
  run(_ctx, accounts) {
    const marginfiAccount = accounts.owned(0, "marginfi_account", MarginfiAccountLayout, { writable: true });
    sortBalances(marginfiAccount.account.data);
  },
};
