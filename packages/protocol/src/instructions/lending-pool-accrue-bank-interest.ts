import { declareAccounts } from "@ballast/anchor";
import { bankAccount, groupAccount } from "../program/account-kinds.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";

const AccrueBankInterestAccounts = declareAccounts({ group: groupAccount(), bank: bankAccount({ mut: "constraint" }) }, (a) => ({
  bank: () => checkBankOfGroup(a.bank, a.group),
}));

/**
 * Permissionless: accrues the bank's interest up to now and refreshes its rate cache. Not gated by a panic pause,
 * so interest keeps accruing while the protocol is paused.
 */
export const lendingPoolAccrueBankInterest: InstructionHandler = {
  name: "lending_pool_accrue_bank_interest",
  units: 12_000,
  accounts: AccrueBankInterestAccounts,
  run(ctx) {
    const { group, bank } = AccrueBankInterestAccounts.load(ctx).accounts;
    const data = bank.data;
    const now = ctx.clock.unixTimestamp;
    accrueAndReport(ctx, bank, group);
    updateBankRateCache(data, group.data, now);
  },
};
