import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupRoleAndBankSpec, isFrozen } from "../program/bank-config-update.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { BankLayout } from "../state/bank.js";

const ConfigureLimitsAccounts = groupRoleAndBankSpec("delegateLimitAdmin", "delegate_limit_admin");

/**
 * The group's delegate limit admin sets the deposit, borrow and total-asset-value-init limits, unvalidated; a
 * frozen bank takes only the deposit and borrow limits.
 */
export const lendingPoolConfigureBankLimitsOnly: InstructionHandler = {
  name: "lending_pool_configure_bank_limits_only",
  units: 8_000,
  accounts: ConfigureLimitsAccounts,
  run(ctx, _checks, args) {
    const { depositLimit, borrowLimit, totalAssetValueInitLimit } = decodeArgs(
      args,
      LENDING_INSTRUCTIONS.lending_pool_configure_bank_limits_only.args,
    );
    const { bank } = ConfigureLimitsAccounts.load(ctx).accounts;
    const data = bank.data;
    const c = BankLayout.fields.config.fields;
    if (depositLimit !== null) c.depositLimit.set(data, depositLimit);
    if (borrowLimit !== null) c.borrowLimit.set(data, borrowLimit);
    if (totalAssetValueInitLimit !== null && !isFrozen(data)) c.totalAssetValueInitLimit.set(data, totalAssetValueInitLimit);
  },
};
