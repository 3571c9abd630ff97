import { declareAccounts } from "@ballast/anchor";
import { bankAccount, groupAccount, stakedSettingsAccount } from "../program/account-kinds.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { validateOracleSetup } from "../program/oracle-config-validation.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";

const PropagateStakedSettingsAccounts = declareAccounts(
  { marginfiGroup: groupAccount(), stakedSettings: stakedSettingsAccount(), bank: bankAccount({ mut: "load" }) },
  (a) => ({
    stakedSettings: () => {
      if (StakedSettingsLayout.fields.marginfiGroup.get(a.stakedSettings.data) !== a.marginfiGroup.key)
        fail("InvalidGroup", "staked_settings");
    },
    bank: () => {
      const data = a.bank.data;
      if (
        BankLayout.fields.group.get(data) !== a.marginfiGroup.key ||
        BankLayout.fields.config.fields.assetTag.get(data) !== AssetTag.Staked
      ) {
        fail("ConstraintRaw", "bank");
      }
    },
  }),
);

/**
 * Permissionless: copies the group's staked settings onto one of its STAKED-tagged banks (oracle key, weights,
 * deposit and init-value limits, oracle age, tier). A new oracle key is checked against the feed passed as the
 * first remaining account; the resulting bank config is validated in full.
 */
export const propagateStakedSettings: InstructionHandler = {
  name: "propagate_staked_settings",
  units: 12_000,
  accounts: PropagateStakedSettingsAccounts,
  run(ctx) {
    const { accounts: a, remaining } = PropagateStakedSettingsAccounts.load(ctx);
    const s = StakedSettingsLayout.fields;
    const source = a.stakedSettings.data;
    const data = a.bank.data;
    const c = BankLayout.fields.config.fields;

    const keys = c.oracleKeys.get(data);
    const oracle = s.oracle.get(source);
    const oracleChanged = keys[0] !== oracle;
    c.oracleKeys.set(data, [oracle, ...keys.slice(1)]);
    c.assetWeightInit.set(data, s.assetWeightInit.get(source));
    c.assetWeightMaint.set(data, s.assetWeightMaint.get(source));
    c.depositLimit.set(data, s.depositLimit.get(source));
    c.totalAssetValueInitLimit.set(data, s.totalAssetValueInitLimit.get(source));
    c.oracleMaxAge.set(data, s.oracleMaxAge.get(source));
    c.riskTier.set(data, s.riskTier.get(source));
    if (oracleChanged) validateOracleSetup(data, remaining);
    validateBankConfig(data);
  },
};
