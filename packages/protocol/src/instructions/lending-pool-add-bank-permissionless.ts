import {
  checkVaultAuthorities,
  countBankInGroup,
  initBankVaults,
  newBankAccounts,
  writeNewBank,
  writePlaceholderLendingConfig,
} from "../program/bank-creation.js";
import { fromDecimal } from "../math/i80f48.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import { bankSeeds, loadMint } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { validateOracleSetup } from "../program/oracle-config-validation.js";
import { SPL_SINGLE_POOL_PROGRAM_ID } from "../risk/stake-pool-accounts.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag, BankOperationalState, OracleSetup } from "../state/enums.js";
import { BankConfigFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";

/** Accounts before the remaining ones: [SOL Pyth feed, LST mint, stake account]. */
const FIXED_ACCOUNTS = 15;

/** Staked banks also carry a placeholder protocol fixed fee (reference §7.3). */
const PLACEHOLDER_PROTOCOL_FIXED_FEE_APR = fromDecimal("0.01");

/** Writes a staked bank's config from the group's staked settings: tag STAKED, priced by setup 5. */
function writeStakedConfig(data: Buffer, settings: Buffer, oracleKeys: readonly string[]): void {
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
  run(ctx, accounts, args) {
    const seed = args.u64();

    // Account deserialization, in IDL order.
    const group = accounts.owned(0, "marginfi_group", MarginfiGroupLayout);
    const settings = accounts.owned(1, "staked_settings", StakedSettingsLayout);
    const feePayer = accounts.signer(2, "fee_payer");
    const mintAccount = accounts.at(3);
    const mint = loadMint(mintAccount, "bank_mint");
    const solPool = accounts.at(4);
    const stakePool = accounts.at(5);
    const n = newBankAccounts(accounts);
    const bank = n.bank;

    // `init` accounts: the bank, then the three vaults.
    const seeds = bankSeeds(group.key, mintAccount.key, seed);
    const bump = accounts.pda(bank, "bank", seeds);
    accounts.init(feePayer, bank, BankLayout, [...seeds, Buffer.from([bump])]);
    const vaultBumps = initBankVaults(ctx, accounts, feePayer, mintAccount, n);

    // Remaining constraints, in IDL order.
    accounts.writable(group, "marginfi_group");
    const settingsData = settings.account.data;
    if (StakedSettingsLayout.fields.marginfiGroup.get(settingsData) !== group.key) fail("InvalidGroup", "staked_settings");
    accounts.writable(feePayer, "fee_payer");
    const bumps = checkVaultAuthorities(accounts, n, vaultBumps);

    // Handler.
    const now = ctx.clock.unixTimestamp;
    const data = bank.account.data;
    writeNewBank(data, mintAccount.key, mint.decimals, group.key, n, bumps, now);
    const oracle = StakedSettingsLayout.fields.oracle.get(settingsData);
    writeStakedConfig(data, settingsData, [oracle, mintAccount.key, solPool.key]);
    validateBankConfig(data);

    if (stakePool.account.owner !== SPL_SINGLE_POOL_PROGRAM_ID) fail("StakePoolValidationFailed");
    validateOracleSetup(data, ctx.accounts.slice(FIXED_ACCOUNTS), {
      lstMint: mintAccount.key,
      stakePool: stakePool.key,
      solPool: solPool.key,
    });

    countBankInGroup(group.account.data, now);

    emitEvent(ctx, "LendingPoolBankCreateEvent", {
      header: { signer: feePayer.key, marginfiGroup: group.key },
      bank: bank.key,
      mint: mintAccount.key,
    });
  },
};
