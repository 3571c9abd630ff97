import { readInterestRateConfigOpt } from "../program/bank-config-args.js";
import { applyInterestRateConfigOpt, groupRoleAndBank, isFrozen } from "../program/bank-config-update.js";
import { validateInterestRateConfig } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";

/** The group's delegate curve admin edits the interest curve and fees only; a frozen bank is left as is. */
export const lendingPoolConfigureBankInterestOnly: InstructionHandler = {
  name: "lending_pool_configure_bank_interest_only",
  units: 12_000,
  run(_ctx, accounts, args) {
    const opt = readInterestRateConfigOpt(args);
    const { bank } = groupRoleAndBank(accounts, "delegateCurveAdmin", "delegate_curve_admin");
    const data = bank.account.data;
    if (isFrozen(data)) return;
    applyInterestRateConfigOpt(data, opt);
    validateInterestRateConfig(data);
  },
};
