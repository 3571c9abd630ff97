import { declareAccounts, signer } from "@ballast/anchor";
import { groupAccount, stakedSettingsAccount } from "../program/account-kinds.js";
import { readRiskTier } from "../program/bank-config-args.js";
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
    const edit: StakedSettingsEditConfig = {
      oracle: args.option(() => args.pubkey()),
      assetWeightInit: args.option(() => args.i80f48()),
      assetWeightMaint: args.option(() => args.i80f48()),
      depositLimit: args.option(() => args.u64()),
      totalAssetValueInitLimit: args.option(() => args.u64()),
      oracleMaxAge: args.option(() => args.u16()),
      riskTier: args.option(() => readRiskTier(args)),
    };
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
