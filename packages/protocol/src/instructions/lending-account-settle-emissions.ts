import { existingBalance } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { touchAccount } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/** Permissionless: books a balance's emissions up to now into emissions_outstanding, moving no tokens. */
export const lendingAccountSettleEmissions: InstructionHandler = {
  name: "lending_account_settle_emissions",
  units: 10_000,
  run(ctx, accounts) {
    const marginfiAccount = accounts.owned(0, "marginfi_account", MarginfiAccountLayout, { writable: true });
    const bank = accounts.owned(1, "bank", BankLayout, { writable: true });
    const account = marginfiAccount.account.data;
    const bankData = bank.account.data;
    if (MarginfiAccountLayout.fields.group.get(account) !== BankLayout.fields.group.get(bankData)) {
      fail("ConstraintRaw", "marginfi_account");
    }
    const tag = BankLayout.fields.config.fields.assetTag.get(bankData);
    if (tag !== AssetTag.Default && tag !== AssetTag.Sol && tag !== AssetTag.Staked) fail("WrongAssetTagForStandardInstructions", "bank");

    const now = ctx.clock.unixTimestamp;
    existingBalance(account, bank.key, bankData).claimEmissions(now);
    touchAccount(account, now);
  },
};
