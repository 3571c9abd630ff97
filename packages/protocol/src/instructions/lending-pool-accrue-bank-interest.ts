import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";

/**
 * Permissionless: accrues the bank's interest up to now and refreshes its rate cache. Not gated by a panic pause,
 * so interest keeps accruing while the protocol is paused.
 */
export const lendingPoolAccrueBankInterest: InstructionHandler = {
  name: "lending_pool_accrue_bank_interest",
  units: 12_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const bank = accounts.owned(1, "bank", BankLayout);
    accounts.writable(bank, "bank");
    checkBankOfGroup(bank, group);

    const data = bank.account.data;
    const now = ctx.clock.unixTimestamp;
    accrueAndReport(ctx, bank, group);
    updateBankRateCache(data, group.account.data, now);
  },
};
