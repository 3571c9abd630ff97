// The LendingMarket account (v1.12.5, 4656 bytes + discriminator; reference §1.1, §1.2): the market's owner, its
// authority PDA's bump, market-wide switches and limits, and 32 elevation-group slots.
import { MARKET_DEFAULTS, PROGRAM_VERSION } from "../constants.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { accountLayout, array, bytes, pubkey, skip, struct, u128, u16, u64, u8, type AccountData, type StructValue } from "@ballast/codec";
import { asMarketAccountData, decodeMarketAccount, encodeMarketAccountInto } from "./common.js";

/** sha256("account:LendingMarket")[0..8]. */
export const LENDING_MARKET_DISCRIMINATOR: Uint8Array = Uint8Array.from([246, 114, 50, 98, 72, 157, 28, 120]);
export const ELEVATION_GROUP_COUNT = 32;

/** 0.000001 as a Fraction: the fixed-point literal rounds 2^60 / 10^6 to nearest. */
export const MIN_NET_VALUE_IN_OBLIGATION_SF = 1_152_921_504_607n;

export const ElevationGroupStruct = struct(72, {
  maxLiquidationBonusBps: [0, u16],
  id: [2, u8],
  ltvPct: [3, u8],
  liquidationThresholdPct: [4, u8],
  allowNewLoans: [5, u8],
  maxReservesAsCollateral: [6, u8],
  padding0: [7, skip(1)],
  debtReserve: [8, pubkey],
  padding1: [40, skip(32)],
});

export type ElevationGroup = StructValue<typeof ElevationGroupStruct.fields>;

export const LendingMarketLayout = accountLayout(
  "LendingMarket",
  Buffer.from(LENDING_MARKET_DISCRIMINATOR),
  struct(4656, {
    version: [0, u64],
    /** Bump of the market authority PDA ["lma", market]. */
    bumpSeed: [8, u64],
    lendingMarketOwner: [16, pubkey],
    lendingMarketOwnerCached: [48, pubkey],
    /** 32 raw bytes, e.g. "USD" zero padded. */
    quoteCurrency: [80, bytes(32)],
    referralFeeBps: [112, u16],
    emergencyMode: [114, u8],
    autodeleverageEnabled: [115, u8],
    borrowDisabled: [116, u8],
    priceRefreshTriggerToMaxAgePct: [117, u8],
    liquidationMaxDebtCloseFactorPct: [118, u8],
    insolvencyRiskUnhealthyLtvPct: [119, u8],
    minFullLiquidationValueThreshold: [120, u64],
    maxLiquidatableDebtMarketValueAtOnce: [128, u64],
    reserved0: [136, skip(8)],
    globalAllowedBorrowValue: [144, u64],
    riskCouncil: [152, pubkey],
    reserved1: [184, skip(8)],
    /** Group id k sits at index k − 1. */
    elevationGroups: [192, array(ElevationGroupStruct, ELEVATION_GROUP_COUNT)],
    elevationGroupPadding: [2496, skip(720)],
    minNetValueInObligationSf: [3216, u128],
    minValueSkipLiquidationLtvChecks: [3232, u64],
    /** 32 raw bytes. */
    name: [3240, bytes(32)],
    minValueSkipLiquidationBfChecks: [3272, u64],
    individualAutodeleverageMarginCallPeriodSecs: [3280, u64],
    minInitialDepositAmount: [3288, u64],
    obligationOrderExecutionEnabled: [3296, u8],
    immutable: [3297, u8],
    obligationOrderCreationEnabled: [3298, u8],
    priceTriggeredLiquidationDisabled: [3299, u8],
    padding: [3300, skip(4)],
    proposerAuthority: [3304, pubkey],
    padding1: [3336, skip(1320)],
  }),
);

/** Account data size, discriminator included. */
export const LENDING_MARKET_SIZE = LendingMarketLayout.space;

export type LendingMarket = StructValue<typeof LendingMarketLayout.struct.fields>;

/** LendingMarket account data: the discriminator and size checked, so data of another kind never passes for it. */
export type LendingMarketData = AccountData<typeof LendingMarketLayout.name>;

/** Brands `data` as a LendingMarket's after the size and discriminator checks; null for data of another kind. */
export function asLendingMarketData(data: Buffer): LendingMarketData | null {
  return asMarketAccountData(LendingMarketLayout, data);
}

export function decodeLendingMarket(data: Uint8Array): LendingMarket {
  return decodeMarketAccount(LendingMarketLayout, data);
}

export function encodeLendingMarketInto(data: Buffer, m: LendingMarket): void {
  encodeMarketAccountInto(LendingMarketLayout, data, m);
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
