// The LendingMarket account (v1.12.5, 4656 bytes + discriminator; reference §1.1, §1.2): the market's owner, its
// authority PDA's bump, market-wide switches and limits, and 32 elevation-group slots.
import { MARKET_DEFAULTS, PROGRAM_VERSION } from "../constants.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { checkAccount } from "./common.js";
import { FieldWriter } from "./fields.js";

/** sha256("account:LendingMarket")[0..8]. */
export const LENDING_MARKET_DISCRIMINATOR: Uint8Array = Uint8Array.from([246, 114, 50, 98, 72, 157, 28, 120]);
/** Account data size, discriminator included. */
export const LENDING_MARKET_SIZE = 4664;

const ELEVATION_GROUPS = 200;
const ELEVATION_GROUP_SIZE = 72;
export const ELEVATION_GROUP_COUNT = 32;

/** 0.000001 as a Fraction: the fixed-point literal rounds 2^60 / 10^6 to nearest. */
export const MIN_NET_VALUE_IN_OBLIGATION_SF = 1_152_921_504_607n;

export interface ElevationGroup {
  maxLiquidationBonusBps: number;
  id: number;
  ltvPct: number;
  liquidationThresholdPct: number;
  allowNewLoans: number;
  maxReservesAsCollateral: number;
  debtReserve: string;
}

export interface LendingMarket {
  version: bigint;
  /** Bump of the market authority PDA ["lma", market]. */
  bumpSeed: bigint;
  lendingMarketOwner: string;
  lendingMarketOwnerCached: string;
  /** 32 raw bytes, e.g. "USD" zero padded. */
  quoteCurrency: Uint8Array;
  referralFeeBps: number;
  emergencyMode: number;
  autodeleverageEnabled: number;
  borrowDisabled: number;
  priceRefreshTriggerToMaxAgePct: number;
  liquidationMaxDebtCloseFactorPct: number;
  insolvencyRiskUnhealthyLtvPct: number;
  minFullLiquidationValueThreshold: bigint;
  maxLiquidatableDebtMarketValueAtOnce: bigint;
  globalAllowedBorrowValue: bigint;
  riskCouncil: string;
  /** Group id k sits at index k − 1. */
  elevationGroups: ElevationGroup[];
  minNetValueInObligationSf: bigint;
  minValueSkipLiquidationLtvChecks: bigint;
  /** 32 raw bytes. */
  name: Uint8Array;
  minValueSkipLiquidationBfChecks: bigint;
  individualAutodeleverageMarginCallPeriodSecs: bigint;
  minInitialDepositAmount: bigint;
  obligationOrderExecutionEnabled: number;
  immutable: number;
  obligationOrderCreationEnabled: number;
  priceTriggeredLiquidationDisabled: number;
  proposerAuthority: string;
}

export function decodeLendingMarket(data: Uint8Array): LendingMarket {
  const f = checkAccount(data, LENDING_MARKET_DISCRIMINATOR, LENDING_MARKET_SIZE, "LendingMarket");
  return {
    version: f.u64(8),
    bumpSeed: f.u64(16),
    lendingMarketOwner: f.pubkey(24),
    lendingMarketOwnerCached: f.pubkey(56),
    quoteCurrency: f.bytes(88, 32),
    referralFeeBps: f.u16(120),
    emergencyMode: f.u8(122),
    autodeleverageEnabled: f.u8(123),
    borrowDisabled: f.u8(124),
    priceRefreshTriggerToMaxAgePct: f.u8(125),
    liquidationMaxDebtCloseFactorPct: f.u8(126),
    insolvencyRiskUnhealthyLtvPct: f.u8(127),
    minFullLiquidationValueThreshold: f.u64(128),
    maxLiquidatableDebtMarketValueAtOnce: f.u64(136),
    globalAllowedBorrowValue: f.u64(152),
    riskCouncil: f.pubkey(160),
    elevationGroups: f.list(ELEVATION_GROUP_COUNT, ELEVATION_GROUPS, ELEVATION_GROUP_SIZE, (o) => ({
      maxLiquidationBonusBps: f.u16(o),
      id: f.u8(o + 2),
      ltvPct: f.u8(o + 3),
      liquidationThresholdPct: f.u8(o + 4),
      allowNewLoans: f.u8(o + 5),
      maxReservesAsCollateral: f.u8(o + 6),
      debtReserve: f.pubkey(o + 8),
    })),
    minNetValueInObligationSf: f.u128(3224),
    minValueSkipLiquidationLtvChecks: f.u64(3240),
    name: f.bytes(3248, 32),
    minValueSkipLiquidationBfChecks: f.u64(3280),
    individualAutodeleverageMarginCallPeriodSecs: f.u64(3288),
    minInitialDepositAmount: f.u64(3296),
    obligationOrderExecutionEnabled: f.u8(3304),
    immutable: f.u8(3305),
    obligationOrderCreationEnabled: f.u8(3306),
    priceTriggeredLiquidationDisabled: f.u8(3307),
    proposerAuthority: f.pubkey(3312),
  };
}

export function encodeLendingMarketInto(data: Buffer, m: LendingMarket): void {
  const w = new FieldWriter(data);
  data.set(LENDING_MARKET_DISCRIMINATOR, 0);
  w.u64(8, m.version);
  w.u64(16, m.bumpSeed);
  w.pubkey(24, m.lendingMarketOwner);
  w.pubkey(56, m.lendingMarketOwnerCached);
  w.bytes(88, 32, m.quoteCurrency);
  w.u16(120, m.referralFeeBps);
  w.u8(122, m.emergencyMode);
  w.u8(123, m.autodeleverageEnabled);
  w.u8(124, m.borrowDisabled);
  w.u8(125, m.priceRefreshTriggerToMaxAgePct);
  w.u8(126, m.liquidationMaxDebtCloseFactorPct);
  w.u8(127, m.insolvencyRiskUnhealthyLtvPct);
  w.u64(128, m.minFullLiquidationValueThreshold);
  w.u64(136, m.maxLiquidatableDebtMarketValueAtOnce);
  w.u64(152, m.globalAllowedBorrowValue);
  w.pubkey(160, m.riskCouncil);
  w.list(m.elevationGroups, ELEVATION_GROUPS, ELEVATION_GROUP_SIZE, (o, g) => {
    w.u16(o, g.maxLiquidationBonusBps);
    w.u8(o + 2, g.id);
    w.u8(o + 3, g.ltvPct);
    w.u8(o + 4, g.liquidationThresholdPct);
    w.u8(o + 5, g.allowNewLoans);
    w.u8(o + 6, g.maxReservesAsCollateral);
    w.pubkey(o + 8, g.debtReserve);
  });
  w.u128(3224, m.minNetValueInObligationSf);
  w.u64(3240, m.minValueSkipLiquidationLtvChecks);
  w.bytes(3248, 32, m.name);
  w.u64(3280, m.minValueSkipLiquidationBfChecks);
  w.u64(3288, m.individualAutodeleverageMarginCallPeriodSecs);
  w.u64(3296, m.minInitialDepositAmount);
  w.u8(3304, m.obligationOrderExecutionEnabled);
  w.u8(3305, m.immutable);
  w.u8(3306, m.obligationOrderCreationEnabled);
  w.u8(3307, m.priceTriggeredLiquidationDisabled);
  w.pubkey(3312, m.proposerAuthority);
}

/** The market init_lending_market writes: klend's defaults with this owner, bump and quote currency. */
export function newLendingMarket(p: { owner: string; bumpSeed: number; quoteCurrency: Uint8Array }): LendingMarket {
  return {
    version: PROGRAM_VERSION,
    bumpSeed: BigInt(p.bumpSeed),
    lendingMarketOwner: p.owner,
    lendingMarketOwnerCached: ZERO_PUBKEY,
    quoteCurrency: Uint8Array.from(p.quoteCurrency),
    referralFeeBps: 0,
    emergencyMode: 0,
    autodeleverageEnabled: 0,
    borrowDisabled: 0,
    priceRefreshTriggerToMaxAgePct: 0,
    liquidationMaxDebtCloseFactorPct: MARKET_DEFAULTS.liquidationMaxDebtCloseFactorPct,
    insolvencyRiskUnhealthyLtvPct: MARKET_DEFAULTS.insolvencyRiskUnhealthyLtvPct,
    minFullLiquidationValueThreshold: MARKET_DEFAULTS.minFullLiquidationValueThreshold,
    maxLiquidatableDebtMarketValueAtOnce: MARKET_DEFAULTS.maxLiquidatableDebtMarketValueAtOnce,
    globalAllowedBorrowValue: MARKET_DEFAULTS.globalAllowedBorrowValue,
    riskCouncil: ZERO_PUBKEY,
    elevationGroups: Array.from({ length: ELEVATION_GROUP_COUNT }, () => ({
      maxLiquidationBonusBps: 0,
      id: 0,
      ltvPct: 0,
      liquidationThresholdPct: 0,
      allowNewLoans: 0,
      maxReservesAsCollateral: MARKET_DEFAULTS.elevationGroupMaxReservesAsCollateral,
      debtReserve: ZERO_PUBKEY,
    })),
    minNetValueInObligationSf: MIN_NET_VALUE_IN_OBLIGATION_SF,
    minValueSkipLiquidationLtvChecks: 0n,
    name: new Uint8Array(32),
    minValueSkipLiquidationBfChecks: 0n,
    individualAutodeleverageMarginCallPeriodSecs: 0n,
    minInitialDepositAmount: MARKET_DEFAULTS.minInitialDepositAmount,
    obligationOrderExecutionEnabled: 0,
    immutable: 0,
    obligationOrderCreationEnabled: 0,
    priceTriggeredLiquidationDisabled: 0,
    proposerAuthority: ZERO_PUBKEY,
  };
}
