// Borsh readers for the bank-configuration instruction arguments (reference §3, §4.18): fields in declaration
// order, no alignment padding, explicit pad fields read as bytes, Option = tag byte + value, enums = one byte.
import type { I80F48 } from "../math/i80f48.js";
import { INTEREST_RATE_POINTS, type RatePoint } from "../state/interest-rate-config.js";
import type { LendingArgs } from "./args.js";
import { fail } from "./errors.js";

export interface InterestRateConfigCompact {
  insuranceFeeFixedApr: I80F48;
  insuranceIrFee: I80F48;
  protocolFixedFeeApr: I80F48;
  protocolIrFee: I80F48;
  protocolOriginationFee: I80F48;
  zeroUtilRate: number;
  hundredUtilRate: number;
  points: RatePoint[];
}

export interface BankConfigCompact {
  assetWeightInit: I80F48;
  assetWeightMaint: I80F48;
  liabilityWeightInit: I80F48;
  liabilityWeightMaint: I80F48;
  depositLimit: bigint;
  interestRateConfig: InterestRateConfigCompact;
  operationalState: number;
  borrowLimit: bigint;
  riskTier: number;
  assetTag: number;
  configFlags: number;
  pad0: Uint8Array;
  totalAssetValueInitLimit: bigint;
  oracleMaxAge: number;
  oracleMaxConfidence: number;
}

export interface InterestRateConfigOpt {
  insuranceFeeFixedApr: I80F48 | null;
  insuranceIrFee: I80F48 | null;
  protocolFixedFeeApr: I80F48 | null;
  protocolIrFee: I80F48 | null;
  protocolOriginationFee: I80F48 | null;
  zeroUtilRate: number | null;
  hundredUtilRate: number | null;
  points: RatePoint[] | null;
}

export interface BankConfigOpt {
  assetWeightInit: I80F48 | null;
  assetWeightMaint: I80F48 | null;
  liabilityWeightInit: I80F48 | null;
  liabilityWeightMaint: I80F48 | null;
  depositLimit: bigint | null;
  borrowLimit: bigint | null;
  operationalState: number | null;
  interestRateConfig: InterestRateConfigOpt | null;
  riskTier: number | null;
  assetTag: number | null;
  totalAssetValueInitLimit: bigint | null;
  oracleMaxConfidence: number | null;
  oracleMaxAge: number | null;
  permissionlessBadDebtSettlement: boolean | null;
  freezeSettings: boolean | null;
  tokenlessRepaymentsAllowed: boolean | null;
}

/** Variant counts of the one-byte Borsh enums: an out-of-range byte does not deserialize. */
const OPERATIONAL_STATE_VARIANTS = 4;
const RISK_TIER_VARIANTS = 2;

function enumByte(args: LendingArgs, variants: number): number {
  const v = args.u8();
  if (v >= variants) fail("InstructionDidNotDeserialize");
  return v;
}

function u16(args: LendingArgs): number {
  return args.u8() | (args.u8() << 8);
}

export function readOperationalState(args: LendingArgs): number {
  return enumByte(args, OPERATIONAL_STATE_VARIANTS);
}

export function readRiskTier(args: LendingArgs): number {
  return enumByte(args, RISK_TIER_VARIANTS);
}

export function readRatePoints(args: LendingArgs): RatePoint[] {
  return Array.from({ length: INTEREST_RATE_POINTS }, () => ({ util: args.u32(), rate: args.u32() }));
}

export function readInterestRateConfigCompact(args: LendingArgs): InterestRateConfigCompact {
  return {
    insuranceFeeFixedApr: args.i80f48(),
    insuranceIrFee: args.i80f48(),
    protocolFixedFeeApr: args.i80f48(),
    protocolIrFee: args.i80f48(),
    protocolOriginationFee: args.i80f48(),
    zeroUtilRate: args.u32(),
    hundredUtilRate: args.u32(),
    points: readRatePoints(args),
  };
}

export function readBankConfigCompact(args: LendingArgs): BankConfigCompact {
  return {
    assetWeightInit: args.i80f48(),
    assetWeightMaint: args.i80f48(),
    liabilityWeightInit: args.i80f48(),
    liabilityWeightMaint: args.i80f48(),
    depositLimit: args.u64(),
    interestRateConfig: readInterestRateConfigCompact(args),
    operationalState: readOperationalState(args),
    borrowLimit: args.u64(),
    riskTier: readRiskTier(args),
    assetTag: args.u8(),
    configFlags: args.u8(),
    pad0: Uint8Array.from({ length: 5 }, () => args.u8()),
    totalAssetValueInitLimit: args.u64(),
    oracleMaxAge: u16(args),
    oracleMaxConfidence: args.u32(),
  };
}

export function readInterestRateConfigOpt(args: LendingArgs): InterestRateConfigOpt {
  return {
    insuranceFeeFixedApr: args.option(() => args.i80f48()),
    insuranceIrFee: args.option(() => args.i80f48()),
    protocolFixedFeeApr: args.option(() => args.i80f48()),
    protocolIrFee: args.option(() => args.i80f48()),
    protocolOriginationFee: args.option(() => args.i80f48()),
    zeroUtilRate: args.option(() => args.u32()),
    hundredUtilRate: args.option(() => args.u32()),
    points: args.option(() => readRatePoints(args)),
  };
}

export function readBankConfigOpt(args: LendingArgs): BankConfigOpt {
  return {
    assetWeightInit: args.option(() => args.i80f48()),
    assetWeightMaint: args.option(() => args.i80f48()),
    liabilityWeightInit: args.option(() => args.i80f48()),
    liabilityWeightMaint: args.option(() => args.i80f48()),
    depositLimit: args.option(() => args.u64()),
    borrowLimit: args.option(() => args.u64()),
    operationalState: args.option(() => readOperationalState(args)),
    interestRateConfig: args.option(() => readInterestRateConfigOpt(args)),
    riskTier: args.option(() => readRiskTier(args)),
    assetTag: args.option(() => args.u8()),
    totalAssetValueInitLimit: args.option(() => args.u64()),
    oracleMaxConfidence: args.option(() => args.u32()),
    oracleMaxAge: args.option(() => u16(args)),
    permissionlessBadDebtSettlement: args.option(() => args.bool()),
    freezeSettings: args.option(() => args.bool()),
    tokenlessRepaymentsAllowed: args.option(() => args.bool()),
  };
}
