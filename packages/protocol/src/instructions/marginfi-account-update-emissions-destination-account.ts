import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { hasAccountFlag, requireNotDisabled, touchAccount } from "../program/user-accounts.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const a = MarginfiAccountLayout.fields;

/** The authority names the wallet that permissionless emissions withdrawals pay (to its canonical token account). */
export const marginfiAccountUpdateEmissionsDestinationAccount: InstructionHandler = {
  name: "marginfi_account_update_emissions_destination_account",
  units: 5_000,
  run(ctx, accounts) {
    const marginfiAccount = accounts.owned(0, "marginfi_account", MarginfiAccountLayout, { writable: true });
    const authority = accounts.signer(1, "authority");
    const destination = accounts.at(2);
    const account = marginfiAccount.account.data;
    if (a.authority.get(account) !== authority.key) fail("Unauthorized", "marginfi_account");
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_FROZEN)) fail("AccountFrozen");
    a.emissionsDestinationAccount.set(account, destination.key);
    touchAccount(account, ctx.clock.unixTimestamp);
  },
};
