import { declareAccounts, signer, unchecked } from "@ballast/anchor";
import { marginfiAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { requireNotDisabled, touchAccount } from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const a = MarginfiAccountLayout.fields;

const UpdateEmissionsDestinationAccounts = declareAccounts(
  { marginfiAccount: marginfiAccount({ mut: "load" }), authority: signer(), destinationAccount: unchecked() },
  (x) => ({
    marginfiAccount: () => {
      if (a.authority.get(x.marginfiAccount.data) !== x.authority.key) fail("Unauthorized", "marginfi_account");
    },
  }),
);

/** The authority names the wallet that permissionless emissions withdrawals pay (to its canonical token account). */
export const marginfiAccountUpdateEmissionsDestinationAccount: InstructionHandler = {
  name: "marginfi_account_update_emissions_destination_account",
  units: 5_000,
  accounts: UpdateEmissionsDestinationAccounts,
  run(ctx) {
    const { marginfiAccount, destinationAccount } = UpdateEmissionsDestinationAccounts.load(ctx).accounts;
    const account = marginfiAccount.data;
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_FROZEN)) fail("AccountFrozen");
    a.emissionsDestinationAccount.set(account, destinationAccount.key);
    touchAccount(account, ctx.clock.unixTimestamp);
  },
};
