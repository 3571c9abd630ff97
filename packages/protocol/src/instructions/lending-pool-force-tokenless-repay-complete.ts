import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

/** The risk admin declares a sunset bank's tokenless repayments complete, so its lenders can be paid out and purged. */
export const lendingPoolForceTokenlessRepayComplete: InstructionHandler = {
  name: "lending_pool_force_tokenless_repay_complete",
  units: 5_000,
  run(_ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const riskAdmin = accounts.signer(1, "risk_admin");
    const bank = accounts.owned(2, "bank", BankLayout, { writable: true });
    if (MarginfiGroupLayout.fields.riskAdmin.get(group.account.data) !== riskAdmin.key) fail("Unauthorized", "group");
    if (BankLayout.fields.group.get(bank.account.data) !== group.key) fail("InvalidGroup", "bank");
    const flags = BankLayout.fields.flags.get(bank.account.data);
    if ((flags & BankFlags.TOKENLESS_REPAYMENTS_ALLOWED) !== 0n) {
      BankLayout.fields.flags.set(bank.account.data, flags | BankFlags.TOKENLESS_REPAYMENTS_COMPLETE);
    }
  },
};
