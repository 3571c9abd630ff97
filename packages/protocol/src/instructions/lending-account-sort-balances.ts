import { declareAccounts } from "@ballast/anchor";
import { marginfiAccount } from "../program/account-kinds.js";
import { sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";

const SortBalancesAccounts = declareAccounts({ marginfiAccount: marginfiAccount({ mut: "load" }) });

/** Permissionless: puts an account's balances in the order risk accounts are packed (active first, bank key descending). */
export const lendingAccountSortBalances: InstructionHandler = {
  name: "lending_account_sort_balances",
  units: 5_000,
  accounts: SortBalancesAccounts,
  run(ctx) {
    sortBalances(SortBalancesAccounts.load(ctx).accounts.marginfiAccount.data);
  },
};
