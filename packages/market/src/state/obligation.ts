// The Obligation account (v1.12.5, 3336 bytes + discriminator; reference §1.4): one borrower's collateral (cTokens
// in up to 8 reserves) and debt (up to 5 reserves), with the values its last refresh computed.
import { EMPTY_ASSET_TIER, MAX_OBLIGATION_BORROWS, MAX_OBLIGATION_DEPOSITS } from "../constants.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { type LastUpdate, checkAccount, readLastUpdate, writeLastUpdate } from "./common.js";
import { FieldWriter } from "./fields.js";

/** sha256("account:Obligation")[0..8]. */
export const OBLIGATION_DISCRIMINATOR: Uint8Array = Uint8Array.from([168, 206, 141, 106, 88, 76, 172, 167]);
/** Account data size, discriminator included. */
export const OBLIGATION_SIZE = 3344;

const DEPOSITS = 96;
const DEPOSIT_SIZE = 136;
const BORROWS = 1208;
const BORROW_SIZE = 200;
const ORDERS = 2344;
const ORDER_SIZE = 128;

export interface ObligationCollateral {
  /** The default address for an empty slot. */
  depositReserve: string;
  /** In cTokens (collateral units). */
  depositedAmount: bigint;
  marketValueSf: bigint;
  borrowedAmountAgainstThisCollateralInElevationGroup: bigint;
}

export interface ObligationLiquidity {
  /** The default address for an empty slot. */
  borrowReserve: string;
  /** The reserve's borrow index when this debt last accrued (BigFraction). */
  cumulativeBorrowRateBsf: bigint;
  borrowedAmountSf: bigint;
  marketValueSf: bigint;
  borrowFactorAdjustedMarketValueSf: bigint;
  borrowedAmountOutsideElevationGroups: bigint;
}

export interface ObligationOrder {
  conditionThresholdSf: bigint;
  opportunityParameterSf: bigint;
  minExecutionBonusBps: number;
  maxExecutionBonusBps: number;
  /** 0 voids the order. */
  conditionType: number;
  opportunityType: number;
}

export interface Obligation {
  tag: bigint;
  lastUpdate: LastUpdate;
  lendingMarket: string;
  owner: string;
  /** All 8 slots, empty ones included. */
  deposits: ObligationCollateral[];
  lowestReserveDepositLiquidationLtv: bigint;
  depositedValueSf: bigint;
  /** All 5 slots, empty ones included. */
  borrows: ObligationLiquidity[];
  borrowFactorAdjustedDebtValueSf: bigint;
  borrowedAssetsMarketValueSf: bigint;
  allowedBorrowValueSf: bigint;
  unhealthyBorrowValueSf: bigint;
  depositsAssetTiers: number[];
  borrowsAssetTiers: number[];
  elevationGroup: number;
  numOfObsoleteDepositReserves: number;
  hasDebt: number;
  referrer: string;
  borrowingDisabled: number;
  autodeleverageTargetLtvPct: number;
  lowestReserveDepositMaxLtvPct: number;
  numOfObsoleteBorrowReserves: number;
  highestBorrowFactorPct: bigint;
  autodeleverageMarginCallStartedTimestamp: bigint;
  orders: ObligationOrder[];
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
  const f = checkAccount(data, OBLIGATION_DISCRIMINATOR, OBLIGATION_SIZE, "Obligation");
  return {
    tag: f.u64(8),
    lastUpdate: readLastUpdate(f, 16),
    lendingMarket: f.pubkey(32),
    owner: f.pubkey(64),
    deposits: f.list(MAX_OBLIGATION_DEPOSITS, DEPOSITS, DEPOSIT_SIZE, (o) => ({
      depositReserve: f.pubkey(o),
      depositedAmount: f.u64(o + 32),
      marketValueSf: f.u128(o + 40),
      borrowedAmountAgainstThisCollateralInElevationGroup: f.u64(o + 56),
    })),
    lowestReserveDepositLiquidationLtv: f.u64(1184),
    depositedValueSf: f.u128(1192),
    borrows: f.list(MAX_OBLIGATION_BORROWS, BORROWS, BORROW_SIZE, (o) => ({
      borrowReserve: f.pubkey(o),
      cumulativeBorrowRateBsf: f.u256(o + 32),
      borrowedAmountSf: f.u128(o + 88),
      marketValueSf: f.u128(o + 104),
      borrowFactorAdjustedMarketValueSf: f.u128(o + 120),
      borrowedAmountOutsideElevationGroups: f.u64(o + 136),
    })),
    borrowFactorAdjustedDebtValueSf: f.u128(2208),
    borrowedAssetsMarketValueSf: f.u128(2224),
    allowedBorrowValueSf: f.u128(2240),
    unhealthyBorrowValueSf: f.u128(2256),
    depositsAssetTiers: f.list(MAX_OBLIGATION_DEPOSITS, 2272, 1, f.u8),
    borrowsAssetTiers: f.list(MAX_OBLIGATION_BORROWS, 2280, 1, f.u8),
    elevationGroup: f.u8(2285),
    numOfObsoleteDepositReserves: f.u8(2286),
    hasDebt: f.u8(2287),
    referrer: f.pubkey(2288),
    borrowingDisabled: f.u8(2320),
    autodeleverageTargetLtvPct: f.u8(2321),
    lowestReserveDepositMaxLtvPct: f.u8(2322),
    numOfObsoleteBorrowReserves: f.u8(2323),
    highestBorrowFactorPct: f.u64(2328),
    autodeleverageMarginCallStartedTimestamp: f.u64(2336),
    orders: f.list(2, ORDERS, ORDER_SIZE, (o) => ({
      conditionThresholdSf: f.u128(o),
      opportunityParameterSf: f.u128(o + 16),
      minExecutionBonusBps: f.u16(o + 32),
      maxExecutionBonusBps: f.u16(o + 34),
      conditionType: f.u8(o + 36),
      opportunityType: f.u8(o + 37),
    })),
  };
}

/** Writes the discriminator and every field of `o` into `data` in place (padding untouched). */
export function encodeObligationInto(data: Buffer, ob: Obligation): void {
  const w = new FieldWriter(data);
  data.set(OBLIGATION_DISCRIMINATOR, 0);
  w.u64(8, ob.tag);
  writeLastUpdate(w, 16, ob.lastUpdate);
  w.pubkey(32, ob.lendingMarket);
  w.pubkey(64, ob.owner);
  w.list(ob.deposits, DEPOSITS, DEPOSIT_SIZE, (o, d) => {
    w.pubkey(o, d.depositReserve);
    w.u64(o + 32, d.depositedAmount);
    w.u128(o + 40, d.marketValueSf);
    w.u64(o + 56, d.borrowedAmountAgainstThisCollateralInElevationGroup);
  });
  w.u64(1184, ob.lowestReserveDepositLiquidationLtv);
  w.u128(1192, ob.depositedValueSf);
  w.list(ob.borrows, BORROWS, BORROW_SIZE, (o, b) => {
    w.pubkey(o, b.borrowReserve);
    w.u256(o + 32, b.cumulativeBorrowRateBsf);
    w.u128(o + 88, b.borrowedAmountSf);
    w.u128(o + 104, b.marketValueSf);
    w.u128(o + 120, b.borrowFactorAdjustedMarketValueSf);
    w.u64(o + 136, b.borrowedAmountOutsideElevationGroups);
  });
  w.u128(2208, ob.borrowFactorAdjustedDebtValueSf);
  w.u128(2224, ob.borrowedAssetsMarketValueSf);
  w.u128(2240, ob.allowedBorrowValueSf);
  w.u128(2256, ob.unhealthyBorrowValueSf);
  w.list(ob.depositsAssetTiers, 2272, 1, w.u8);
  w.list(ob.borrowsAssetTiers, 2280, 1, w.u8);
  w.u8(2285, ob.elevationGroup);
  w.u8(2286, ob.numOfObsoleteDepositReserves);
  w.u8(2287, ob.hasDebt);
  w.pubkey(2288, ob.referrer);
  w.u8(2320, ob.borrowingDisabled);
  w.u8(2321, ob.autodeleverageTargetLtvPct);
  w.u8(2322, ob.lowestReserveDepositMaxLtvPct);
  w.u8(2323, ob.numOfObsoleteBorrowReserves);
  w.u64(2328, ob.highestBorrowFactorPct);
  w.u64(2336, ob.autodeleverageMarginCallStartedTimestamp);
  w.list(ob.orders, ORDERS, ORDER_SIZE, (o, order) => {
    w.u128(o, order.conditionThresholdSf);
    w.u128(o + 16, order.opportunityParameterSf);
    w.u16(o + 32, order.minExecutionBonusBps);
    w.u16(o + 34, order.maxExecutionBonusBps);
    w.u8(o + 36, order.conditionType);
    w.u8(o + 37, order.opportunityType);
  });
}

/** Occupied deposit slots (a cleared slot holds the default address). */
export function activeDeposits(obligation: Obligation): ObligationCollateral[] {
  return obligation.deposits.filter((d) => d.depositReserve !== ZERO_PUBKEY);
}

/** Occupied borrow slots. */
export function activeBorrows(obligation: Obligation): ObligationLiquidity[] {
  return obligation.borrows.filter((b) => b.borrowReserve !== ZERO_PUBKEY);
}
