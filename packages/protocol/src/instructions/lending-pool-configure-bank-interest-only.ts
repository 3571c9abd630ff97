import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { applyInterestRateConfigOpt, groupRoleAndBankSpec, isFrozen } from "../program/bank-config-update.js";
import { validateInterestRateConfig } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";

const ConfigureInterestAccounts = groupRoleAndBankSpec("delegateCurveAdmin", "delegate_curve_admin");

/** The group's delegate curve admin edits the interest curve and fees only; a frozen bank is left as is. */
export const lendingPoolConfigureBankInterestOnly: InstructionHandler = {
  name: "lending_pool_configure_bank_interest_only",
  units: 12_000,
  accounts: ConfigureInterestAccounts,
  run(ctx, _checks, args) {
    const { interestRateConfig: opt } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_configure_bank_interest_only.args);
    const { bank } = ConfigureInterestAccounts.load(ctx).accounts;
    const data = bank.data;
    if (isFrozen(data)) return;
    applyInterestRateConfigOpt(data, opt);
    validateInterestRateConfig(data);
  },
};
