import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { FeeVaultWithdrawalAccounts, withdrawFromAdminVault } from "../program/admin-vault-withdrawal.js";
import type { InstructionHandler } from "../program/entrypoint.js";

/** The group admin takes `amount` of the bank's collected group fees out of the fee vault, to any token account. */
export const lendingPoolWithdrawFees: InstructionHandler = {
  name: "lending_pool_withdraw_fees",
  units: 15_000,
  accounts: FeeVaultWithdrawalAccounts,
  run(ctx, _checks, args) {
    withdrawFromAdminVault(ctx, decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_withdraw_fees.args).amount, "fee");
  },
};
