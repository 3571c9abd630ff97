import { declareAccounts, signer } from "@ballast/anchor";
import { bankAccount, groupAccount, marginfiAccount } from "../program/account-kinds.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkStandardBank, hasBankFlag, touchAccount } from "../program/user-accounts.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const PurgeDeleverageBalanceAccounts = declareAccounts(
  { group: groupAccount(), marginfiAccount: marginfiAccount({ mut: "load" }), riskAdmin: signer(), bank: bankAccount({ mut: "load" }) },
  (a) => ({
    group: () => {
      if (MarginfiGroupLayout.fields.riskAdmin.get(a.group.data) !== a.riskAdmin.key) fail("Unauthorized", "group");
    },
    marginfiAccount: () => {
      if (MarginfiAccountLayout.fields.group.get(a.marginfiAccount.data) !== a.group.key) fail("InvalidGroup", "marginfi_account");
    },
    bank: () => {
      checkStandardBank(a.bank, a.group, null);
      if (!hasBankFlag(a.bank.data, BankFlags.TOKENLESS_REPAYMENTS_COMPLETE)) fail("ForbiddenIx", "bank");
    },
  }),
);

/** After a bank's sunset completes, the risk admin removes a remaining deposit from an account without paying it out. */
export const purgeDeleverageBalance: InstructionHandler = {
  name: "purge_deleverage_balance",
  units: 12_000,
  accounts: PurgeDeleverageBalanceAccounts,
  run(ctx) {
    const { marginfiAccount, bank } = PurgeDeleverageBalanceAccounts.load(ctx).accounts;
    const account = marginfiAccount.data;
    existingBalance(account, bank.key, bank.data).purge();
    sortBalances(account);
    touchAccount(account, ctx.clock.unixTimestamp);
  },
};
