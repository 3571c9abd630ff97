import { declareAccounts } from "@ballast/anchor";
import { bankAccount, marginfiAccount } from "../program/account-kinds.js";
import { existingBalance } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { touchAccount } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const SettleEmissionsAccounts = declareAccounts(
  { marginfiAccount: marginfiAccount({ mut: "load" }), bank: bankAccount({ mut: "load" }) },
  (a) => ({
    marginfiAccount: () => {
      if (MarginfiAccountLayout.fields.group.get(a.marginfiAccount.data) !== BankLayout.fields.group.get(a.bank.data)) {
        fail("ConstraintRaw", "marginfi_account");
      }
    },
    bank: () => {
      const tag = BankLayout.fields.config.fields.assetTag.get(a.bank.data);
      if (tag !== AssetTag.Default && tag !== AssetTag.Sol && tag !== AssetTag.Staked) fail("WrongAssetTagForStandardInstructions", "bank");
    },
  }),
);

/** Permissionless: books a balance's emissions up to now into emissions_outstanding, moving no tokens. */
export const lendingAccountSettleEmissions: InstructionHandler = {
  name: "lending_account_settle_emissions",
  units: 10_000,
  accounts: SettleEmissionsAccounts,
  run(ctx) {
    const { accounts: a } = SettleEmissionsAccounts.load(ctx);
    const account = a.marginfiAccount.data;
    const now = ctx.clock.unixTimestamp;
    existingBalance(account, a.bank.key, a.bank.data).claimEmissions(now);
    touchAccount(account, now);
  },
};
