// The Obligation account (v1.12.5, 3336 bytes + discriminator; reference §1.4): one borrower's collateral (cTokens
// in up to 8 reserves) and debt (up to 5 reserves), with the values its last refresh computed.
import { EMPTY_ASSET_TIER, MAX_OBLIGATION_BORROWS, MAX_OBLIGATION_DEPOSITS } from "../constants.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { accountLayout, array, pubkey, skip, struct, u128, u16, u256, u64, u8, type AccountData, type StructValue } from "@ballast/codec";
import { LastUpdateStruct, asMarketAccountData, decodeMarketAccount, encodeMarketAccountInto } from "./common.js";

/** sha256("account:Obligation")[0..8]. */
export const OBLIGATION_DISCRIMINATOR: Uint8Array = Uint8Array.from([168, 206, 141, 106, 88, 76, 172, 167]);

const ObligationCollateralStruct = struct(136, {
  /** The default address for an empty slot. */
  depositReserve: [0, pubkey],
  /** In cTokens (collateral units). */
  depositedAmount: [32, u64],
  marketValueSf: [40, u128],
  borrowedAmountAgainstThisCollateralInElevationGroup: [56, u64],
  padding: [64, skip(72)],
});

const ObligationLiquidityStruct = struct(200, {
  /** The default address for an empty slot. */
  borrowReserve: [0, pubkey],
  /** The reserve's borrow index when this debt last accrued (BigFraction). */
  cumulativeBorrowRateBsf: [32, u256],
  padding: [64, skip(24)],
  borrowedAmountSf: [88, u128],
  marketValueSf: [104, u128],
  borrowFactorAdjustedMarketValueSf: [120, u128],
  borrowedAmountOutsideElevationGroups: [136, u64],
  padding2: [144, skip(56)],
});

const ObligationOrderStruct = struct(128, {
  conditionThresholdSf: [0, u128],
  opportunityParameterSf: [16, u128],
  minExecutionBonusBps: [32, u16],
  maxExecutionBonusBps: [34, u16],
  /** 0 voids the order. */
  conditionType: [36, u8],
  opportunityType: [37, u8],
  padding: [38, skip(90)],
});

export const ObligationLayout = accountLayout(
  "Obligation",
  Buffer.from(OBLIGATION_DISCRIMINATOR),
  struct(3336, {
    tag: [0, u64],
    lastUpdate: [8, LastUpdateStruct],
    lendingMarket: [24, pubkey],
    owner: [56, pubkey],
    /** All 8 slots, empty ones included. */
    deposits: [88, array(ObligationCollateralStruct, MAX_OBLIGATION_DEPOSITS)],
    lowestReserveDepositLiquidationLtv: [1176, u64],
    depositedValueSf: [1184, u128],
    /** All 5 slots, empty ones included. */
    borrows: [1200, array(ObligationLiquidityStruct, MAX_OBLIGATION_BORROWS)],
    borrowFactorAdjustedDebtValueSf: [2200, u128],
    borrowedAssetsMarketValueSf: [2216, u128],
    allowedBorrowValueSf: [2232, u128],
    unhealthyBorrowValueSf: [2248, u128],
    depositsAssetTiers: [2264, array(u8, MAX_OBLIGATION_DEPOSITS)],
    borrowsAssetTiers: [2272, array(u8, MAX_OBLIGATION_BORROWS)],
    elevationGroup: [2277, u8],
    numOfObsoleteDepositReserves: [2278, u8],
    hasDebt: [2279, u8],
    referrer: [2280, pubkey],
    borrowingDisabled: [2312, u8],
    autodeleverageTargetLtvPct: [2313, u8],
    lowestReserveDepositMaxLtvPct: [2314, u8],
    numOfObsoleteBorrowReserves: [2315, u8],
    reserved: [2316, skip(4)],
    highestBorrowFactorPct: [2320, u64],
    autodeleverageMarginCallStartedTimestamp: [2328, u64],
    orders: [2336, array(ObligationOrderStruct, 2)],
    padding3: [2592, skip(744)],
  }),
);

/** Account data size, discriminator included. */
export const OBLIGATION_SIZE = ObligationLayout.space;

export type ObligationCollateral = StructValue<typeof ObligationCollateralStruct.fields>;
export type ObligationLiquidity = StructValue<typeof ObligationLiquidityStruct.fields>;
export type ObligationOrder = StructValue<typeof ObligationOrderStruct.fields>;
export type Obligation = StructValue<typeof ObligationLayout.struct.fields>;

/** Obligation account data: the discriminator and size checked, so data of another kind never passes for it. */
export type ObligationData = AccountData<typeof ObligationLayout.name>;

/** Brands `data` as a Obligation's after the size and discriminator checks; null for data of another kind. */
export function asObligationData(data: Buffer): ObligationData | null {
  return asMarketAccountData(ObligationLayout, data);
}

export function emptyCollateral(): ObligationCollateral {
  return { depositReserve: ZERO_PUBKEY, depositedAmount: 0n, marketValueSf: 0n, borrowedAmountAgainstThisCollateralInElevationGroup: 0n };
}

export function emptyLiquidity(): ObligationLiquidity {
  return {
    borrowReserve: ZERO_PUBKEY,
    cumulativeBorrowRateBsf: 0n,
    borrowedAmountSf: 0n,
    marketValueSf: 0n,
    borrowFactorAdjustedMarketValueSf: 0n,
    borrowedAmountOutsideElevationGroups: 0n,
  };
}

function emptyOrder(): ObligationOrder {
  return {
    conditionThresholdSf: 0n,
    opportunityParameterSf: 0n,
    minExecutionBonusBps: 0,
    maxExecutionBonusBps: 0,
    conditionType: 0,
    opportunityType: 0,
  };
}

/** A new obligation as init_obligation writes it: every slot empty, asset tiers 255, stale since `slot`. */
export function newObligation(p: { tag: bigint; slot: bigint; lendingMarket: string; owner: string; referrer: string }): Obligation {
  return {
    tag: p.tag,
    lastUpdate: { slot: p.slot, stale: 1, priceStatus: 0 },
    lendingMarket: p.lendingMarket,
    owner: p.owner,
    deposits: Array.from({ length: MAX_OBLIGATION_DEPOSITS }, emptyCollateral),
    lowestReserveDepositLiquidationLtv: 0n,
    depositedValueSf: 0n,
    borrows: Array.from({ length: MAX_OBLIGATION_BORROWS }, emptyLiquidity),
    borrowFactorAdjustedDebtValueSf: 0n,
    borrowedAssetsMarketValueSf: 0n,
    allowedBorrowValueSf: 0n,
    unhealthyBorrowValueSf: 0n,
    depositsAssetTiers: Array.from({ length: MAX_OBLIGATION_DEPOSITS }, () => EMPTY_ASSET_TIER),
    borrowsAssetTiers: Array.from({ length: MAX_OBLIGATION_BORROWS }, () => EMPTY_ASSET_TIER),
    elevationGroup: 0,
    numOfObsoleteDepositReserves: 0,
    hasDebt: 0,
    referrer: p.referrer,
    borrowingDisabled: 0,
    autodeleverageTargetLtvPct: 0,
    lowestReserveDepositMaxLtvPct: 0,
    numOfObsoleteBorrowReserves: 0,
    highestBorrowFactorPct: 0n,
    autodeleverageMarginCallStartedTimestamp: 0n,
    orders: [emptyOrder(), emptyOrder()],
  };
}

/** Decodes an Obligation after checking its discriminator and size. */
export function decodeObligation(data: Uint8Array): Obligation {
  return decodeMarketAccount(ObligationLayout, data);
}

/** Writes the discriminator and every field of `o` into `data` in place (padding untouched). */
export function encodeObligationInto(data: Buffer, ob: Obligation): void {
  encodeMarketAccountInto(ObligationLayout, data, ob);
}

/** Occupied deposit slots (a cleared slot holds the default address). */
export function activeDeposits(obligation: Obligation): ObligationCollateral[] {
  return obligation.deposits.filter((d) => d.depositReserve !== ZERO_PUBKEY);
}

/** Occupied borrow slots. */
export function activeBorrows(obligation: Obligation): ObligationLiquidity[] {
  return obligation.borrows.filter((b) => b.borrowReserve !== ZERO_PUBKEY);
}
