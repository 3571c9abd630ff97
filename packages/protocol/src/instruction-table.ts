// Generated from idl/marginfi.json by scripts/lending-instruction-table.ts; do not edit.
// Regenerate with: npm run generate:instructions -w @ballast/protocol
import { arg, defineInstructions } from "@ballast/codec";
import { wrappedI80F48 } from "./instruction-arg-types.js";
import { BankOperationalState, OracleSetup, RiskTier } from "./state/enums.js";

// The IDL's struct types that arguments use, each after the ones it contains.
export const StakedSettingsConfigArg = arg.struct({
  oracle: arg.pubkey,
  assetWeightInit: wrappedI80F48,
  assetWeightMaint: wrappedI80F48,
  depositLimit: arg.u64,
  totalAssetValueInitLimit: arg.u64,
  oracleMaxAge: arg.u16,
  riskTier: arg.unitEnum(RiskTier),
});

export const StakedSettingsEditConfigArg = arg.struct({
  oracle: arg.option(arg.pubkey),
  assetWeightInit: arg.option(wrappedI80F48),
  assetWeightMaint: arg.option(wrappedI80F48),
  depositLimit: arg.option(arg.u64),
  totalAssetValueInitLimit: arg.option(arg.u64),
  oracleMaxAge: arg.option(arg.u16),
  riskTier: arg.option(arg.unitEnum(RiskTier)),
});

export const RatePointArg = arg.struct({
  util: arg.u32,
  rate: arg.u32,
});

export const InterestRateConfigCompactArg = arg.struct({
  insuranceFeeFixedApr: wrappedI80F48,
  insuranceIrFee: wrappedI80F48,
  protocolFixedFeeApr: wrappedI80F48,
  protocolIrFee: wrappedI80F48,
  protocolOriginationFee: wrappedI80F48,
  zeroUtilRate: arg.u32,
  hundredUtilRate: arg.u32,
  points: arg.array(RatePointArg, 5),
});

export const BankConfigCompactArg = arg.struct({
  assetWeightInit: wrappedI80F48,
  assetWeightMaint: wrappedI80F48,
  liabilityWeightInit: wrappedI80F48,
  liabilityWeightMaint: wrappedI80F48,
  depositLimit: arg.u64,
  interestRateConfig: InterestRateConfigCompactArg,
  operationalState: arg.unitEnum(BankOperationalState),
  borrowLimit: arg.u64,
  riskTier: arg.unitEnum(RiskTier),
  assetTag: arg.u8,
  configFlags: arg.u8,
  pad0: arg.bytes(5),
  totalAssetValueInitLimit: arg.u64,
  oracleMaxAge: arg.u16,
  oracleMaxConfidence: arg.u32,
});

export const KaminoConfigCompactArg = arg.struct({
  oracle: arg.pubkey,
  assetWeightInit: wrappedI80F48,
  assetWeightMaint: wrappedI80F48,
  depositLimit: arg.u64,
  oracleSetup: arg.unitEnum(OracleSetup),
  operationalState: arg.unitEnum(BankOperationalState),
  riskTier: arg.unitEnum(RiskTier),
  configFlags: arg.u8,
  totalAssetValueInitLimit: arg.u64,
  oracleMaxAge: arg.u16,
  oracleMaxConfidence: arg.u32,
});

export const InterestRateConfigOptArg = arg.struct({
  insuranceFeeFixedApr: arg.option(wrappedI80F48),
  insuranceIrFee: arg.option(wrappedI80F48),
  protocolFixedFeeApr: arg.option(wrappedI80F48),
  protocolIrFee: arg.option(wrappedI80F48),
  protocolOriginationFee: arg.option(wrappedI80F48),
  zeroUtilRate: arg.option(arg.u32),
  hundredUtilRate: arg.option(arg.u32),
  points: arg.option(arg.array(RatePointArg, 5)),
});

export const BankConfigOptArg = arg.struct({
  assetWeightInit: arg.option(wrappedI80F48),
  assetWeightMaint: arg.option(wrappedI80F48),
  liabilityWeightInit: arg.option(wrappedI80F48),
  liabilityWeightMaint: arg.option(wrappedI80F48),
  depositLimit: arg.option(arg.u64),
  borrowLimit: arg.option(arg.u64),
  operationalState: arg.option(arg.unitEnum(BankOperationalState)),
  interestRateConfig: arg.option(InterestRateConfigOptArg),
  riskTier: arg.option(arg.unitEnum(RiskTier)),
  assetTag: arg.option(arg.u8),
  totalAssetValueInitLimit: arg.option(arg.u64),
  oracleMaxConfidence: arg.option(arg.u32),
  oracleMaxAge: arg.option(arg.u16),
  permissionlessBadDebtSettlement: arg.option(arg.bool),
  freezeSettings: arg.option(arg.bool),
  tokenlessRepaymentsAllowed: arg.option(arg.bool),
});

export const EmodeEntryArg = arg.struct({
  collateralBankEmodeTag: arg.u16,
  flags: arg.u8,
  pad0: arg.bytes(5),
  assetWeightInit: wrappedI80F48,
  assetWeightMaint: wrappedI80F48,
});

/** The lending program's instructions: accounts in IDL order with their flags, then Borsh arguments in order. */
export const LENDING_INSTRUCTIONS = defineInstructions({
  init_global_fee_state: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "feeState", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {
      admin: arg.pubkey,
      feeWallet: arg.pubkey,
      bankInitFlatSolFee: arg.u32,
      liquidationFlatSolFee: arg.u32,
      programFeeFixed: wrappedI80F48,
      programFeeRate: wrappedI80F48,
      liquidationMaxFee: wrappedI80F48,
    },
  },
  edit_global_fee_state: {
    accounts: [
      { name: "globalFeeAdmin", signer: true },
      { name: "feeState", writable: true },
    ],
    args: {
      admin: arg.pubkey,
      feeWallet: arg.pubkey,
      bankInitFlatSolFee: arg.u32,
      liquidationFlatSolFee: arg.u32,
      programFeeFixed: wrappedI80F48,
      programFeeRate: wrappedI80F48,
      liquidationMaxFee: wrappedI80F48,
    },
  },
  propagate_fee_state: {
    accounts: [{ name: "feeState" }, { name: "marginfiGroup", writable: true }],
    args: {},
  },
  config_group_fee: {
    accounts: [{ name: "marginfiGroup", writable: true }, { name: "globalFeeAdmin", signer: true }, { name: "feeState" }],
    args: { enableProgramFee: arg.bool },
  },
  panic_pause: {
    accounts: [
      { name: "globalFeeAdmin", signer: true },
      { name: "feeState", writable: true },
    ],
    args: {},
  },
  panic_unpause: {
    accounts: [
      { name: "globalFeeAdmin", writable: true, signer: true },
      { name: "feeState", writable: true },
    ],
    args: {},
  },
  panic_unpause_permissionless: {
    accounts: [{ name: "feeState", writable: true }],
    args: {},
  },
  marginfi_group_initialize: {
    accounts: [
      { name: "marginfiGroup", writable: true, signer: true },
      { name: "admin", writable: true, signer: true },
      { name: "feeState" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {},
  },
  marginfi_group_configure: {
    accounts: [
      { name: "marginfiGroup", writable: true },
      { name: "admin", signer: true },
    ],
    args: {
      newAdmin: arg.pubkey,
      newEmodeAdmin: arg.pubkey,
      newCurveAdmin: arg.pubkey,
      newLimitAdmin: arg.pubkey,
      newEmissionsAdmin: arg.pubkey,
      newMetadataAdmin: arg.pubkey,
      newRiskAdmin: arg.pubkey,
      emodeMaxInitLeverage: arg.option(wrappedI80F48),
      emodeMaxMaintLeverage: arg.option(wrappedI80F48),
    },
  },
  configure_deleverage_withdrawal_limit: {
    accounts: [
      { name: "marginfiGroup", writable: true },
      { name: "admin", signer: true },
    ],
    args: { limit: arg.u32 },
  },
  init_staked_settings: {
    accounts: [
      { name: "marginfiGroup" },
      { name: "admin", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "stakedSettings", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { settings: StakedSettingsConfigArg },
  },
  edit_staked_settings: {
    accounts: [{ name: "marginfiGroup" }, { name: "admin", signer: true }, { name: "stakedSettings", writable: true }],
    args: { settings: StakedSettingsEditConfigArg },
  },
  propagate_staked_settings: {
    accounts: [{ name: "marginfiGroup" }, { name: "stakedSettings" }, { name: "bank", writable: true }],
    args: {},
  },
  lending_pool_add_bank: {
    accounts: [
      { name: "marginfiGroup", writable: true },
      { name: "admin", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "feeState" },
      { name: "globalFeeWallet", writable: true },
      { name: "bankMint" },
      { name: "bank", writable: true, signer: true },
      { name: "liquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "insuranceVaultAuthority" },
      { name: "insuranceVault", writable: true },
      { name: "feeVaultAuthority" },
      { name: "feeVault", writable: true },
      { name: "tokenProgram" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { bankConfig: BankConfigCompactArg },
  },
  lending_pool_add_bank_with_seed: {
    accounts: [
      { name: "marginfiGroup", writable: true },
      { name: "admin", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "feeState" },
      { name: "globalFeeWallet", writable: true },
      { name: "bankMint" },
      { name: "bank", writable: true },
      { name: "liquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "insuranceVaultAuthority" },
      { name: "insuranceVault", writable: true },
      { name: "feeVaultAuthority" },
      { name: "feeVault", writable: true },
      { name: "tokenProgram" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { bankConfig: BankConfigCompactArg, bankSeed: arg.u64 },
  },
  lending_pool_add_bank_permissionless: {
    accounts: [
      { name: "marginfiGroup", writable: true },
      { name: "stakedSettings" },
      { name: "feePayer", writable: true, signer: true },
      { name: "bankMint" },
      { name: "solPool" },
      { name: "stakePool" },
      { name: "bank", writable: true },
      { name: "liquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "insuranceVaultAuthority" },
      { name: "insuranceVault", writable: true },
      { name: "feeVaultAuthority" },
      { name: "feeVault", writable: true },
      { name: "tokenProgram" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { bankSeed: arg.u64 },
  },
  /**
   * (group admin only) Add a bank backed by a Kamino-style market reserve. Remaining accounts: [price oracle, reserve].
   */
  lending_pool_add_bank_kamino: {
    accounts: [
      { name: "group", writable: true },
      { name: "admin", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "bankMint" },
      { name: "bank", writable: true },
      { name: "integrationAcc1" },
      { name: "integrationAcc2" },
      { name: "liquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "insuranceVaultAuthority" },
      { name: "insuranceVault", writable: true },
      { name: "feeVaultAuthority" },
      { name: "feeVault", writable: true },
      { name: "tokenProgram" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { bankConfig: KaminoConfigCompactArg, bankSeed: arg.u64 },
  },
  lending_pool_configure_bank: {
    accounts: [{ name: "group" }, { name: "admin", signer: true }, { name: "bank", writable: true }],
    args: { bankConfigOpt: BankConfigOptArg },
  },
  lending_pool_configure_bank_interest_only: {
    accounts: [{ name: "group" }, { name: "delegateCurveAdmin", signer: true }, { name: "bank", writable: true }],
    args: { interestRateConfig: InterestRateConfigOptArg },
  },
  lending_pool_configure_bank_limits_only: {
    accounts: [{ name: "group" }, { name: "delegateLimitAdmin", signer: true }, { name: "bank", writable: true }],
    args: { depositLimit: arg.option(arg.u64), borrowLimit: arg.option(arg.u64), totalAssetValueInitLimit: arg.option(arg.u64) },
  },
  lending_pool_force_tokenless_repay_complete: {
    accounts: [{ name: "group" }, { name: "riskAdmin", signer: true }, { name: "bank", writable: true }],
    args: {},
  },
  lending_pool_configure_bank_oracle: {
    accounts: [{ name: "group" }, { name: "admin", signer: true }, { name: "bank", writable: true }],
    args: { setup: arg.u8, oracle: arg.pubkey },
  },
  lending_pool_set_fixed_oracle_price: {
    accounts: [{ name: "group" }, { name: "admin", signer: true }, { name: "bank", writable: true }],
    args: { price: wrappedI80F48 },
  },
  lending_pool_configure_bank_emode: {
    accounts: [{ name: "group" }, { name: "emodeAdmin", signer: true }, { name: "bank", writable: true }],
    args: { emodeTag: arg.u16, entries: arg.array(EmodeEntryArg, 10) },
  },
  lending_pool_clone_emode: {
    accounts: [{ name: "group" }, { name: "signer", signer: true }, { name: "copyFromBank" }, { name: "copyToBank", writable: true }],
    args: {},
  },
  lending_pool_setup_emissions: {
    accounts: [
      { name: "group" },
      { name: "delegateEmissionsAdmin", writable: true, signer: true },
      { name: "bank", writable: true },
      { name: "emissionsMint" },
      { name: "emissionsAuth" },
      { name: "emissionsTokenAccount", writable: true },
      { name: "emissionsFundingAccount", writable: true },
      { name: "tokenProgram" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { flags: arg.u64, rate: arg.u64, totalEmissions: arg.u64 },
  },
  lending_pool_update_emissions_parameters: {
    accounts: [
      { name: "group" },
      { name: "delegateEmissionsAdmin", writable: true, signer: true },
      { name: "bank", writable: true },
      { name: "emissionsMint" },
      { name: "emissionsTokenAccount", writable: true },
      { name: "emissionsFundingAccount", writable: true },
      { name: "tokenProgram" },
    ],
    args: { emissionsFlags: arg.option(arg.u64), emissionsRate: arg.option(arg.u64), additionalEmissions: arg.option(arg.u64) },
  },
  lending_pool_close_bank: {
    accounts: [
      { name: "group", writable: true },
      { name: "bank", writable: true },
      { name: "admin", writable: true, signer: true },
    ],
    args: {},
  },
  migrate_curve: {
    accounts: [{ name: "bank", writable: true }],
    args: {},
  },
  init_bank_metadata: {
    accounts: [
      { name: "bank" },
      { name: "feePayer", writable: true, signer: true },
      { name: "metadata", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {},
  },
  write_bank_metadata: {
    accounts: [
      { name: "group" },
      { name: "bank" },
      { name: "metadataAdmin", writable: true, signer: true },
      { name: "metadata", writable: true },
    ],
    args: { ticker: arg.option(arg.byteVec), description: arg.option(arg.byteVec) },
  },
  lending_pool_accrue_bank_interest: {
    accounts: [{ name: "group" }, { name: "bank", writable: true }],
    args: {},
  },
  lending_pool_pulse_bank_price_cache: {
    accounts: [{ name: "group" }, { name: "bank", writable: true }],
    args: {},
  },
  lending_pool_collect_bank_fees: {
    accounts: [
      { name: "group" },
      { name: "bank", writable: true },
      { name: "liquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "insuranceVault", writable: true },
      { name: "feeVault", writable: true },
      { name: "feeState" },
      { name: "feeAta", writable: true },
      { name: "tokenProgram" },
    ],
    args: {},
  },
  lending_pool_withdraw_fees: {
    accounts: [
      { name: "group" },
      { name: "bank" },
      { name: "admin", signer: true },
      { name: "feeVault", writable: true },
      { name: "feeVaultAuthority" },
      { name: "dstTokenAccount", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64 },
  },
  lending_pool_withdraw_fees_permissionless: {
    accounts: [
      { name: "group" },
      { name: "bank" },
      { name: "feeVault", writable: true },
      { name: "feeVaultAuthority" },
      { name: "feesDestinationAccount", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64 },
  },
  lending_pool_update_fees_destination_account: {
    accounts: [{ name: "group" }, { name: "bank", writable: true }, { name: "admin", signer: true }, { name: "destinationAccount" }],
    args: {},
  },
  lending_pool_withdraw_insurance: {
    accounts: [
      { name: "group" },
      { name: "bank" },
      { name: "admin", signer: true },
      { name: "insuranceVault", writable: true },
      { name: "insuranceVaultAuthority" },
      { name: "dstTokenAccount", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64 },
  },
  lending_pool_handle_bankruptcy: {
    accounts: [
      { name: "group" },
      { name: "signer", signer: true },
      { name: "bank", writable: true },
      { name: "marginfiAccount", writable: true },
      { name: "liquidityVault", writable: true },
      { name: "insuranceVault", writable: true },
      { name: "insuranceVaultAuthority" },
      { name: "tokenProgram" },
    ],
    args: {},
  },
  marginfi_account_initialize: {
    accounts: [
      { name: "marginfiGroup" },
      { name: "marginfiAccount", writable: true, signer: true },
      { name: "authority", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {},
  },
  marginfi_account_initialize_pda: {
    accounts: [
      { name: "marginfiGroup" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "instructionsSysvar", address: "Sysvar1nstructions1111111111111111111111111" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { accountIndex: arg.u16, thirdPartyId: arg.option(arg.u16) },
  },
  marginfi_account_init_liq_record: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "liquidationRecord", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {},
  },
  lending_account_deposit: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "signerTokenAccount", writable: true },
      { name: "liquidityVault", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64, depositUpToLimit: arg.option(arg.bool) },
  },
  lending_account_repay: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "signerTokenAccount", writable: true },
      { name: "liquidityVault", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64, repayAll: arg.option(arg.bool) },
  },
  lending_account_withdraw: {
    accounts: [
      { name: "group", writable: true },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "destinationTokenAccount", writable: true },
      { name: "bankLiquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64, withdrawAll: arg.option(arg.bool) },
  },
  /**
   * (permissionless) Create the bank's market obligation with a first deposit of at least 10 native units that belongs to no one.
   */
  kamino_init_obligation: {
    accounts: [
      { name: "feePayer", writable: true, signer: true },
      { name: "bank" },
      { name: "signerTokenAccount", writable: true },
      { name: "liquidityVaultAuthority", writable: true },
      { name: "liquidityVault", writable: true },
      { name: "kaminoObligation", writable: true },
      { name: "userMetadata", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "kaminoReserve", writable: true },
      { name: "mint" },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveDestinationDepositCollateral", writable: true },
      { name: "pythOracle", optional: true },
      { name: "switchboardPriceOracle", optional: true },
      { name: "switchboardTwapOracle", optional: true },
      { name: "scopePrices", optional: true },
      { name: "obligationFarmUserState", writable: true, optional: true },
      { name: "reserveFarmState", writable: true, optional: true },
      { name: "kaminoProgram", address: "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD" },
      { name: "farmsProgram", address: "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr" },
      { name: "collateralTokenProgram", address: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" },
      { name: "liquidityTokenProgram" },
      { name: "instructionSysvarAccount", address: "Sysvar1nstructions1111111111111111111111111" },
      { name: "rent", address: "SysvarRent111111111111111111111111111111111" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { amount: arg.u64 },
  },
  /**
   * (user) Deposit into a Kamino-style market reserve through a margin account; amount in the liquidity token.
   */
  kamino_deposit: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "signerTokenAccount", writable: true },
      { name: "liquidityVaultAuthority", writable: true },
      { name: "liquidityVault", writable: true },
      { name: "kaminoObligation", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "kaminoReserve", writable: true },
      { name: "mint" },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveDestinationDepositCollateral", writable: true },
      { name: "obligationFarmUserState", writable: true, optional: true },
      { name: "reserveFarmState", writable: true, optional: true },
      { name: "kaminoProgram", address: "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD" },
      { name: "farmsProgram", address: "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr" },
      { name: "collateralTokenProgram", address: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" },
      { name: "liquidityTokenProgram" },
      { name: "instructionSysvarAccount", address: "Sysvar1nstructions1111111111111111111111111" },
    ],
    args: { amount: arg.u64 },
  },
  /**
   * (user) Withdraw from a Kamino-style market reserve through a margin account; amount in collateral tokens. Remaining accounts: risk accounts.
   */
  kamino_withdraw: {
    accounts: [
      { name: "group", writable: true },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "destinationTokenAccount", writable: true },
      { name: "liquidityVaultAuthority", writable: true },
      { name: "liquidityVault", writable: true },
      { name: "kaminoObligation", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "kaminoReserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveSourceCollateral", writable: true },
      { name: "obligationFarmUserState", writable: true, optional: true },
      { name: "reserveFarmState", writable: true, optional: true },
      { name: "kaminoProgram", address: "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD" },
      { name: "farmsProgram", address: "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr" },
      { name: "collateralTokenProgram", address: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" },
      { name: "liquidityTokenProgram" },
      { name: "instructionSysvarAccount", address: "Sysvar1nstructions1111111111111111111111111" },
    ],
    args: { amount: arg.u64, withdrawAll: arg.option(arg.bool) },
  },
  /**
   * Harvest a Kamino bank obligation's farm reward for the global fee admin: it goes to the global fee wallet's ATA of the reward mint. Permissionless.
   */
  kamino_harvest_reward: {
    accounts: [
      { name: "bank" },
      { name: "feeState" },
      { name: "destinationTokenAccount", writable: true },
      { name: "liquidityVaultAuthority", writable: true },
      { name: "userState", writable: true },
      { name: "farmState", writable: true },
      { name: "globalConfig" },
      { name: "rewardMint" },
      { name: "userRewardAta", writable: true },
      { name: "rewardsVault", writable: true },
      { name: "rewardsTreasuryVault", writable: true },
      { name: "farmVaultsAuthority" },
      { name: "scopePrices", optional: true },
      { name: "farmsProgram", address: "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr" },
      { name: "tokenProgram" },
    ],
    args: { rewardIndex: arg.u64 },
  },
  lending_account_borrow: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "destinationTokenAccount", writable: true },
      { name: "bankLiquidityVaultAuthority" },
      { name: "liquidityVault", writable: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64 },
  },
  lending_account_close_balance: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
    ],
    args: {},
  },
  lending_account_withdraw_emissions: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "bank", writable: true },
      { name: "emissionsMint" },
      { name: "emissionsAuth" },
      { name: "emissionsVault", writable: true },
      { name: "destinationAccount", writable: true },
      { name: "tokenProgram" },
    ],
    args: {},
  },
  lending_account_settle_emissions: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "bank", writable: true },
    ],
    args: {},
  },
  marginfi_account_update_emissions_destination_account: {
    accounts: [{ name: "marginfiAccount", writable: true }, { name: "authority", signer: true }, { name: "destinationAccount" }],
    args: {},
  },
  lending_account_withdraw_emissions_permissionless: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "bank", writable: true },
      { name: "emissionsMint" },
      { name: "emissionsAuth" },
      { name: "emissionsVault", writable: true },
      { name: "destinationAccount", writable: true },
      { name: "tokenProgram" },
    ],
    args: {},
  },
  lending_account_liquidate: {
    accounts: [
      { name: "group" },
      { name: "assetBank", writable: true },
      { name: "liabBank", writable: true },
      { name: "liquidatorMarginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "liquidateeMarginfiAccount", writable: true },
      { name: "bankLiquidityVaultAuthority" },
      { name: "bankLiquidityVault", writable: true },
      { name: "bankInsuranceVault", writable: true },
      { name: "tokenProgram" },
    ],
    args: { assetAmount: arg.u64, liquidateeAccounts: arg.u8, liquidatorAccounts: arg.u8 },
  },
  lending_account_start_flashloan: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "ixsSysvar", address: "Sysvar1nstructions1111111111111111111111111" },
    ],
    args: { endIndex: arg.u64 },
  },
  lending_account_end_flashloan: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
    ],
    args: {},
  },
  transfer_to_new_account: {
    accounts: [
      { name: "group" },
      { name: "oldMarginfiAccount", writable: true },
      { name: "newMarginfiAccount", writable: true, signer: true },
      { name: "authority", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "newAuthority" },
      { name: "globalFeeWallet", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {},
  },
  transfer_to_new_account_pda: {
    accounts: [
      { name: "group" },
      { name: "oldMarginfiAccount", writable: true },
      { name: "newMarginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "newAuthority" },
      { name: "globalFeeWallet", writable: true },
      { name: "instructionsSysvar", address: "Sysvar1nstructions1111111111111111111111111" },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: { accountIndex: arg.u16, thirdPartyId: arg.option(arg.u16) },
  },
  marginfi_account_set_freeze: {
    accounts: [{ name: "group" }, { name: "marginfiAccount", writable: true }, { name: "admin", signer: true }],
    args: { frozen: arg.bool },
  },
  marginfi_account_close: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "authority", signer: true },
      { name: "feePayer", writable: true, signer: true },
    ],
    args: {},
  },
  lending_account_pulse_health: {
    accounts: [{ name: "marginfiAccount", writable: true }],
    args: {},
  },
  lending_account_sort_balances: {
    accounts: [{ name: "marginfiAccount", writable: true }],
    args: {},
  },
  start_liquidation: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "liquidationRecord", writable: true },
      { name: "liquidationReceiver" },
      { name: "instructionSysvar", address: "Sysvar1nstructions1111111111111111111111111" },
    ],
    args: {},
  },
  end_liquidation: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "liquidationRecord", writable: true },
      { name: "liquidationReceiver", writable: true, signer: true },
      { name: "feeState" },
      { name: "globalFeeWallet", writable: true },
      { name: "systemProgram", address: "11111111111111111111111111111111" },
    ],
    args: {},
  },
  start_deleverage: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "liquidationRecord", writable: true },
      { name: "group" },
      { name: "riskAdmin", signer: true },
      { name: "instructionSysvar", address: "Sysvar1nstructions1111111111111111111111111" },
    ],
    args: {},
  },
  end_deleverage: {
    accounts: [
      { name: "marginfiAccount", writable: true },
      { name: "liquidationRecord", writable: true },
      { name: "group" },
      { name: "riskAdmin", signer: true },
    ],
    args: {},
  },
  purge_deleverage_balance: {
    accounts: [
      { name: "group" },
      { name: "marginfiAccount", writable: true },
      { name: "riskAdmin", signer: true },
      { name: "bank", writable: true },
    ],
    args: {},
  },
});

export type LendingInstructionName = keyof typeof LENDING_INSTRUCTIONS;
