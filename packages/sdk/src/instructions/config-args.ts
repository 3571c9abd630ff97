// The structured arguments of the admin instructions (reference §4.18): bank configuration in full and as changes,
// interest curves, e-mode entries, staked-collateral settings and the global fee settings.
import type { PublicKey } from "@solana/web3.js";
import type { ArgValue } from "@ballast/codec";
import {
  i80f48,
  type BankConfigCompactArg,
  type BankConfigOptArg,
  type BankOperationalState,
  type EmodeEntryArg,
  type I80F48,
  type InterestRateConfigCompactArg,
  type InterestRateConfigOptArg,
  type RatePoint,
  type RatePointArg,
  type RiskTier,
  type StakedSettingsConfigArg,
  type StakedSettingsEditConfigArg,
} from "@ballast/protocol";

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

type RatePointValue = ArgValue<typeof RatePointArg>;

/** A fixed-size array argument from a shorter list, padded with `empty`. */
function padded<T>(items: readonly T[], length: number, empty: T): T[] {
  if (items.length > length) throw new RangeError(`at most ${length} entries, got ${items.length}`);
  return [...items, ...Array.from({ length: length - items.length }, () => empty)];
}

const ratePoints = (points: readonly RatePoint[]): RatePointValue[] =>
  padded(
    points.map(({ util, rate }) => ({ util, rate })),
    RATE_POINTS,
    { util: 0, rate: 0 },
  );

/** The five bytes of explicit padding some argument structs carry. */
const pad = () => new Uint8Array(5);

export function interestRateArgs(c: InterestRateParams): ArgValue<typeof InterestRateConfigCompactArg> {
  return {
    insuranceFeeFixedApr: c.insuranceFeeFixedApr,
    insuranceIrFee: c.insuranceIrFee,
    protocolFixedFeeApr: c.protocolFixedFeeApr,
    protocolIrFee: c.protocolIrFee,
    protocolOriginationFee: c.protocolOriginationFee,
    zeroUtilRate: c.zeroUtilRate,
    hundredUtilRate: c.hundredUtilRate,
    points: ratePoints(c.points),
  };
}

export function interestRateChangesArgs(c: InterestRateChanges): ArgValue<typeof InterestRateConfigOptArg> {
  return {
    insuranceFeeFixedApr: c.insuranceFeeFixedApr ?? null,
    insuranceIrFee: c.insuranceIrFee ?? null,
    protocolFixedFeeApr: c.protocolFixedFeeApr ?? null,
    protocolIrFee: c.protocolIrFee ?? null,
    protocolOriginationFee: c.protocolOriginationFee ?? null,
    zeroUtilRate: c.zeroUtilRate ?? null,
    hundredUtilRate: c.hundredUtilRate ?? null,
    points: c.points === undefined ? null : ratePoints(c.points),
  };
}

export function bankConfigArgs(c: BankConfigParams): ArgValue<typeof BankConfigCompactArg> {
  return {
    assetWeightInit: c.assetWeightInit,
    assetWeightMaint: c.assetWeightMaint,
    liabilityWeightInit: c.liabilityWeightInit,
    liabilityWeightMaint: c.liabilityWeightMaint,
    depositLimit: c.depositLimit,
    interestRateConfig: interestRateArgs(c.interestRateConfig),
    operationalState: c.operationalState,
    borrowLimit: c.borrowLimit,
    riskTier: c.riskTier,
    assetTag: c.assetTag,
    configFlags: c.configFlags,
    pad0: pad(),
    totalAssetValueInitLimit: c.totalAssetValueInitLimit,
    oracleMaxAge: c.oracleMaxAge,
    oracleMaxConfidence: c.oracleMaxConfidence,
  };
}

export function bankConfigChangesArgs(c: BankConfigChanges): ArgValue<typeof BankConfigOptArg> {
  return {
    assetWeightInit: c.assetWeightInit ?? null,
    assetWeightMaint: c.assetWeightMaint ?? null,
    liabilityWeightInit: c.liabilityWeightInit ?? null,
    liabilityWeightMaint: c.liabilityWeightMaint ?? null,
    depositLimit: c.depositLimit ?? null,
    borrowLimit: c.borrowLimit ?? null,
    operationalState: c.operationalState ?? null,
    interestRateConfig: c.interestRateConfig === undefined ? null : interestRateChangesArgs(c.interestRateConfig),
    riskTier: c.riskTier ?? null,
    assetTag: c.assetTag ?? null,
    totalAssetValueInitLimit: c.totalAssetValueInitLimit ?? null,
    oracleMaxConfidence: c.oracleMaxConfidence ?? null,
    oracleMaxAge: c.oracleMaxAge ?? null,
    permissionlessBadDebtSettlement: c.permissionlessBadDebtSettlement ?? null,
    freezeSettings: c.freezeSettings ?? null,
    tokenlessRepaymentsAllowed: c.tokenlessRepaymentsAllowed ?? null,
  };
}

type EmodeEntryValue = ArgValue<typeof EmodeEntryArg>;

const EMPTY_EMODE_ENTRY: EmodeEntryValue = {
  collateralBankEmodeTag: 0,
  flags: 0,
  pad0: pad(),
  assetWeightInit: i80f48.ZERO,
  assetWeightMaint: i80f48.ZERO,
};

/** All ten entry slots; the program sorts them and treats tag 0 as empty. */
export function emodeEntriesArgs(entries: readonly EmodeEntryParams[]): EmodeEntryValue[] {
  return padded(
    entries.map((e) => ({
      collateralBankEmodeTag: e.collateralBankEmodeTag,
      flags: e.flags,
      pad0: pad(),
      assetWeightInit: e.assetWeightInit,
      assetWeightMaint: e.assetWeightMaint,
    })),
    EMODE_ENTRIES,
    EMPTY_EMODE_ENTRY,
  );
}

export function stakedSettingsArgs(s: StakedSettingsParams): ArgValue<typeof StakedSettingsConfigArg> {
  return {
    oracle: s.oracle,
    assetWeightInit: s.assetWeightInit,
    assetWeightMaint: s.assetWeightMaint,
    depositLimit: s.depositLimit,
    totalAssetValueInitLimit: s.totalAssetValueInitLimit,
    oracleMaxAge: s.oracleMaxAge,
    riskTier: s.riskTier,
  };
}

export function stakedSettingsChangesArgs(s: StakedSettingsChanges): ArgValue<typeof StakedSettingsEditConfigArg> {
  return {
    oracle: s.oracle ?? null,
    assetWeightInit: s.assetWeightInit ?? null,
    assetWeightMaint: s.assetWeightMaint ?? null,
    depositLimit: s.depositLimit ?? null,
    totalAssetValueInitLimit: s.totalAssetValueInitLimit ?? null,
    oracleMaxAge: s.oracleMaxAge ?? null,
    riskTier: s.riskTier ?? null,
  };
}

/** init_global_fee_state and edit_global_fee_state take the same seven arguments. */
export function globalFeeArgs(s: GlobalFeeSettings) {
  return {
    admin: s.admin,
    feeWallet: s.feeWallet,
    bankInitFlatSolFee: s.bankInitFlatSolFee,
    liquidationFlatSolFee: s.liquidationFlatSolFee,
    programFeeFixed: s.programFeeFixed,
    programFeeRate: s.programFeeRate,
    liquidationMaxFee: s.liquidationMaxFee,
  };
}
