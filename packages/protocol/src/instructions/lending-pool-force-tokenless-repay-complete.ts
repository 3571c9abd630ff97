import { declareAccounts, signer } from "@ballast/anchor";
import { bankAccount, groupAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

const ForceTokenlessRepayCompleteAccounts = declareAccounts(
  { group: groupAccount(), riskAdmin: signer(), bank: bankAccount({ mut: "load" }) },
  (a) => ({
    group: () => {
      if (MarginfiGroupLayout.fields.riskAdmin.get(a.group.data) !== a.riskAdmin.key) fail("Unauthorized", "group");
    },
    bank: () => checkBankOfGroup(a.bank, a.group),
  }),
);

/** The risk admin declares a sunset bank's tokenless repayments complete, so its lenders can be paid out and purged. */
export const lendingPoolForceTokenlessRepayComplete: InstructionHandler = {
  name: "lending_pool_force_tokenless_repay_complete",
  units: 5_000,
  accounts: ForceTokenlessRepayCompleteAccounts,
  run(ctx) {
    const bank = ForceTokenlessRepayCompleteAccounts.load(ctx).accounts.bank.data;
    const flags = BankLayout.fields.flags.get(bank);
    if ((flags & BankFlags.TOKENLESS_REPAYMENTS_ALLOWED) !== 0n) {
      BankLayout.fields.flags.set(bank, flags | BankFlags.TOKENLESS_REPAYMENTS_COMPLETE);
    }
  },
};
