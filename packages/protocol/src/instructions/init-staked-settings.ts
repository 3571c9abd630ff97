import { checkSeeds, declareAccounts, initTarget, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupAccount, systemProgram } from "../program/account-kinds.js";
import type { StakedSettingsData } from "../state/views.js";
import { PublicKey } from "@solana/web3.js";
import { ONE, ZERO, cmp, fromInt } from "../math/i80f48.js";
import { base58 } from "../program/args.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkGroupAdmin } from "../program/pool-accounts.js";
import { RiskTier } from "../state/enums.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";

const TWO = fromInt(2);
const s = StakedSettingsLayout.fields;

export function stakedSettingsSeeds(group: string): Buffer[] {
  return [Buffer.from("staked_settings"), new PublicKey(group).toBuffer()];
}

/**
 * StakedSettings::validate on the stored settings (6015 InvalidConfig): 0 ≤ init ≤ 1, init ≤ maint ≤ 2, and an
 * isolated tier carries no collateral weight at all.
 */
export function validateStakedSettings(data: StakedSettingsData): void {
  const init = s.assetWeightInit.get(data);
  const maint = s.assetWeightMaint.get(data);
  if (cmp(init, ZERO) < 0 || cmp(init, ONE) > 0) fail("InvalidConfig");
  if (cmp(maint, init) < 0) fail("InvalidConfig");
  if (cmp(maint, TWO) > 0) fail("InvalidConfig");
  if (s.riskTier.get(data) === RiskTier.Isolated && (init !== ZERO || maint !== ZERO)) fail("InvalidConfig");
}

/** The settings are Anchor's `init` at their PDA, created by the handler; has_one admin is checked after it. */
const InitStakedSettingsAccounts = declareAccounts({
  marginfiGroup: groupAccount(),
  admin: signer(),
  feePayer: signer({ mut: "load" }),
  stakedSettings: initTarget({ idlName: "staked_settings" }),
  systemProgram: systemProgram(),
});

/**
 * The group admin opts the group into staked collateral: the group's StakedSettings PDA, from which
 * permissionless staked banks take their oracle, weights, limits and tier.
 */
export const initStakedSettings: InstructionHandler = {
  name: "init_staked_settings",
  units: 12_000,
  accounts: InitStakedSettingsAccounts,
  run(ctx, accounts, args) {
    const { settings: config } = decodeArgs(args, LENDING_INSTRUCTIONS.init_staked_settings.args);
    const { assetWeightInit, assetWeightMaint, depositLimit, totalAssetValueInitLimit, oracleMaxAge, riskTier } = config;
    const oracle = base58(config.oracle);

    const { marginfiGroup: group, admin, feePayer, stakedSettings: settings } = InitStakedSettingsAccounts.load(ctx).accounts;
    const seeds = stakedSettingsSeeds(group.key);
    const bump = checkSeeds(ctx, settings, seeds);
    const data = accounts.init(feePayer, settings, StakedSettingsLayout, [...seeds, Buffer.from([bump])]);
    checkGroupAdmin(group, admin);

    s.key.set(data, settings.key);
    s.marginfiGroup.set(data, group.key);
    s.oracle.set(data, oracle);
    s.assetWeightInit.set(data, assetWeightInit);
    s.assetWeightMaint.set(data, assetWeightMaint);
    s.depositLimit.set(data, depositLimit);
    s.totalAssetValueInitLimit.set(data, totalAssetValueInitLimit);
    s.oracleMaxAge.set(data, oracleMaxAge);
    s.riskTier.set(data, riskTier);
    validateStakedSettings(data);
  },
};
