import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { applyInterestRateConfigOpt, groupRoleAndBankSpec, isFrozen, setBankFlag } from "../program/bank-config-update.js";
import { validateBankConfig, validateBankEmode } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { BankOperationalState } from "../state/enums.js";
import { BankFlags } from "../state/flags.js";
import { emitEvent } from "../program/events.js";

const ConfigureBankAccounts = groupRoleAndBankSpec("admin", "admin");

/**
 * The group admin applies every Some field of BankConfigOpt, then the bank config and its emode entries are
 * re-validated. A frozen bank (FREEZE_SETTINGS) only takes the deposit and borrow limits, unvalidated.
 */
export const lendingPoolConfigureBank: InstructionHandler = {
  name: "lending_pool_configure_bank",
  units: 20_000,
  accounts: ConfigureBankAccounts,
  run(ctx, _checks, args) {
    const { bankConfigOpt: opt } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_configure_bank.args);
    const { group, signer, bank } = ConfigureBankAccounts.load(ctx).accounts;
    const header = { signer: signer.key, marginfiGroup: group.key };
    const mint = BankLayout.fields.mint.get(bank.data);
    const data = bank.data;
    const c = BankLayout.fields.config.fields;

    if (isFrozen(data)) {
      if (opt.depositLimit !== null) c.depositLimit.set(data, opt.depositLimit);
      if (opt.borrowLimit !== null) c.borrowLimit.set(data, opt.borrowLimit);
      emitEvent(ctx, "LendingPoolBankConfigureFrozenEvent", {
        header,
        bank: bank.key,
        mint,
        depositLimit: c.depositLimit.get(data),
        borrowLimit: c.borrowLimit.get(data),
      });
      return;
    }

    if (opt.assetWeightInit !== null) c.assetWeightInit.set(data, opt.assetWeightInit);
    if (opt.assetWeightMaint !== null) c.assetWeightMaint.set(data, opt.assetWeightMaint);
    if (opt.liabilityWeightInit !== null) c.liabilityWeightInit.set(data, opt.liabilityWeightInit);
    if (opt.liabilityWeightMaint !== null) c.liabilityWeightMaint.set(data, opt.liabilityWeightMaint);
    if (opt.depositLimit !== null) c.depositLimit.set(data, opt.depositLimit);
    if (opt.borrowLimit !== null) c.borrowLimit.set(data, opt.borrowLimit);
    if (opt.operationalState !== null) {
      // Only bankruptcy handling may kill a bank, and a killed bank stays killed: its asset share value is 0, so a
      // deposit into it revived would buy no shares.
      if (opt.operationalState === BankOperationalState.KilledByBankruptcy) fail("Unauthorized");
      if (c.operationalState.get(data) === BankOperationalState.KilledByBankruptcy) fail("Unauthorized");
      c.operationalState.set(data, opt.operationalState);
    }
    if (opt.interestRateConfig !== null) applyInterestRateConfigOpt(data, opt.interestRateConfig);
    if (opt.riskTier !== null) c.riskTier.set(data, opt.riskTier);
    if (opt.assetTag !== null) c.assetTag.set(data, opt.assetTag);
    if (opt.totalAssetValueInitLimit !== null) c.totalAssetValueInitLimit.set(data, opt.totalAssetValueInitLimit);
    if (opt.oracleMaxConfidence !== null) c.oracleMaxConfidence.set(data, opt.oracleMaxConfidence);
    if (opt.oracleMaxAge !== null) c.oracleMaxAge.set(data, opt.oracleMaxAge);
    if (opt.permissionlessBadDebtSettlement !== null) {
      setBankFlag(data, BankFlags.PERMISSIONLESS_BAD_DEBT_SETTLEMENT_FLAG, opt.permissionlessBadDebtSettlement);
    }
    if (opt.freezeSettings !== null) setBankFlag(data, BankFlags.FREEZE_SETTINGS, opt.freezeSettings);
    if (opt.tokenlessRepaymentsAllowed !== null) {
      setBankFlag(data, BankFlags.TOKENLESS_REPAYMENTS_ALLOWED, opt.tokenlessRepaymentsAllowed);
    }

    validateBankConfig(data);
    validateBankEmode(data, group.data);
    emitEvent(ctx, "LendingPoolBankConfigureEvent", { header, bank: bank.key, mint, config: opt });
  },
};
