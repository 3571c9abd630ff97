// Kamino klend Reserve and Obligation accounts (market-and-oracles reference §1.3, §1.4; release v1.12.5 layouts,
// whose total sizes later releases keep). Both are Anchor zero-copy structs with no implicit padding, so every field
// sits at a fixed offset after the 8-byte discriminator. "_sf" fields are scaled fractions (60 fractional bits) kept
// as their raw bits in bigints; fractionToDecimal gives their exact value.
import { DEFAULT_PUBKEY } from "@ballast/protocol";
import bs58 from "bs58";

export const KLEND_PROGRAM_ID = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";
/** sha256("account:Reserve")[0..8]. */
export const KAMINO_RESERVE_DISCRIMINATOR: Uint8Array = Uint8Array.from([43, 242, 204, 202, 26, 247, 59, 127]);
/** sha256("account:Obligation")[0..8]. */
export const KAMINO_OBLIGATION_DISCRIMINATOR: Uint8Array = Uint8Array.from([168, 206, 141, 106, 88, 76, 172, 167]);
/** Account data sizes, discriminator included. */
export const KAMINO_RESERVE_SIZE = 8624;
export const KAMINO_OBLIGATION_SIZE = 3344;
/** Fraction (U68F60) and BigFraction: raw bits / 2^60. */
export const FRACTION_BITS = 60;

const FRACTION_MASK = (1n << BigInt(FRACTION_BITS)) - 1n;
// 10^60 / 2^60: turns 60 fractional bits into exactly 60 decimal digits.
const FIVE_POW_60 = 5n ** BigInt(FRACTION_BITS);

/** The exact decimal value of scaled-fraction bits (at most 60 fractional digits, no trailing zeros). */
export function fractionToDecimal(bits: bigint): string {
  const negative = bits < 0n;
  const magnitude = negative ? -bits : bits;
  const integer = (magnitude >> BigInt(FRACTION_BITS)).toString();
  const fraction = magnitude & FRACTION_MASK;
  const sign = negative ? "-" : "";
  if (fraction === 0n) return sign + integer;
  const digits = (fraction * FIVE_POW_60).toString().padStart(FRACTION_BITS, "0").replace(/0+$/, "");
  return `${sign}${integer}.${digits}`;
}

export class KaminoDecodeError extends Error {}

export interface KaminoLastUpdate {
  readonly slot: bigint;
  /** u8: 1 when an operation marked the account stale since its last refresh. */
  readonly stale: number;
  /** Bit set of checks the last refresh passed (63 = all). */
  readonly priceStatus: number;
}

export interface KaminoReserveLiquidity {
  readonly mintPubkey: string;
  readonly supplyVault: string;
  readonly feeVault: string;
  readonly availableAmount: bigint;
  readonly borrowedAmountSf: bigint;
  readonly marketPriceSf: bigint;
  readonly marketPriceLastUpdatedTs: bigint;
  readonly mintDecimals: bigint;
  readonly depositLimitCrossedTimestamp: bigint;
  readonly borrowLimitCrossedTimestamp: bigint;
  /** BigFraction: a 256-bit integer with 60 fractional bits. */
  readonly cumulativeBorrowRateBsf: bigint;
  readonly accumulatedProtocolFeesSf: bigint;
  readonly accumulatedReferrerFeesSf: bigint;
  readonly pendingReferrerFeesSf: bigint;
  readonly absoluteReferralRateSf: bigint;
  readonly tokenProgram: string;
}

export interface KaminoReserveCollateral {
  /** The cToken mint. */
  readonly mintPubkey: string;
  /** cToken supply as the program tracks it (the exchange rate's denominator). */
  readonly mintTotalSupply: bigint;
  readonly supplyVault: string;
}

export interface KaminoCurvePoint {
  readonly utilizationRateBps: number;
  readonly borrowRateBps: number;
}

export interface KaminoReserveFees {
  /** u64 fractions with 60 fractional bits; a flash-loan fee of u64::MAX disables flash loans. */
  readonly originationFeeSf: bigint;
  readonly flashLoanFeeSf: bigint;
}

export interface KaminoPriceHeuristic {
  /** Bounds as integer × 10^−exp; 0 disables a bound. */
  readonly lower: bigint;
  readonly upper: bigint;
  readonly exp: bigint;
}

export interface KaminoTokenInfo {
  /** The zero-padded name bytes as text. */
  readonly name: string;
  readonly heuristic: KaminoPriceHeuristic;
  readonly maxTwapDivergenceBps: bigint;
  readonly maxAgePriceSeconds: bigint;
  readonly maxAgeTwapSeconds: bigint;
  readonly scopeConfiguration: { readonly priceFeed: string; readonly priceChain: number[]; readonly twapChain: number[] };
  readonly switchboardConfiguration: { readonly priceAggregator: string; readonly twapAggregator: string };
  readonly pythConfiguration: { readonly price: string };
  readonly blockPriceUsage: number;
}

export interface KaminoWithdrawalCaps {
  readonly configCapacity: bigint;
  readonly currentTotal: bigint;
  readonly lastIntervalStartTimestamp: bigint;
  readonly configIntervalLengthSeconds: bigint;
}

export interface KaminoReserveConfig {
  /** 0 Active, 1 Obsolete, 2 Hidden. */
  readonly status: number;
  readonly assetTier: number;
  readonly hostFixedInterestRateBps: number;
  readonly minDeleveragingBonusBps: number;
  readonly protocolOrderExecutionFeePct: number;
  readonly protocolTakeRatePct: number;
  readonly protocolLiquidationFeePct: number;
  readonly loanToValuePct: number;
  readonly liquidationThresholdPct: number;
  readonly minLiquidationBonusBps: number;
  readonly maxLiquidationBonusBps: number;
  readonly badDebtLiquidationBonusBps: number;
  readonly deleveragingMarginCallPeriodSecs: bigint;
  readonly deleveragingThresholdDecreaseBpsPerDay: bigint;
  readonly fees: KaminoReserveFees;
  /** 11 points, piecewise linear in utilization. */
  readonly borrowRateCurve: { readonly points: KaminoCurvePoint[] };
  readonly borrowFactorPct: bigint;
  readonly depositLimit: bigint;
  readonly borrowLimit: bigint;
  readonly tokenInfo: KaminoTokenInfo;
  readonly depositWithdrawalCap: KaminoWithdrawalCaps;
  readonly debtWithdrawalCap: KaminoWithdrawalCaps;
  /** Ids of the elevation groups the reserve is in (0 = empty slot). */
  readonly elevationGroups: number[];
  readonly disableUsageAsCollOutsideEmode: number;
  readonly utilizationLimitBlockBorrowingAbovePct: number;
  readonly autodeleverageEnabled: number;
  readonly proposerAuthorityLocked: number;
  readonly borrowLimitOutsideElevationGroup: bigint;
  readonly borrowLimitAgainstThisCollateralInElevationGroup: bigint[];
  readonly deleveragingBonusIncreaseBpsPerDay: bigint;
}

export interface KaminoReserve {
  readonly version: bigint;
  readonly lastUpdate: KaminoLastUpdate;
  readonly lendingMarket: string;
  readonly farmCollateral: string;
  readonly farmDebt: string;
  readonly liquidity: KaminoReserveLiquidity;
  readonly collateral: KaminoReserveCollateral;
  readonly config: KaminoReserveConfig;
  readonly borrowedAmountOutsideElevationGroup: bigint;
  readonly borrowedAmountsAgainstThisReserveInElevationGroups: bigint[];
}

export interface KaminoObligationCollateral {
  /** The default address for an empty slot. */
  readonly depositReserve: string;
  /** In cTokens (collateral units). */
  readonly depositedAmount: bigint;
  readonly marketValueSf: bigint;
  readonly borrowedAmountAgainstThisCollateralInElevationGroup: bigint;
}

export interface KaminoObligationLiquidity {
  /** The default address for an empty slot. */
  readonly borrowReserve: string;
  /** The reserve's borrow index when this debt last accrued (BigFraction). */
  readonly cumulativeBorrowRateBsf: bigint;
  readonly borrowedAmountSf: bigint;
  readonly marketValueSf: bigint;
  readonly borrowFactorAdjustedMarketValueSf: bigint;
  readonly borrowedAmountOutsideElevationGroups: bigint;
}

export interface KaminoObligationOrder {
  readonly conditionThresholdSf: bigint;
  readonly opportunityParameterSf: bigint;
  readonly minExecutionBonusBps: number;
  readonly maxExecutionBonusBps: number;
  /** 0 voids the order. */
  readonly conditionType: number;
  readonly opportunityType: number;
}

export interface KaminoObligation {
  readonly tag: bigint;
  readonly lastUpdate: KaminoLastUpdate;
  readonly lendingMarket: string;
  readonly owner: string;
  /** All 8 slots, empty ones included. */
  readonly deposits: KaminoObligationCollateral[];
  readonly lowestReserveDepositLiquidationLtv: bigint;
  readonly depositedValueSf: bigint;
  /** All 5 slots, empty ones included. */
  readonly borrows: KaminoObligationLiquidity[];
  readonly borrowFactorAdjustedDebtValueSf: bigint;
  readonly borrowedAssetsMarketValueSf: bigint;
  readonly allowedBorrowValueSf: bigint;
  readonly unhealthyBorrowValueSf: bigint;
  readonly depositsAssetTiers: number[];
  readonly borrowsAssetTiers: number[];
  readonly elevationGroup: number;
  readonly numOfObsoleteDepositReserves: number;
  readonly hasDebt: number;
  readonly referrer: string;
  readonly borrowingDisabled: number;
  readonly autodeleverageTargetLtvPct: number;
  readonly lowestReserveDepositMaxLtvPct: number;
  readonly numOfObsoleteBorrowReserves: number;
  readonly highestBorrowFactorPct: bigint;
  readonly autodeleverageMarginCallStartedTimestamp: bigint;
  readonly orders: KaminoObligationOrder[];
}

/** Little-endian field reads at account offsets (discriminator included). */
class Fields {
  constructor(private readonly data: Buffer) {}
  u8 = (offset: number) => this.data.readUInt8(offset);
  u16 = (offset: number) => this.data.readUInt16LE(offset);
  u32 = (offset: number) => this.data.readUInt32LE(offset);
  u64 = (offset: number) => this.data.readBigUInt64LE(offset);
  i64 = (offset: number) => this.data.readBigInt64LE(offset);
  u128 = (offset: number) => this.u64(offset) | (this.u64(offset + 8) << 64n);
  /** BigFractionBytes: four u64 limbs, least significant first (the two padding limbs after them are not read). */
  u256 = (offset: number) => this.u128(offset) | (this.u128(offset + 16) << 128n);
  pubkey = (offset: number) => bs58.encode(this.data.subarray(offset, offset + 32));
  text = (offset: number, size: number) => this.data.toString("utf8", offset, offset + size).replace(/\0+$/, "");
  list = <T>(count: number, offset: number, stride: number, read: (offset: number) => T): T[] =>
    Array.from({ length: count }, (_, i) => read(offset + i * stride));
}

function checkAccount(data: Uint8Array, discriminator: Uint8Array, size: number, kind: string): Fields {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < size) throw new KaminoDecodeError(`${kind} data is ${buf.length} bytes, needs ${size}`);
  if (!buf.subarray(0, 8).equals(discriminator)) throw new KaminoDecodeError(`account data does not start with the ${kind} discriminator`);
  return new Fields(buf);
}

function lastUpdate(f: Fields, offset: number): KaminoLastUpdate {
  return { slot: f.u64(offset), stale: f.u8(offset + 8), priceStatus: f.u8(offset + 9) };
}

function withdrawalCaps(f: Fields, offset: number): KaminoWithdrawalCaps {
  return {
    configCapacity: f.i64(offset),
    currentTotal: f.i64(offset + 8),
    lastIntervalStartTimestamp: f.u64(offset + 16),
    configIntervalLengthSeconds: f.u64(offset + 24),
  };
}

function tokenInfo(f: Fields, o: number): KaminoTokenInfo {
  return {
    name: f.text(o, 32),
    heuristic: { lower: f.u64(o + 32), upper: f.u64(o + 40), exp: f.u64(o + 48) },
    maxTwapDivergenceBps: f.u64(o + 56),
    maxAgePriceSeconds: f.u64(o + 64),
    maxAgeTwapSeconds: f.u64(o + 72),
    scopeConfiguration: { priceFeed: f.pubkey(o + 80), priceChain: f.list(4, o + 112, 2, f.u16), twapChain: f.list(4, o + 120, 2, f.u16) },
    switchboardConfiguration: { priceAggregator: f.pubkey(o + 128), twapAggregator: f.pubkey(o + 160) },
    pythConfiguration: { price: f.pubkey(o + 192) },
    blockPriceUsage: f.u8(o + 224),
  };
}

function reserveConfig(f: Fields, o: number): KaminoReserveConfig {
  return {
    status: f.u8(o),
    assetTier: f.u8(o + 1),
    hostFixedInterestRateBps: f.u16(o + 2),
    minDeleveragingBonusBps: f.u16(o + 4),
    protocolOrderExecutionFeePct: f.u8(o + 13),
    protocolTakeRatePct: f.u8(o + 14),
    protocolLiquidationFeePct: f.u8(o + 15),
    loanToValuePct: f.u8(o + 16),
    liquidationThresholdPct: f.u8(o + 17),
    minLiquidationBonusBps: f.u16(o + 18),
    maxLiquidationBonusBps: f.u16(o + 20),
    badDebtLiquidationBonusBps: f.u16(o + 22),
    deleveragingMarginCallPeriodSecs: f.u64(o + 24),
    deleveragingThresholdDecreaseBpsPerDay: f.u64(o + 32),
    fees: { originationFeeSf: f.u64(o + 40), flashLoanFeeSf: f.u64(o + 48) },
    borrowRateCurve: {
      points: f.list(11, o + 64, 8, (p) => ({ utilizationRateBps: f.u32(p), borrowRateBps: f.u32(p + 4) })),
    },
    borrowFactorPct: f.u64(o + 152),
    depositLimit: f.u64(o + 160),
    borrowLimit: f.u64(o + 168),
    tokenInfo: tokenInfo(f, o + 176),
    depositWithdrawalCap: withdrawalCaps(f, o + 560),
    debtWithdrawalCap: withdrawalCaps(f, o + 592),
    elevationGroups: f.list(20, o + 624, 1, f.u8),
    disableUsageAsCollOutsideEmode: f.u8(o + 644),
    utilizationLimitBlockBorrowingAbovePct: f.u8(o + 645),
    autodeleverageEnabled: f.u8(o + 646),
    proposerAuthorityLocked: f.u8(o + 647),
    borrowLimitOutsideElevationGroup: f.u64(o + 648),
    borrowLimitAgainstThisCollateralInElevationGroup: f.list(32, o + 656, 8, f.u64),
    deleveragingBonusIncreaseBpsPerDay: f.u64(o + 912),
  };
}

/** Decodes a klend Reserve after checking its discriminator and size. */
export function decodeKaminoReserve(data: Uint8Array): KaminoReserve {
  const f = checkAccount(data, KAMINO_RESERVE_DISCRIMINATOR, KAMINO_RESERVE_SIZE, "Reserve");
  const l = 128;
  const c = 2560;
  return {
    version: f.u64(8),
    lastUpdate: lastUpdate(f, 16),
    lendingMarket: f.pubkey(32),
    farmCollateral: f.pubkey(64),
    farmDebt: f.pubkey(96),
    liquidity: {
      mintPubkey: f.pubkey(l),
      supplyVault: f.pubkey(l + 32),
      feeVault: f.pubkey(l + 64),
      availableAmount: f.u64(l + 96),
      borrowedAmountSf: f.u128(l + 104),
      marketPriceSf: f.u128(l + 120),
      marketPriceLastUpdatedTs: f.u64(l + 136),
      mintDecimals: f.u64(l + 144),
      depositLimitCrossedTimestamp: f.u64(l + 152),
      borrowLimitCrossedTimestamp: f.u64(l + 160),
      cumulativeBorrowRateBsf: f.u256(l + 168),
      accumulatedProtocolFeesSf: f.u128(l + 216),
      accumulatedReferrerFeesSf: f.u128(l + 232),
      pendingReferrerFeesSf: f.u128(l + 248),
      absoluteReferralRateSf: f.u128(l + 264),
      tokenProgram: f.pubkey(l + 280),
    },
    collateral: { mintPubkey: f.pubkey(c), mintTotalSupply: f.u64(c + 32), supplyVault: f.pubkey(c + 40) },
    config: reserveConfig(f, 4856),
    borrowedAmountOutsideElevationGroup: f.u64(6704),
    borrowedAmountsAgainstThisReserveInElevationGroups: f.list(32, 6712, 8, f.u64),
  };
}

/** Decodes a klend Obligation after checking its discriminator and size. */
export function decodeKaminoObligation(data: Uint8Array): KaminoObligation {
  const f = checkAccount(data, KAMINO_OBLIGATION_DISCRIMINATOR, KAMINO_OBLIGATION_SIZE, "Obligation");
  return {
    tag: f.u64(8),
    lastUpdate: lastUpdate(f, 16),
    lendingMarket: f.pubkey(32),
    owner: f.pubkey(64),
    deposits: f.list(8, 96, 136, (o) => ({
      depositReserve: f.pubkey(o),
      depositedAmount: f.u64(o + 32),
      marketValueSf: f.u128(o + 40),
      borrowedAmountAgainstThisCollateralInElevationGroup: f.u64(o + 56),
    })),
    lowestReserveDepositLiquidationLtv: f.u64(1184),
    depositedValueSf: f.u128(1192),
    borrows: f.list(5, 1208, 200, (o) => ({
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
    depositsAssetTiers: f.list(8, 2272, 1, f.u8),
    borrowsAssetTiers: f.list(5, 2280, 1, f.u8),
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
    orders: f.list(2, 2344, 128, (o) => ({
      conditionThresholdSf: f.u128(o),
      opportunityParameterSf: f.u128(o + 16),
      minExecutionBonusBps: f.u16(o + 32),
      maxExecutionBonusBps: f.u16(o + 34),
      conditionType: f.u8(o + 36),
      opportunityType: f.u8(o + 37),
    })),
  };
}

/** Occupied deposit slots (a cleared slot holds the default address). */
export function activeKaminoDeposits(obligation: KaminoObligation): KaminoObligationCollateral[] {
  return obligation.deposits.filter((d) => d.depositReserve !== DEFAULT_PUBKEY);
}

/** Occupied borrow slots. */
export function activeKaminoBorrows(obligation: KaminoObligation): KaminoObligationLiquidity[] {
  return obligation.borrows.filter((b) => b.borrowReserve !== DEFAULT_PUBKEY);
}
