import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { InsuranceVaultWithdrawalAccounts, withdrawFromAdminVault } from "../program/admin-vault-withdrawal.js";
import type { InstructionHandler } from "../program/entrypoint.js";

/** The group admin takes `amount` out of the bank's insurance vault, to any token account. */
export const lendingPoolWithdrawInsurance: InstructionHandler = {
  name: "lending_pool_withdraw_insurance",
  units: 15_000,
  accounts: InsuranceVaultWithdrawalAccounts,
  run(ctx, _checks, args) {
    withdrawFromAdminVault(ctx, decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_withdraw_insurance.args).amount, "insurance");
  },
};
