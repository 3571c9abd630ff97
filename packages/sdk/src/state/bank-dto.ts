// The banks API's bank shape (snake_case): fixed-point values as exact decimal strings, u64 values as integer strings.
import { BankOperationalState, RiskTier, i80f48 as fx, type Bank, type I80F48 } from "@ballast/protocol";
import { BallastSdkError } from "../errors.js";

/** Off-chain facts about a bank that its account does not hold. */
export interface BankMetadata {
  readonly symbol: string;
  readonly name: string;
  readonly tokenProgram: string;
  readonly usdPrice: number | null;
  readonly lstApy: number | null;
  /** The insurance vault's token balance in native units; null (or absent) when it was not read. */
  readonly insuranceVaultBalance?: bigint | null;
}

export interface EmodeEntryDto {
  readonly collateral_bank_emode_tag: number;
  readonly flags: number;
  readonly asset_weight_init: string;
  readonly asset_weight_maint: string;
}

export interface BankDto {
  readonly bank_address: string;
  readonly group_address: string;
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  readonly mint_decimals: number;
  readonly token_program_address: string;
  readonly usd_price: number | null;
  readonly lst_apy: number | null;
  readonly asset_share_value: string;
  readonly liability_share_value: string;
  readonly total_asset_shares: string;
  readonly total_liability_shares: string;
  readonly liquidity_vault: string;
  readonly liquidity_vault_bump: number;
  readonly liquidity_vault_authority_bump: number;
  readonly insurance_vault: string;
  readonly insurance_vault_bump: number;
  readonly insurance_vault_authority_bump: number;
  /** The insurance fund: the insurance vault's token balance, native units as an integer string; null when unread. */
  readonly insurance_vault_balance: string | null;
  readonly fee_vault: string;
  readonly fee_vault_bump: number;
  readonly fee_vault_authority_bump: number;
  readonly collected_insurance_fees_outstanding: string;
  readonly collected_group_fees_outstanding: string;
  readonly last_update: number;
  readonly asset_weight_init: string;
  readonly asset_weight_maint: string;
  readonly liability_weight_init: string;
  readonly liability_weight_maint: string;
  readonly deposit_limit: string;
  readonly borrow_limit: string;
  /** 0 collateral, 1 isolated. */
  readonly risk_tier: number;
  readonly total_asset_value_init_limit: string;
  readonly asset_tag: number;
  /** 0 paused, 1 operational, 2 reduce-only. */
  readonly operational_state: number;
  readonly oracle_setup: number;
  readonly oracle_keys: string[];
  readonly oracle_max_age: number;
  readonly optimal_utilization_rate: string;
  readonly plateau_interest_rate: string;
  readonly max_interest_rate: string;
  readonly insurance_fee_fixed_apr: string;
  readonly insurance_ir_fee: string;
  readonly protocol_fixed_fee_apr: string;
  readonly protocol_ir_fee: string;
  readonly protocol_origination_fee: string;
  readonly emissions_rate: string;
  readonly emissions_mint: string;
  readonly emissions_remaining: string;
  readonly emode_tag: number;
  readonly emode_timestamp: number;
  readonly emode_flags: number;
  readonly emode_entries: EmodeEntryDto[];
  readonly kamino_reserve: string;
  readonly kamino_obligation: string;
}

const decimal = (value: I80F48): string => fx.toDecimal(value);

/** The app knows collateral and isolated tiers only. */
function riskTier(value: number): number {
  if (value !== RiskTier.Collateral && value !== RiskTier.Isolated) throw new BallastSdkError("INVALID_RISK_TIER", { value });
  return value;
}

/** The app decodes paused, operational and reduce-only; anything else (killed by bankruptcy included) is invalid. */
function operationalState(value: number): number {
  const known: number[] = [BankOperationalState.Paused, BankOperationalState.Operational, BankOperationalState.ReduceOnly];
  if (!known.includes(value)) throw new BallastSdkError("INVALID_OPERATIONAL_STATE", { value });
  return value;
}

export function toBankDto(address: string, bank: Bank, metadata: BankMetadata): BankDto {
  const config = bank.config;
  const interest = config.interestRateConfig;
  return {
    bank_address: address,
    group_address: bank.group,
    mint: bank.mint,
    symbol: metadata.symbol,
    name: metadata.name,
    mint_decimals: bank.mintDecimals,
    token_program_address: metadata.tokenProgram,
    usd_price: metadata.usdPrice,
    lst_apy: metadata.lstApy,
    asset_share_value: decimal(bank.assetShareValue),
    liability_share_value: decimal(bank.liabilityShareValue),
    total_asset_shares: decimal(bank.totalAssetShares),
    total_liability_shares: decimal(bank.totalLiabilityShares),
    liquidity_vault: bank.liquidityVault,
    liquidity_vault_bump: bank.liquidityVaultBump,
    liquidity_vault_authority_bump: bank.liquidityVaultAuthorityBump,
    insurance_vault: bank.insuranceVault,
    insurance_vault_bump: bank.insuranceVaultBump,
    insurance_vault_authority_bump: bank.insuranceVaultAuthorityBump,
    insurance_vault_balance: metadata.insuranceVaultBalance == null ? null : metadata.insuranceVaultBalance.toString(),
    fee_vault: bank.feeVault,
    fee_vault_bump: bank.feeVaultBump,
    fee_vault_authority_bump: bank.feeVaultAuthorityBump,
    collected_insurance_fees_outstanding: decimal(bank.collectedInsuranceFeesOutstanding),
    collected_group_fees_outstanding: decimal(bank.collectedGroupFeesOutstanding),
    last_update: Number(bank.lastUpdate),
    asset_weight_init: decimal(config.assetWeightInit),
    asset_weight_maint: decimal(config.assetWeightMaint),
    liability_weight_init: decimal(config.liabilityWeightInit),
    liability_weight_maint: decimal(config.liabilityWeightMaint),
    deposit_limit: config.depositLimit.toString(),
    borrow_limit: config.borrowLimit.toString(),
    risk_tier: riskTier(config.riskTier),
    total_asset_value_init_limit: config.totalAssetValueInitLimit.toString(),
    asset_tag: config.assetTag,
    operational_state: operationalState(config.operationalState),
    oracle_setup: config.oracleSetup,
    oracle_keys: config.oracleKeys,
    oracle_max_age: config.oracleMaxAge,
    optimal_utilization_rate: decimal(interest.optimalUtilizationRate),
    plateau_interest_rate: decimal(interest.plateauInterestRate),
    max_interest_rate: decimal(interest.maxInterestRate),
    insurance_fee_fixed_apr: decimal(interest.insuranceFeeFixedApr),
    insurance_ir_fee: decimal(interest.insuranceIrFee),
    protocol_fixed_fee_apr: decimal(interest.protocolFixedFeeApr),
    protocol_ir_fee: decimal(interest.protocolIrFee),
    protocol_origination_fee: decimal(interest.protocolOriginationFee),
    emissions_rate: bank.emissionsRate.toString(),
    emissions_mint: bank.emissionsMint,
    emissions_remaining: decimal(bank.emissionsRemaining),
    emode_tag: bank.emode.emodeTag,
    emode_timestamp: Number(bank.emode.timestamp),
    emode_flags: Number(bank.emode.flags),
    emode_entries: bank.emode.emodeConfig.entries.map((e) => ({
      collateral_bank_emode_tag: e.collateralBankEmodeTag,
      flags: e.flags,
      asset_weight_init: decimal(e.assetWeightInit),
      asset_weight_maint: decimal(e.assetWeightMaint),
    })),
    kamino_reserve: bank.integrationAcc1,
    kamino_obligation: bank.integrationAcc2,
  };
}
