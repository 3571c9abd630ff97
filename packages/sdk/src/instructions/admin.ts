// Administration: the global fee state and panic switch, groups, banks and their oracles, e-mode, emissions,
// fee and insurance vaults, staked-collateral settings and bank metadata.
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import type { I80F48, OracleSetup } from "@ballast/protocol";
import { buildInstruction, readonlyAccount, type ProgramOptions } from "./coder.js";
import { option, u64, wrappedI80F48 } from "./coder-values.js";
import {
  bankConfigArgs,
  bankConfigChangesArgs,
  emodeEntriesArgs,
  globalFeeArgs,
  interestRateChangesArgs,
  stakedSettingsArgs,
  stakedSettingsChangesArgs,
  type BankConfigChanges,
  type BankConfigParams,
  type EmodeEntryParams,
  type GlobalFeeSettings,
  type InterestRateChanges,
  type StakedSettingsChanges,
  type StakedSettingsParams,
} from "./config-args.js";
import {
  bankAddressWithSeed,
  bankMetadataAddress,
  bankVaultAddress,
  bankVaultAuthorityAddress,
  emissionsAuthorityAddress,
  emissionsVaultAddress,
  feeStateAddress,
  singlePoolMintAddress,
  singlePoolStakeAddress,
  stakedSettingsAddress,
} from "./pda.js";
import { tokenProgramOf } from "./token-program.js";

// ---- global fee state and panic

export interface InitGlobalFeeStateParams extends ProgramOptions, GlobalFeeSettings {
  payer: PublicKey;
}

/** Creates the program's fee state; runs once per program. */
export function initGlobalFeeStateInstruction(p: InitGlobalFeeStateParams): TransactionInstruction {
  return buildInstruction("init_global_fee_state", { payer: p.payer, fee_state: feeStateAddress(p.programId) }, globalFeeArgs(p), [], p);
}

export interface EditGlobalFeeStateParams extends ProgramOptions, GlobalFeeSettings {
  globalFeeAdmin: PublicKey;
}

/** Overwrites every fee setting (groups see them after propagate_fee_state). */
export function editGlobalFeeStateInstruction(p: EditGlobalFeeStateParams): TransactionInstruction {
  return buildInstruction(
    "edit_global_fee_state",
    { global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) },
    globalFeeArgs(p),
    [],
    p,
  );
}

export interface ConfigureGroupFeeParams extends ProgramOptions {
  group: PublicKey;
  globalFeeAdmin: PublicKey;
  enableProgramFee: boolean;
}

export function configureGroupFeeInstruction(p: ConfigureGroupFeeParams): TransactionInstruction {
  return buildInstruction(
    "config_group_fee",
    { marginfi_group: p.group, global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) },
    { enable_program_fee: p.enableProgramFee },
    [],
    p,
  );
}

export interface PanicParams extends ProgramOptions {
  globalFeeAdmin: PublicKey;
}

/** Pauses every group (once propagated) for up to 30 minutes. */
export function panicPauseInstruction(p: PanicParams): TransactionInstruction {
  return buildInstruction("panic_pause", { global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) }, {}, [], p);
}

export function panicUnpauseInstruction(p: PanicParams): TransactionInstruction {
  return buildInstruction("panic_unpause", { global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) }, {}, [], p);
}

/** Anyone may lift a pause that has expired. */
export function panicUnpausePermissionlessInstruction(p: ProgramOptions = {}): TransactionInstruction {
  return buildInstruction("panic_unpause_permissionless", { fee_state: feeStateAddress(p.programId) }, {}, [], p);
}

// ---- groups

export interface InitializeGroupParams extends ProgramOptions {
  /** A fresh keypair's address; that keypair signs. */
  group: PublicKey;
  /** Becomes the group admin and pays the rent. */
  admin: PublicKey;
}

export function initializeGroupInstruction(p: InitializeGroupParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_group_initialize",
    { marginfi_group: p.group, admin: p.admin, fee_state: feeStateAddress(p.programId) },
    {},
    [],
    p,
  );
}

export interface ConfigureGroupParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Every role is written: pass the current holder to keep one. */
  newAdmin: PublicKey;
  newEmodeAdmin: PublicKey;
  newCurveAdmin: PublicKey;
  newLimitAdmin: PublicKey;
  newEmissionsAdmin: PublicKey;
  newMetadataAdmin: PublicKey;
  newRiskAdmin: PublicKey;
  /** Left out, the e-mode leverage caps reset to their defaults (15 and 20), not to their current values. */
  emodeMaxInitLeverage?: I80F48;
  emodeMaxMaintLeverage?: I80F48;
}

export function configureGroupInstruction(p: ConfigureGroupParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_group_configure",
    { marginfi_group: p.group, admin: p.admin },
    {
      new_admin: p.newAdmin,
      new_emode_admin: p.newEmodeAdmin,
      new_curve_admin: p.newCurveAdmin,
      new_limit_admin: p.newLimitAdmin,
      new_emissions_admin: p.newEmissionsAdmin,
      new_metadata_admin: p.newMetadataAdmin,
      new_risk_admin: p.newRiskAdmin,
      emode_max_init_leverage: option(p.emodeMaxInitLeverage, wrappedI80F48),
      emode_max_maint_leverage: option(p.emodeMaxMaintLeverage, wrappedI80F48),
    },
    [],
    p,
  );
}

export interface ConfigureDeleverageWithdrawalLimitParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Whole USD a deleverage may withdraw per day; must be positive. */
  limit: number;
}

export function configureDeleverageWithdrawalLimitInstruction(p: ConfigureDeleverageWithdrawalLimitParams): TransactionInstruction {
  return buildInstruction("configure_deleverage_withdrawal_limit", { marginfi_group: p.group, admin: p.admin }, { limit: p.limit }, [], p);
}

export interface SetAccountFreezeParams extends ProgramOptions {
  group: PublicKey;
  marginfiAccount: PublicKey;
  admin: PublicKey;
  /** While frozen only the group admin may act on the account. */
  frozen: boolean;
}

export function setAccountFreezeInstruction(p: SetAccountFreezeParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_account_set_freeze",
    { group: p.group, marginfi_account: p.marginfiAccount, admin: p.admin },
    { frozen: p.frozen },
    [],
    p,
  );
}

// ---- banks

/** The six vault accounts add_bank creates, derived from the bank. */
function bankVaultAccounts(bank: PublicKey, programId: PublicKey | undefined) {
  return {
    liquidity_vault_authority: bankVaultAuthorityAddress(bank, "liquidity", programId),
    liquidity_vault: bankVaultAddress(bank, "liquidity", programId),
    insurance_vault_authority: bankVaultAuthorityAddress(bank, "insurance", programId),
    insurance_vault: bankVaultAddress(bank, "insurance", programId),
    fee_vault_authority: bankVaultAuthorityAddress(bank, "fee", programId),
    fee_vault: bankVaultAddress(bank, "fee", programId),
  };
}

interface AddBankCommon extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Pays rent and the flat bank fee; defaults to the admin. */
  feePayer?: PublicKey;
  /** The fee state's global fee wallet. */
  globalFeeWallet: PublicKey;
  bankMint: PublicKey;
  config: BankConfigParams;
  /** The mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

function addBankAccounts(p: AddBankCommon, bank: PublicKey) {
  return {
    marginfi_group: p.group,
    admin: p.admin,
    fee_payer: p.feePayer ?? p.admin,
    fee_state: feeStateAddress(p.programId),
    global_fee_wallet: p.globalFeeWallet,
    bank_mint: p.bankMint,
    bank,
    ...bankVaultAccounts(bank, p.programId),
    token_program: tokenProgramOf(p),
  };
}

export interface AddBankParams extends AddBankCommon {
  /** A fresh keypair's address; that keypair signs. */
  bank: PublicKey;
}

/** Creates a bank and its vaults; its oracle is set afterwards (configureBankOracle or setFixedOraclePrice). */
export function addBankInstruction(p: AddBankParams): TransactionInstruction {
  return buildInstruction("lending_pool_add_bank", addBankAccounts(p, p.bank), { bank_config: bankConfigArgs(p.config) }, [], p);
}

export interface AddBankWithSeedParams extends AddBankCommon {
  /** The bank is the PDA bankAddressWithSeed(group, bankMint, bankSeed). */
  bankSeed: bigint;
}

export function addBankWithSeedInstruction(p: AddBankWithSeedParams): TransactionInstruction {
  const bank = bankAddressWithSeed(p.group, p.bankMint, p.bankSeed, p.programId);
  return buildInstruction(
    "lending_pool_add_bank_with_seed",
    addBankAccounts(p, bank),
    { bank_config: bankConfigArgs(p.config), bank_seed: u64(p.bankSeed) },
    [],
    p,
  );
}

interface BankAdminParams extends ProgramOptions {
  group: PublicKey;
  bank: PublicKey;
}

export interface ConfigureBankParams extends BankAdminParams {
  admin: PublicKey;
  changes: BankConfigChanges;
}

export function configureBankInstruction(p: ConfigureBankParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank",
    { group: p.group, admin: p.admin, bank: p.bank },
    { bank_config_opt: bankConfigChangesArgs(p.changes) },
    [],
    p,
  );
}

export interface ConfigureBankInterestParams extends BankAdminParams {
  curveAdmin: PublicKey;
  changes: InterestRateChanges;
}

/** The curve admin's interest-only change. */
export function configureBankInterestInstruction(p: ConfigureBankInterestParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank_interest_only",
    { group: p.group, delegate_curve_admin: p.curveAdmin, bank: p.bank },
    { interest_rate_config: interestRateChangesArgs(p.changes) },
    [],
    p,
  );
}

export interface ConfigureBankLimitsParams extends BankAdminParams {
  limitAdmin: PublicKey;
  depositLimit?: bigint;
  borrowLimit?: bigint;
  totalAssetValueInitLimit?: bigint;
}

/** The limit admin's limits-only change; limits left out keep their value. */
export function configureBankLimitsInstruction(p: ConfigureBankLimitsParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank_limits_only",
    { group: p.group, delegate_limit_admin: p.limitAdmin, bank: p.bank },
    {
      deposit_limit: option(p.depositLimit, u64),
      borrow_limit: option(p.borrowLimit, u64),
      total_asset_value_init_limit: option(p.totalAssetValueInitLimit, u64),
    },
    [],
    p,
  );
}

export interface ForceTokenlessRepayCompleteParams extends BankAdminParams {
  riskAdmin: PublicKey;
}

/** Ends a sunset bank's tokenless-repayment phase, so lenders withdraw what the vault holds. */
export function forceTokenlessRepayCompleteInstruction(p: ForceTokenlessRepayCompleteParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_force_tokenless_repay_complete",
    { group: p.group, risk_admin: p.riskAdmin, bank: p.bank },
    {},
    [],
    p,
  );
}

export interface CloseBankParams extends BankAdminParams {
  /** Receives the rent. */
  admin: PublicKey;
}

/** Closes a bank without positions, shares or emissions left. */
export function closeBankInstruction(p: CloseBankParams): TransactionInstruction {
  return buildInstruction("lending_pool_close_bank", { group: p.group, bank: p.bank, admin: p.admin }, {}, [], p);
}

// ---- oracles

export interface ConfigureBankOracleParams extends BankAdminParams {
  admin: PublicKey;
  /** Any setup but Fixed (see setFixedOraclePriceInstruction). */
  setup: OracleSetup;
  oracle: PublicKey;
  /** The accounts the program validates the setup against; defaults to the oracle alone. */
  oracleAccounts?: readonly PublicKey[];
}

export function configureBankOracleInstruction(p: ConfigureBankOracleParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank_oracle",
    { group: p.group, admin: p.admin, bank: p.bank },
    { setup: p.setup, oracle: p.oracle },
    (p.oracleAccounts ?? [p.oracle]).map(readonlyAccount),
    p,
  );
}

export interface SetFixedOraclePriceParams extends BankAdminParams {
  admin: PublicKey;
  /** USD per whole token; not negative. */
  price: I80F48;
}

export function setFixedOraclePriceInstruction(p: SetFixedOraclePriceParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_set_fixed_oracle_price",
    { group: p.group, admin: p.admin, bank: p.bank },
    { price: wrappedI80F48(p.price) },
    [],
    p,
  );
}

// ---- e-mode

export interface ConfigureBankEmodeParams extends BankAdminParams {
  emodeAdmin: PublicKey;
  /** The bank's own e-mode tag (0 = none). */
  emodeTag: number;
  /** Up to ten pairings; the rest are empty. */
  entries: readonly EmodeEntryParams[];
}

export function configureBankEmodeInstruction(p: ConfigureBankEmodeParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank_emode",
    { group: p.group, emode_admin: p.emodeAdmin, bank: p.bank },
    { emode_tag: p.emodeTag, entries: emodeEntriesArgs(p.entries) },
    [],
    p,
  );
}

export interface CloneEmodeParams extends ProgramOptions {
  group: PublicKey;
  /** The group admin or e-mode admin. */
  signer: PublicKey;
  copyFromBank: PublicKey;
  copyToBank: PublicKey;
}

export function cloneEmodeInstruction(p: CloneEmodeParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_clone_emode",
    { group: p.group, signer: p.signer, copy_from_bank: p.copyFromBank, copy_to_bank: p.copyToBank },
    {},
    [],
    p,
  );
}

// ---- emissions

interface EmissionsAdminParams extends BankAdminParams {
  emissionsAdmin: PublicKey;
  emissionsMint: PublicKey;
  /** The admin's token account the emissions are funded from. */
  emissionsFundingAccount: PublicKey;
  /** The emissions mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

export interface SetupEmissionsParams extends EmissionsAdminParams {
  /** Replaces the bank's flags entirely: EMISSIONS_FLAG_BORROW_ACTIVE and/or EMISSIONS_FLAG_LENDING_ACTIVE. */
  flags: bigint;
  /** Emissions-mint native units per whole bank token per year. */
  rate: bigint;
  /** Native units moved into the emissions vault now. */
  totalEmissions: bigint;
}

export function setupEmissionsInstruction(p: SetupEmissionsParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_setup_emissions",
    {
      group: p.group,
      delegate_emissions_admin: p.emissionsAdmin,
      bank: p.bank,
      emissions_mint: p.emissionsMint,
      emissions_auth: emissionsAuthorityAddress(p.bank, p.emissionsMint, p.programId),
      emissions_token_account: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
      emissions_funding_account: p.emissionsFundingAccount,
      token_program: tokenProgramOf(p),
    },
    { flags: u64(p.flags), rate: u64(p.rate), total_emissions: u64(p.totalEmissions) },
    [],
    p,
  );
}

export interface UpdateEmissionsParametersParams extends EmissionsAdminParams {
  /** Replaces the bank's flags entirely, unchecked. */
  emissionsFlags?: bigint;
  emissionsRate?: bigint;
  /** Native units added to the vault. */
  additionalEmissions?: bigint;
}

export function updateEmissionsParametersInstruction(p: UpdateEmissionsParametersParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_update_emissions_parameters",
    {
      group: p.group,
      delegate_emissions_admin: p.emissionsAdmin,
      bank: p.bank,
      emissions_mint: p.emissionsMint,
      emissions_token_account: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
      emissions_funding_account: p.emissionsFundingAccount,
      token_program: tokenProgramOf(p),
    },
    {
      emissions_flags: option(p.emissionsFlags, u64),
      emissions_rate: option(p.emissionsRate, u64),
      additional_emissions: option(p.additionalEmissions, u64),
    },
    [],
    p,
  );
}

// ---- fee and insurance vaults

export interface AdminVaultWithdrawalParams extends BankAdminParams {
  admin: PublicKey;
  destinationTokenAccount: PublicKey;
  /** Native units. */
  amount: bigint;
  tokenProgram?: PublicKey;
}

export function withdrawFeesInstruction(p: AdminVaultWithdrawalParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_withdraw_fees",
    {
      group: p.group,
      bank: p.bank,
      admin: p.admin,
      fee_vault: bankVaultAddress(p.bank, "fee", p.programId),
      fee_vault_authority: bankVaultAuthorityAddress(p.bank, "fee", p.programId),
      dst_token_account: p.destinationTokenAccount,
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export function withdrawInsuranceInstruction(p: AdminVaultWithdrawalParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_withdraw_insurance",
    {
      group: p.group,
      bank: p.bank,
      admin: p.admin,
      insurance_vault: bankVaultAddress(p.bank, "insurance", p.programId),
      insurance_vault_authority: bankVaultAuthorityAddress(p.bank, "insurance", p.programId),
      dst_token_account: p.destinationTokenAccount,
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export interface UpdateFeesDestinationParams extends BankAdminParams {
  admin: PublicKey;
  /** A token account of the bank's mint, the target of permissionless fee withdrawals. */
  destinationAccount: PublicKey;
}

export function updateFeesDestinationInstruction(p: UpdateFeesDestinationParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_update_fees_destination_account",
    { group: p.group, bank: p.bank, admin: p.admin, destination_account: p.destinationAccount },
    {},
    [],
    p,
  );
}

// ---- staked collateral

export interface InitStakedSettingsParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Defaults to the admin. */
  feePayer?: PublicKey;
  settings: StakedSettingsParams;
}

export function initStakedSettingsInstruction(p: InitStakedSettingsParams): TransactionInstruction {
  return buildInstruction(
    "init_staked_settings",
    {
      marginfi_group: p.group,
      admin: p.admin,
      fee_payer: p.feePayer ?? p.admin,
      staked_settings: stakedSettingsAddress(p.group, p.programId),
    },
    { settings: stakedSettingsArgs(p.settings) },
    [],
    p,
  );
}

export interface EditStakedSettingsParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  changes: StakedSettingsChanges;
}

export function editStakedSettingsInstruction(p: EditStakedSettingsParams): TransactionInstruction {
  return buildInstruction(
    "edit_staked_settings",
    { marginfi_group: p.group, admin: p.admin, staked_settings: stakedSettingsAddress(p.group, p.programId) },
    { settings: stakedSettingsChangesArgs(p.changes) },
    [],
    p,
  );
}

export interface AddStakedBankParams extends ProgramOptions {
  group: PublicKey;
  feePayer: PublicKey;
  /** An SPL single-validator stake pool; its LST mint is the bank's mint. */
  stakePool: PublicKey;
  /** The staked settings' Pyth SOL feed. */
  oracle: PublicKey;
  /** The bank is the PDA bankAddressWithSeed(group, LST mint, bankSeed). */
  bankSeed: bigint;
}

/** Anyone may create the staked-collateral bank of a single-validator pool, configured from the staked settings. */
export function addStakedBankInstruction(p: AddStakedBankParams): TransactionInstruction {
  const mint = singlePoolMintAddress(p.stakePool);
  const solPool = singlePoolStakeAddress(p.stakePool);
  const bank = bankAddressWithSeed(p.group, mint, p.bankSeed, p.programId);
  return buildInstruction(
    "lending_pool_add_bank_permissionless",
    {
      marginfi_group: p.group,
      staked_settings: stakedSettingsAddress(p.group, p.programId),
      fee_payer: p.feePayer,
      bank_mint: mint,
      sol_pool: solPool,
      stake_pool: p.stakePool,
      bank,
      ...bankVaultAccounts(bank, p.programId),
      token_program: TOKEN_PROGRAM_ID,
    },
    { bank_seed: u64(p.bankSeed) },
    [p.oracle, mint, solPool].map(readonlyAccount),
    p,
  );
}

// ---- metadata

export interface InitBankMetadataParams extends ProgramOptions {
  bank: PublicKey;
  feePayer: PublicKey;
}

export function initBankMetadataInstruction(p: InitBankMetadataParams): TransactionInstruction {
  return buildInstruction(
    "init_bank_metadata",
    { bank: p.bank, fee_payer: p.feePayer, metadata: bankMetadataAddress(p.bank, p.programId) },
    {},
    [],
    p,
  );
}

export interface WriteBankMetadataParams extends BankAdminParams {
  metadataAdmin: PublicKey;
  /** At most 64 bytes of UTF-8; left out, unchanged. */
  ticker?: string;
  /** At most 128 bytes of UTF-8; left out, unchanged. */
  description?: string;
}

const utf8 = (text: string) => Buffer.from(text, "utf8");

export function writeBankMetadataInstruction(p: WriteBankMetadataParams): TransactionInstruction {
  return buildInstruction(
    "write_bank_metadata",
    { group: p.group, bank: p.bank, metadata_admin: p.metadataAdmin, metadata: bankMetadataAddress(p.bank, p.programId) },
    { ticker: option(p.ticker, utf8), description: option(p.description, utf8) },
    [],
    p,
  );
}
