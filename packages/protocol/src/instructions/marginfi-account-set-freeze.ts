import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { setAccountFlag, touchAccount } from "../program/user-accounts.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const a = MarginfiAccountLayout.fields;

/**
 * The group admin freezes or thaws a margin account. While frozen, its authority is refused (6103) and only the
 * group admin may act on it.
 */
export const marginfiAccountSetFreeze: InstructionHandler = {
  name: "marginfi_account_set_freeze",
  units: 5_000,
  run(ctx, accounts, args) {
    const frozen = args.bool();
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const marginfiAccount = accounts.owned(1, "marginfi_account", MarginfiAccountLayout, { writable: true });
    const admin = accounts.signer(2, "admin");
    if (MarginfiGroupLayout.fields.admin.get(group.account.data) !== admin.key) fail("Unauthorized", "group");
    const account = marginfiAccount.account.data;
    if (a.group.get(account) !== group.key) fail("InvalidGroup", "marginfi_account");
    setAccountFlag(account, AccountFlags.ACCOUNT_FROZEN, frozen);
    touchAccount(account, ctx.clock.unixTimestamp);
    emitEvent(ctx, "MarginfiAccountFreezeEvent", {
      header: {
        signer: admin.key,
        marginfiAccount: marginfiAccount.key,
        marginfiAccountAuthority: a.authority.get(account),
        marginfiGroup: group.key,
      },
      frozen,
    });
  },
};
