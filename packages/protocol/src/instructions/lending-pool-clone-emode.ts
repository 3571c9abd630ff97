import { declareAccounts, signer } from "@ballast/anchor";
import { bankAccount, groupAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";

const CloneEmodeAccounts = declareAccounts(
  { group: groupAccount(), signer: signer(), copyFromBank: bankAccount(), copyToBank: bankAccount({ mut: "load" }) },
  (a) => ({
    copyFromBank: () => {
      if (BankLayout.fields.group.get(a.copyFromBank.data) !== a.group.key) fail("InvalidGroup", "copy_from_bank");
    },
    copyToBank: () => {
      if (BankLayout.fields.group.get(a.copyToBank.data) !== a.group.key) fail("InvalidGroup", "copy_to_bank");
    },
  }),
);

/**
 * The group admin or its emode admin copies one bank's whole emode settings (tag, timestamp, flags, entries) onto
 * another bank of the group, as they are: the copy is not re-validated against the target's liability weights.
 */
export const lendingPoolCloneEmode: InstructionHandler = {
  name: "lending_pool_clone_emode",
  units: 8_000,
  accounts: CloneEmodeAccounts,
  run(ctx) {
    const { group, signer, copyFromBank: from, copyToBank: to } = CloneEmodeAccounts.load(ctx).accounts;
    const g = MarginfiGroupLayout.fields;
    if (signer.key !== g.admin.get(group.data) && signer.key !== g.emodeAdmin.get(group.data)) fail("Unauthorized");

    const emode = BankLayout.fields.emode;
    emode.set(to.data, emode.get(from.data));
  },
};
