import { existingBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkStandardBank, hasBankFlag, touchAccount } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/** After a bank's sunset completes, the risk admin removes a remaining deposit from an account without paying it out. */
export const purgeDeleverageBalance: InstructionHandler = {
  name: "purge_deleverage_balance",
  units: 12_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const marginfiAccount = accounts.owned(1, "marginfi_account", MarginfiAccountLayout, { writable: true });
    const riskAdmin = accounts.signer(2, "risk_admin");
    const bank = accounts.owned(3, "bank", BankLayout, { writable: true });
    if (MarginfiGroupLayout.fields.riskAdmin.get(group.account.data) !== riskAdmin.key) fail("Unauthorized", "group");
    if (MarginfiAccountLayout.fields.group.get(marginfiAccount.account.data) !== group.key) fail("InvalidGroup", "marginfi_account");
    checkStandardBank(bank, group, null);
    if (!hasBankFlag(bank.account.data, BankFlags.TOKENLESS_REPAYMENTS_COMPLETE)) fail("ForbiddenIx", "bank");
    const account = marginfiAccount.account.data;
    existingBalance(account, bank.key, bank.account.data).purge();
    sortBalances(account);
    touchAccount(account, ctx.clock.unixTimestamp);
  },
};
