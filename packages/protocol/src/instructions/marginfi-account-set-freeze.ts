import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupAccount, marginfiAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { touchAccount } from "../program/user-accounts.js";
import { setAccountFlag } from "../state/account-flags.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const a = MarginfiAccountLayout.fields;

const SetFreezeAccounts = declareAccounts(
  { group: groupAccount(), marginfiAccount: marginfiAccount({ mut: "load" }), admin: signer() },
  (x) => ({
    group: () => {
      if (MarginfiGroupLayout.fields.admin.get(x.group.data) !== x.admin.key) fail("Unauthorized", "group");
    },
    marginfiAccount: () => {
      if (a.group.get(x.marginfiAccount.data) !== x.group.key) fail("InvalidGroup", "marginfi_account");
    },
  }),
);

/**
 * The group admin freezes or thaws a margin account. While frozen, its authority is refused (6103) and only the
 * group admin may act on it.
 */
export const marginfiAccountSetFreeze: InstructionHandler = {
  name: "marginfi_account_set_freeze",
  units: 5_000,
  accounts: SetFreezeAccounts,
  run(ctx, _checks, args) {
    const { frozen } = decodeArgs(args, LENDING_INSTRUCTIONS.marginfi_account_set_freeze.args);
    const { group, marginfiAccount, admin } = SetFreezeAccounts.load(ctx).accounts;
    const account = marginfiAccount.data;
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
