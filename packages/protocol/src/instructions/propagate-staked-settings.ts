import { validateBankConfig } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { validateOracleSetup } from "../program/oracle-config-validation.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";

/**
 * Permissionless: copies the group's staked settings onto one of its STAKED-tagged banks (oracle key, weights,
 * deposit and init-value limits, oracle age, tier). A new oracle key is checked against the feed passed as the
 * first remaining account; the resulting bank config is validated in full.
 */
export const propagateStakedSettings: InstructionHandler = {
  name: "propagate_staked_settings",
  units: 12_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "marginfi_group", MarginfiGroupLayout);
    const settings = accounts.owned(1, "staked_settings", StakedSettingsLayout);
    const bank = accounts.owned(2, "bank", BankLayout, { writable: true });
    const s = StakedSettingsLayout.fields;
    const source = settings.account.data;
    if (s.marginfiGroup.get(source) !== group.key) fail("InvalidGroup", "staked_settings");
    const data = bank.account.data;
    const c = BankLayout.fields.config.fields;
    if (BankLayout.fields.group.get(data) !== group.key || c.assetTag.get(data) !== AssetTag.Staked) fail("ConstraintRaw", "bank");

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
    if (oracleChanged) validateOracleSetup(data, ctx.accounts.slice(3));
    validateBankConfig(data);
  },
};
