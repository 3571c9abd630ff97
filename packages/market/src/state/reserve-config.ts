// ReserveConfig (v1.12.5, 920 bytes; reference §1.3): risk parameters, fees, the borrow-rate curve, limits, oracle
// configuration and withdrawal caps. It sits inside the Reserve at account offset 4856 and is also the value of
// update_reserve_config's UpdateEntireReserveConfig mode, byte for byte.
import { NULL_PUBKEY, ZERO_PUBKEY } from "../program-ids.js";
import { ReserveStatus } from "../constants.js";
import type { CurvePoint } from "../math/borrow-rate-curve.js";
import type { WithdrawalCaps } from "../math/withdrawal-caps.js";
import { FieldReader, FieldWriter } from "./fields.js";

export type { CurvePoint } from "../math/borrow-rate-curve.js";
export type { WithdrawalCaps } from "../math/withdrawal-caps.js";

export const RESERVE_CONFIG_SIZE = 920;
const U16_MAX = 0xffff;

export interface ReserveFees {
  /** u64 fractions with 60 fractional bits; a flash-loan fee of u64::MAX disables flash loans. */
  originationFeeSf: bigint;
  flashLoanFeeSf: bigint;
}

export interface PriceHeuristic {
  /** Bounds as integer × 10^−exp; 0 disables a bound. */
  lower: bigint;
  upper: bigint;
  exp: bigint;
}

export interface ScopeConfiguration {
  priceFeed: string;
  priceChain: number[];
  twapChain: number[];
}

export interface TokenInfo {
  /** The zero-padded name bytes as text. */
  name: string;
  heuristic: PriceHeuristic;
  maxTwapDivergenceBps: bigint;
  maxAgePriceSeconds: bigint;
  maxAgeTwapSeconds: bigint;
  scopeConfiguration: ScopeConfiguration;
  switchboardConfiguration: { priceAggregator: string; twapAggregator: string };
  pythConfiguration: { price: string };
  blockPriceUsage: number;
}

export interface ReserveConfig {
  /** 0 Active, 1 Obsolete, 2 Hidden. */
  status: number;
  assetTier: number;
  hostFixedInterestRateBps: number;
  minDeleveragingBonusBps: number;
  protocolOrderExecutionFeePct: number;
  protocolTakeRatePct: number;
  protocolLiquidationFeePct: number;
  loanToValuePct: number;
  liquidationThresholdPct: number;
  minLiquidationBonusBps: number;
  maxLiquidationBonusBps: number;
  badDebtLiquidationBonusBps: number;
  deleveragingMarginCallPeriodSecs: bigint;
  deleveragingThresholdDecreaseBpsPerDay: bigint;
  fees: ReserveFees;
  /** 11 points, piecewise linear in utilization. */
  borrowRateCurve: { points: CurvePoint[] };
  borrowFactorPct: bigint;
  depositLimit: bigint;
  borrowLimit: bigint;
  tokenInfo: TokenInfo;
  depositWithdrawalCap: WithdrawalCaps;
  debtWithdrawalCap: WithdrawalCaps;
  /** Ids of the elevation groups the reserve is in (0 = empty slot). */
  elevationGroups: number[];
  disableUsageAsCollOutsideEmode: number;
  utilizationLimitBlockBorrowingAbovePct: number;
  autodeleverageEnabled: number;
  proposerAuthorityLocked: number;
  borrowLimitOutsideElevationGroup: bigint;
  borrowLimitAgainstThisCollateralInElevationGroup: bigint[];
  deleveragingBonusIncreaseBpsPerDay: bigint;
}

function readCaps(f: FieldReader, o: number): WithdrawalCaps {
  return {
    configCapacity: f.i64(o),
    currentTotal: f.i64(o + 8),
    lastIntervalStartTimestamp: f.u64(o + 16),
    configIntervalLengthSeconds: f.u64(o + 24),
  };
}

function writeCaps(w: FieldWriter, o: number, caps: WithdrawalCaps): void {
  w.i64(o, caps.configCapacity);
  w.i64(o + 8, caps.currentTotal);
  w.u64(o + 16, caps.lastIntervalStartTimestamp);
  w.u64(o + 24, caps.configIntervalLengthSeconds);
}

function readTokenInfo(f: FieldReader, o: number): TokenInfo {
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

function writeTokenInfo(w: FieldWriter, o: number, t: TokenInfo): void {
  w.text(o, 32, t.name);
  w.u64(o + 32, t.heuristic.lower);
  w.u64(o + 40, t.heuristic.upper);
  w.u64(o + 48, t.heuristic.exp);
  w.u64(o + 56, t.maxTwapDivergenceBps);
  w.u64(o + 64, t.maxAgePriceSeconds);
  w.u64(o + 72, t.maxAgeTwapSeconds);
  w.pubkey(o + 80, t.scopeConfiguration.priceFeed);
  w.list(t.scopeConfiguration.priceChain, o + 112, 2, w.u16);
  w.list(t.scopeConfiguration.twapChain, o + 120, 2, w.u16);
  w.pubkey(o + 128, t.switchboardConfiguration.priceAggregator);
  w.pubkey(o + 160, t.switchboardConfiguration.twapAggregator);
  w.pubkey(o + 192, t.pythConfiguration.price);
  w.u8(o + 224, t.blockPriceUsage);
}

/** Reads a ReserveConfig starting at `o`. */
export function readReserveConfig(f: FieldReader, o: number): ReserveConfig {
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
    tokenInfo: readTokenInfo(f, o + 176),
    depositWithdrawalCap: readCaps(f, o + 560),
    debtWithdrawalCap: readCaps(f, o + 592),
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

/** Writes every field of `c` at `o`, leaving the reserved bytes between them as they are. */
export function writeReserveConfig(w: FieldWriter, o: number, c: ReserveConfig): void {
  w.u8(o, c.status);
  w.u8(o + 1, c.assetTier);
  w.u16(o + 2, c.hostFixedInterestRateBps);
  w.u16(o + 4, c.minDeleveragingBonusBps);
  w.u8(o + 13, c.protocolOrderExecutionFeePct);
  w.u8(o + 14, c.protocolTakeRatePct);
  w.u8(o + 15, c.protocolLiquidationFeePct);
  w.u8(o + 16, c.loanToValuePct);
  w.u8(o + 17, c.liquidationThresholdPct);
  w.u16(o + 18, c.minLiquidationBonusBps);
  w.u16(o + 20, c.maxLiquidationBonusBps);
  w.u16(o + 22, c.badDebtLiquidationBonusBps);
  w.u64(o + 24, c.deleveragingMarginCallPeriodSecs);
  w.u64(o + 32, c.deleveragingThresholdDecreaseBpsPerDay);
  w.u64(o + 40, c.fees.originationFeeSf);
  w.u64(o + 48, c.fees.flashLoanFeeSf);
  if (c.borrowRateCurve.points.length !== 11) throw new RangeError("a borrow rate curve has 11 points");
  w.list(c.borrowRateCurve.points, o + 64, 8, (p, point) => {
    w.u32(p, point.utilizationRateBps);
    w.u32(p + 4, point.borrowRateBps);
  });
  w.u64(o + 152, c.borrowFactorPct);
  w.u64(o + 160, c.depositLimit);
  w.u64(o + 168, c.borrowLimit);
  writeTokenInfo(w, o + 176, c.tokenInfo);
  writeCaps(w, o + 560, c.depositWithdrawalCap);
  writeCaps(w, o + 592, c.debtWithdrawalCap);
  w.list(c.elevationGroups, o + 624, 1, w.u8);
  w.u8(o + 644, c.disableUsageAsCollOutsideEmode);
  w.u8(o + 645, c.utilizationLimitBlockBorrowingAbovePct);
  w.u8(o + 646, c.autodeleverageEnabled);
  w.u8(o + 647, c.proposerAuthorityLocked);
  w.u64(o + 648, c.borrowLimitOutsideElevationGroup);
  w.list(c.borrowLimitAgainstThisCollateralInElevationGroup, o + 656, 8, w.u64);
  w.u64(o + 912, c.deleveragingBonusIncreaseBpsPerDay);
}

/** The 920 bytes of a config, as update_reserve_config's UpdateEntireReserveConfig value carries them. */
export function encodeReserveConfig(c: ReserveConfig): Buffer {
  const data = Buffer.alloc(RESERVE_CONFIG_SIZE);
  writeReserveConfig(new FieldWriter(data), 0, c);
  return data;
}

export function decodeReserveConfig(data: Uint8Array): ReserveConfig {
  if (data.length < RESERVE_CONFIG_SIZE) throw new RangeError(`a reserve config is ${RESERVE_CONFIG_SIZE} bytes, got ${data.length}`);
  return readReserveConfig(new FieldReader(Buffer.from(data.buffer, data.byteOffset, data.byteLength)), 0);
}

function noCaps(): WithdrawalCaps {
  return { configCapacity: 0n, currentTotal: 0n, lastIntervalStartTimestamp: 0n, configIntervalLengthSeconds: 0n };
}

/**
 * The config init_reserve writes: klend's `ReserveConfig::default()` with status Hidden. Everything is zero except
 * the flat-zero borrow curve and Scope's "disabled" markers (NULL_PUBKEY feed, chains of u16::MAX).
 */
export function defaultReserveConfig(): ReserveConfig {
  return {
    status: ReserveStatus.Hidden,
    assetTier: 0,
    hostFixedInterestRateBps: 0,
    minDeleveragingBonusBps: 0,
    protocolOrderExecutionFeePct: 0,
    protocolTakeRatePct: 0,
    protocolLiquidationFeePct: 0,
    loanToValuePct: 0,
    liquidationThresholdPct: 0,
    minLiquidationBonusBps: 0,
    maxLiquidationBonusBps: 0,
    badDebtLiquidationBonusBps: 0,
    deleveragingMarginCallPeriodSecs: 0n,
    deleveragingThresholdDecreaseBpsPerDay: 0n,
    fees: { originationFeeSf: 0n, flashLoanFeeSf: 0n },
    borrowRateCurve: {
      points: Array.from({ length: 11 }, (_, i) => ({ utilizationRateBps: i === 0 ? 0 : 10_000, borrowRateBps: 0 })),
    },
    borrowFactorPct: 0n,
    depositLimit: 0n,
    borrowLimit: 0n,
    tokenInfo: {
      name: "",
      heuristic: { lower: 0n, upper: 0n, exp: 0n },
      maxTwapDivergenceBps: 0n,
      maxAgePriceSeconds: 0n,
      maxAgeTwapSeconds: 0n,
      scopeConfiguration: {
        priceFeed: NULL_PUBKEY,
        priceChain: [U16_MAX, U16_MAX, U16_MAX, U16_MAX],
        twapChain: [U16_MAX, U16_MAX, U16_MAX, U16_MAX],
      },
      switchboardConfiguration: { priceAggregator: ZERO_PUBKEY, twapAggregator: ZERO_PUBKEY },
      pythConfiguration: { price: ZERO_PUBKEY },
      blockPriceUsage: 0,
    },
    depositWithdrawalCap: noCaps(),
    debtWithdrawalCap: noCaps(),
    elevationGroups: Array.from({ length: 20 }, () => 0),
    disableUsageAsCollOutsideEmode: 0,
    utilizationLimitBlockBorrowingAbovePct: 0,
    autodeleverageEnabled: 0,
    proposerAuthorityLocked: 0,
    borrowLimitOutsideElevationGroup: 0n,
    borrowLimitAgainstThisCollateralInElevationGroup: Array.from({ length: 32 }, () => 0n),
    deleveragingBonusIncreaseBpsPerDay: 0n,
  };
}
