import { withdrawFromAdminVault } from "../program/admin-vault-withdrawal.js";
import type { InstructionHandler } from "../program/entrypoint.js";

/** The group admin takes `amount` of the bank's collected group fees out of the fee vault, to any token account. */
export const lendingPoolWithdrawFees: InstructionHandler = {
  name: "lending_pool_withdraw_fees",
  units: 15_000,
  run(ctx, accounts, args) {
    withdrawFromAdminVault(ctx, accounts, args.u64(), "fee");
  },
};
