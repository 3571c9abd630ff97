import { declareAccounts } from "@ballast/anchor";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import {
  checkStandardBank,
  checkUserAuthorization,
  requireNotDisabled,
  touchAccount,
  userBankDeclarations,
} from "../program/user-accounts.js";

const CloseBalanceAccounts = declareAccounts(userBankDeclarations(), (a) => ({
  marginfiAccount: () => checkUserAuthorization(a.marginfiAccount, a.group, a.authority, false),
  bank: () => checkStandardBank(a.bank, a.group, null),
}));

/** Frees the slot of a balance that holds nothing (under 0.0001 token either side) and under one unit of emissions. */
export const lendingAccountCloseBalance: InstructionHandler = {
  name: "lending_account_close_balance",
  units: 15_000,
  accounts: CloseBalanceAccounts,
  run(ctx) {
    const { accounts: a } = CloseBalanceAccounts.load(ctx);
    const now = ctx.clock.unixTimestamp;
    const account = a.marginfiAccount.data;
    const bankData = a.bank.data;
    requireNotDisabled(account);
    accrueAndReport(ctx, a.bank, a.group);
    updateBankRateCache(bankData, a.group.data, now);
    existingBalance(account, a.bank.key, bankData).close(now, (m) => ctx.log(m));
    sortBalances(account);
    touchAccount(account, now);
  },
};
