import type { BankData, StakedSettingsData } from "../state/views.js";
import { checkSeeds, declareAccounts, initTarget, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupAccount, mintAccount, stakedSettingsAccount } from "../program/account-kinds.js";
import {
  BANK_VAULT_ACCOUNTS,
  checkVaultAuthorities,
  countBankInGroup,
  initBankVaults,
  newBankAccounts,
  writeNewBank,
  writePlaceholderLendingConfig,
} from "../program/bank-creation.js";
import { fromDecimal } from "../math/i80f48.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import { bankSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { validateOracleSetup } from "../program/oracle-config-validation.js";
import { STAKE_POOL_PROGRAM_ID } from "@ballast/stake-pool";
import { BankLayout } from "../state/bank.js";
import { AssetTag, BankOperationalState, OracleSetup } from "../state/enums.js";
import { BankConfigFlags } from "../state/flags.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";

/** Remaining accounts: [SOL Pyth feed, LST mint, stake account]. Anchor checks `mut` with the constraints, after `init`. */
const AddBankPermissionlessAccounts = declareAccounts({
  marginfiGroup: groupAccount({ mut: "handler" }),
  stakedSettings: stakedSettingsAccount(),
  feePayer: signer({ mut: "handler" }),
  bankMint: mintAccount(),
  solPool: unchecked(),
  stakePool: unchecked(),
  bank: initTarget(),
  ...BANK_VAULT_ACCOUNTS,
});

/** Staked banks also carry a placeholder protocol fixed fee (reference §7.3). */
const PLACEHOLDER_PROTOCOL_FIXED_FEE_APR = fromDecimal("0.01");

/** Writes a staked bank's config from the group's staked settings: tag STAKED, priced by setup 5. */
function writeStakedConfig(data: BankData, settings: StakedSettingsData, oracleKeys: readonly string[]): void {
  const s = StakedSettingsLayout.fields;
  const c = BankLayout.fields.config.fields;
  const r = c.interestRateConfig.fields;
  writePlaceholderLendingConfig(data);
  c.assetWeightInit.set(data, s.assetWeightInit.get(settings));
  c.assetWeightMaint.set(data, s.assetWeightMaint.get(settings));
  c.depositLimit.set(data, s.depositLimit.get(settings));
  r.protocolFixedFeeApr.set(data, PLACEHOLDER_PROTOCOL_FIXED_FEE_APR);
  c.operationalState.set(data, BankOperationalState.Operational);
  c.oracleSetup.set(data, OracleSetup.StakedWithPythPush);
  oracleKeys.forEach((key, i) => c.oracleKeys.at(i).set(data, key));
  c.riskTier.set(data, s.riskTier.get(settings));
  c.assetTag.set(data, AssetTag.Staked);
  c.configFlags.set(data, BankConfigFlags.PYTH_PUSH_MIGRATED_DEPRECATED);
  c.totalAssetValueInitLimit.set(data, s.totalAssetValueInitLimit.get(settings));
  c.oracleMaxAge.set(data, s.oracleMaxAge.get(settings));
}

/**
 * Anyone adds a staked-collateral bank for an SPL single-pool LST (reference §7.3), at the PDA
 * [group, mint, bank_seed], configured from the group's StakedSettings. No flat fee. The pool is checked against
 * its mint and stake account, and the oracles [SOL feed, LST mint, stake account] against the pool and settings.
 */
export const lendingPoolAddBankPermissionless: InstructionHandler = {
  name: "lending_pool_add_bank_permissionless",
  units: 60_000,
  accounts: AddBankPermissionlessAccounts,
  run(ctx, accounts, args) {
    const { bankSeed: seed } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_add_bank_permissionless.args);

    // Account deserialization, in IDL order; the constraints follow the `init` accounts.
    const { accounts: a, remaining } = AddBankPermissionlessAccounts.load(ctx);
    const { marginfiGroup: group, stakedSettings: settings, feePayer, bankMint: mintAccount, solPool, stakePool, bank } = a;
    const { mint } = mintAccount;
    const n = newBankAccounts(a);

    // `init` accounts: the bank, then the three vaults.
    const seeds = bankSeeds(group.key, mintAccount.key, seed);
    const bump = checkSeeds(ctx, bank, seeds);
    const data = accounts.init(feePayer, bank, BankLayout, [...seeds, Buffer.from([bump])]);
    const vaultBumps = initBankVaults(ctx, accounts, feePayer, mintAccount, n);

    // Remaining constraints, in IDL order.
    accounts.writable(group, "marginfi_group");
    const settingsData = settings.data;
    if (StakedSettingsLayout.fields.marginfiGroup.get(settingsData) !== group.key) fail("InvalidGroup", "staked_settings");
    accounts.writable(feePayer, "fee_payer");
    const bumps = checkVaultAuthorities(accounts, n, vaultBumps);

    // Handler.
    const now = ctx.clock.unixTimestamp;
    writeNewBank(data, mintAccount.key, mint.decimals, group.key, n, bumps, now);
    const oracle = StakedSettingsLayout.fields.oracle.get(settingsData);
    writeStakedConfig(data, settingsData, [oracle, mintAccount.key, solPool.key]);
    validateBankConfig(data);

    if (stakePool.account.owner !== STAKE_POOL_PROGRAM_ID) fail("StakePoolValidationFailed");
    validateOracleSetup(data, remaining, {
      lstMint: mintAccount.key,
      stakePool: stakePool.key,
      solPool: solPool.key,
    });

    countBankInGroup(group.data, now);

    emitEvent(ctx, "LendingPoolBankCreateEvent", {
      header: { signer: feePayer.key, marginfiGroup: group.key },
      bank: bank.key,
      mint: mintAccount.key,
    });
  },
};
