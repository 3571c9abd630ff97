import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupAccount, stakedSettingsAccount } from "../program/account-kinds.js";
import { base58 } from "../program/args.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent, type StakedSettingsEditConfig } from "../program/events.js";
import { checkGroupAdmin } from "../program/pool-accounts.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";
import { validateStakedSettings } from "./init-staked-settings.js";

const EditStakedSettingsAccounts = declareAccounts(
  { marginfiGroup: groupAccount(), admin: signer(), stakedSettings: stakedSettingsAccount({ mut: "load" }) },
  (a) => ({
    marginfiGroup: () => checkGroupAdmin(a.marginfiGroup, a.admin),
    stakedSettings: () => {
      if (StakedSettingsLayout.fields.marginfiGroup.get(a.stakedSettings.data) !== a.marginfiGroup.key)
        fail("InvalidGroup", "staked_settings");
    },
  }),
);

/**
 * The group admin changes the Some fields of the group's staked settings, which are then validated as at init;
 * banks only pick the change up when someone propagates it.
 */
export const editStakedSettings: InstructionHandler = {
  name: "edit_staked_settings",
  units: 10_000,
  accounts: EditStakedSettingsAccounts,
  run(ctx, _checks, args) {
    const { settings } = decodeArgs(args, LENDING_INSTRUCTIONS.edit_staked_settings.args);
    const edit: StakedSettingsEditConfig = { ...settings, oracle: settings.oracle === null ? null : base58(settings.oracle) };
    const { marginfiGroup: group, stakedSettings } = EditStakedSettingsAccounts.load(ctx).accounts;
    const s = StakedSettingsLayout.fields;
    const data = stakedSettings.data;

    if (edit.oracle !== null) s.oracle.set(data, edit.oracle);
    if (edit.assetWeightInit !== null) s.assetWeightInit.set(data, edit.assetWeightInit);
    if (edit.assetWeightMaint !== null) s.assetWeightMaint.set(data, edit.assetWeightMaint);
    if (edit.depositLimit !== null) s.depositLimit.set(data, edit.depositLimit);
    if (edit.totalAssetValueInitLimit !== null) s.totalAssetValueInitLimit.set(data, edit.totalAssetValueInitLimit);
    if (edit.oracleMaxAge !== null) s.oracleMaxAge.set(data, edit.oracleMaxAge);
    if (edit.riskTier !== null) s.riskTier.set(data, edit.riskTier);
    validateStakedSettings(data);
    emitEvent(ctx, "EditStakedSettingsEvent", { group: group.key, settings: edit });
  },
};
