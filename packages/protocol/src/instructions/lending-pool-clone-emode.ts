import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";

/**
 * The group admin or its emode admin copies one bank's whole emode settings (tag, timestamp, flags, entries) onto
 * another bank of the group, as they are: the copy is not re-validated against the target's liability weights.
 */
export const lendingPoolCloneEmode: InstructionHandler = {
  name: "lending_pool_clone_emode",
  units: 8_000,
  run(_ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const signer = accounts.signer(1, "signer");
    const from = accounts.owned(2, "copy_from_bank", BankLayout);
    const to = accounts.owned(3, "copy_to_bank", BankLayout, { writable: true });
    if (BankLayout.fields.group.get(from.account.data) !== group.key) fail("InvalidGroup", "copy_from_bank");
    if (BankLayout.fields.group.get(to.account.data) !== group.key) fail("InvalidGroup", "copy_to_bank");
    const g = MarginfiGroupLayout.fields;
    if (signer.key !== g.admin.get(group.account.data) && signer.key !== g.emodeAdmin.get(group.account.data)) fail("Unauthorized");

    const emode = BankLayout.fields.emode;
    emode.set(to.account.data, emode.get(from.account.data));
  },
};
