// The structured arguments of the admin instructions (reference §4.18): bank configuration in full and as changes,
// interest curves, e-mode entries, staked-collateral settings and the global fee settings.
import type { PublicKey } from "@solana/web3.js";
import { BankOperationalState, RiskTier, type I80F48, type RatePoint } from "@ballast/protocol";
import { enumVariant, option, optional, padded, u64, wrappedI80F48 } from "./coder-values.js";

const RATE_POINTS = 5;
const EMODE_ENTRIES = 10;

/** A seven-point interest curve with its fees; rates are u32 fractions of 1000% APR, utilizations of 100%. */
export interface InterestRateParams {
  insuranceFeeFixedApr: I80F48;
  insuranceIrFee: I80F48;
  protocolFixedFeeApr: I80F48;
  protocolIrFee: I80F48;
  protocolOriginationFee: I80F48;
  zeroUtilRate: number;
  hundredUtilRate: number;
  /** Up to five kinks, ascending by utilization; unused slots are zero. */
  points: readonly RatePoint[];
}

/** Changes to an interest curve: fields left out keep their value. */
export type InterestRateChanges = Partial<InterestRateParams>;

/** A new bank's configuration (BankConfigCompact); the oracle is set afterwards. */
export interface BankConfigParams {
  assetWeightInit: I80F48;
  assetWeightMaint: I80F48;
  liabilityWeightInit: I80F48;
  liabilityWeightMaint: I80F48;
  /** Native units; u64::MAX = unlimited. */
  depositLimit: bigint;
  interestRateConfig: InterestRateParams;
  operationalState: BankOperationalState;
  /** Native units; u64::MAX = unlimited. */
  borrowLimit: bigint;
  riskTier: RiskTier;
  /** See AssetTag; add_bank takes Default or Sol. */
  assetTag: number;
  /** See BankConfigFlags. */
  configFlags: number;
  /** Whole USD; 0 = inactive. */
  totalAssetValueInitLimit: bigint;
  /** Seconds. */
  oracleMaxAge: number;
  /** u32 fraction of 100%; 0 = the default 10%. */
  oracleMaxConfidence: number;
}

/** Changes to a bank's configuration (BankConfigOpt): fields left out keep their value. */
export interface BankConfigChanges {
  assetWeightInit?: I80F48;
  assetWeightMaint?: I80F48;
  liabilityWeightInit?: I80F48;
  liabilityWeightMaint?: I80F48;
  depositLimit?: bigint;
  borrowLimit?: bigint;
  operationalState?: BankOperationalState;
  interestRateConfig?: InterestRateChanges;
  riskTier?: RiskTier;
  assetTag?: number;
  totalAssetValueInitLimit?: bigint;
  oracleMaxConfidence?: number;
  oracleMaxAge?: number;
  permissionlessBadDebtSettlement?: boolean;
  freezeSettings?: boolean;
  tokenlessRepaymentsAllowed?: boolean;
}

/** One e-mode pairing: collateral banks with this tag get these asset weights. */
export interface EmodeEntryParams {
  collateralBankEmodeTag: number;
  /** See EmodeEntryFlags. */
  flags: number;
  assetWeightInit: I80F48;
  assetWeightMaint: I80F48;
}

/** The group's staked-collateral settings, copied onto every staked bank. */
export interface StakedSettingsParams {
  /** The Pyth SOL feed. */
  oracle: PublicKey;
  assetWeightInit: I80F48;
  assetWeightMaint: I80F48;
  depositLimit: bigint;
  totalAssetValueInitLimit: bigint;
  oracleMaxAge: number;
  riskTier: RiskTier;
}

/** Changes to the staked-collateral settings: fields left out keep their value. */
export type StakedSettingsChanges = Partial<StakedSettingsParams>;

/** The program-wide fee state (one per program). */
export interface GlobalFeeSettings {
  admin: PublicKey;
  feeWallet: PublicKey;
  /** Lamports paid to the fee wallet per bank created. */
  bankInitFlatSolFee: number;
  /** Lamports paid by the receiver per receivership liquidation. */
  liquidationFlatSolFee: number;
  programFeeFixed: I80F48;
  programFeeRate: I80F48;
  liquidationMaxFee: I80F48;
}

const ratePoint = ({ util, rate }: RatePoint) => ({ util, rate });
const ratePoints = (points: readonly RatePoint[]) => padded(points, RATE_POINTS, ratePoint, { util: 0, rate: 0 });
const operationalState = (value: BankOperationalState) => enumVariant(BankOperationalState, value);
const riskTier = (value: RiskTier) => enumVariant(RiskTier, value);

export function interestRateArgs(c: InterestRateParams) {
  return {
    insurance_fee_fixed_apr: wrappedI80F48(c.insuranceFeeFixedApr),
    insurance_ir_fee: wrappedI80F48(c.insuranceIrFee),
    protocol_fixed_fee_apr: wrappedI80F48(c.protocolFixedFeeApr),
    protocol_ir_fee: wrappedI80F48(c.protocolIrFee),
    protocol_origination_fee: wrappedI80F48(c.protocolOriginationFee),
    zero_util_rate: c.zeroUtilRate,
    hundred_util_rate: c.hundredUtilRate,
    points: ratePoints(c.points),
  };
}

export function interestRateChangesArgs(c: InterestRateChanges) {
  return {
    insurance_fee_fixed_apr: option(c.insuranceFeeFixedApr, wrappedI80F48),
    insurance_ir_fee: option(c.insuranceIrFee, wrappedI80F48),
    protocol_fixed_fee_apr: option(c.protocolFixedFeeApr, wrappedI80F48),
    protocol_ir_fee: option(c.protocolIrFee, wrappedI80F48),
    protocol_origination_fee: option(c.protocolOriginationFee, wrappedI80F48),
    zero_util_rate: optional(c.zeroUtilRate),
    hundred_util_rate: optional(c.hundredUtilRate),
    points: option(c.points, ratePoints),
  };
}

export function bankConfigArgs(c: BankConfigParams) {
  return {
    asset_weight_init: wrappedI80F48(c.assetWeightInit),
    asset_weight_maint: wrappedI80F48(c.assetWeightMaint),
    liability_weight_init: wrappedI80F48(c.liabilityWeightInit),
    liability_weight_maint: wrappedI80F48(c.liabilityWeightMaint),
    deposit_limit: u64(c.depositLimit),
    interest_rate_config: interestRateArgs(c.interestRateConfig),
    operational_state: operationalState(c.operationalState),
    borrow_limit: u64(c.borrowLimit),
    risk_tier: riskTier(c.riskTier),
    asset_tag: c.assetTag,
    config_flags: c.configFlags,
    _pad0: [0, 0, 0, 0, 0],
    total_asset_value_init_limit: u64(c.totalAssetValueInitLimit),
    oracle_max_age: c.oracleMaxAge,
    oracle_max_confidence: c.oracleMaxConfidence,
  };
}

export function bankConfigChangesArgs(c: BankConfigChanges) {
  return {
    asset_weight_init: option(c.assetWeightInit, wrappedI80F48),
    asset_weight_maint: option(c.assetWeightMaint, wrappedI80F48),
    liability_weight_init: option(c.liabilityWeightInit, wrappedI80F48),
    liability_weight_maint: option(c.liabilityWeightMaint, wrappedI80F48),
    deposit_limit: option(c.depositLimit, u64),
    borrow_limit: option(c.borrowLimit, u64),
    operational_state: option(c.operationalState, operationalState),
    interest_rate_config: option(c.interestRateConfig, interestRateChangesArgs),
    risk_tier: option(c.riskTier, riskTier),
    asset_tag: optional(c.assetTag),
    total_asset_value_init_limit: option(c.totalAssetValueInitLimit, u64),
    oracle_max_confidence: optional(c.oracleMaxConfidence),
    oracle_max_age: optional(c.oracleMaxAge),
    permissionless_bad_debt_settlement: optional(c.permissionlessBadDebtSettlement),
    freeze_settings: optional(c.freezeSettings),
    tokenless_repayments_allowed: optional(c.tokenlessRepaymentsAllowed),
  };
}

const EMPTY_EMODE_ENTRY = {
  collateral_bank_emode_tag: 0,
  flags: 0,
  pad0: [0, 0, 0, 0, 0],
  asset_weight_init: { value: new Array<number>(16).fill(0) },
  asset_weight_maint: { value: new Array<number>(16).fill(0) },
};

/** All ten entry slots; the program sorts them and treats tag 0 as empty. */
export function emodeEntriesArgs(entries: readonly EmodeEntryParams[]) {
  return padded(
    entries,
    EMODE_ENTRIES,
    (e) => ({
      collateral_bank_emode_tag: e.collateralBankEmodeTag,
      flags: e.flags,
      pad0: [0, 0, 0, 0, 0],
      asset_weight_init: wrappedI80F48(e.assetWeightInit),
      asset_weight_maint: wrappedI80F48(e.assetWeightMaint),
    }),
    EMPTY_EMODE_ENTRY,
  );
}

export function stakedSettingsArgs(s: StakedSettingsParams) {
  return {
    oracle: s.oracle,
    asset_weight_init: wrappedI80F48(s.assetWeightInit),
    asset_weight_maint: wrappedI80F48(s.assetWeightMaint),
    deposit_limit: u64(s.depositLimit),
    total_asset_value_init_limit: u64(s.totalAssetValueInitLimit),
    oracle_max_age: s.oracleMaxAge,
    risk_tier: riskTier(s.riskTier),
  };
}

export function stakedSettingsChangesArgs(s: StakedSettingsChanges) {
  return {
    oracle: optional(s.oracle),
    asset_weight_init: option(s.assetWeightInit, wrappedI80F48),
    asset_weight_maint: option(s.assetWeightMaint, wrappedI80F48),
    deposit_limit: option(s.depositLimit, u64),
    total_asset_value_init_limit: option(s.totalAssetValueInitLimit, u64),
    oracle_max_age: optional(s.oracleMaxAge),
    risk_tier: option(s.riskTier, riskTier),
  };
}

/** init_global_fee_state and edit_global_fee_state take the same seven arguments. */
export function globalFeeArgs(s: GlobalFeeSettings) {
  return {
    admin: s.admin,
    fee_wallet: s.feeWallet,
    bank_init_flat_sol_fee: s.bankInitFlatSolFee,
    liquidation_flat_sol_fee: s.liquidationFlatSolFee,
    program_fee_fixed: wrappedI80F48(s.programFeeFixed),
    program_fee_rate: wrappedI80F48(s.programFeeRate),
    liquidation_max_fee: wrappedI80F48(s.liquidationMaxFee),
  };
}
