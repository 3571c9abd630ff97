import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkStandardBank, checkUserAuthorization, requireNotDisabled, touchAccount, userBankAccounts } from "../program/user-accounts.js";

/** Frees the slot of a balance that holds nothing (under 0.0001 token either side) and under one unit of emissions. */
export const lendingAccountCloseBalance: InstructionHandler = {
  name: "lending_account_close_balance",
  units: 15_000,
  run(ctx, accounts) {
    const { group, marginfiAccount, signer, bank: bankAccount } = userBankAccounts(accounts);
    checkUserAuthorization(marginfiAccount, group, signer, false);
    checkStandardBank(bankAccount, group, null);
    const now = ctx.clock.unixTimestamp;
    const account = marginfiAccount.account.data;
    const bankData = bankAccount.account.data;
    requireNotDisabled(account);
    accrueAndReport(ctx, bankAccount, group);
    updateBankRateCache(bankData, group.account.data, now);
    existingBalance(account, bankAccount.key, bankData).close(now, (m) => ctx.log(m));
    sortBalances(account);
    touchAccount(account, now);
  },
};
