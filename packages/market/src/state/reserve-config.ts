// ReserveConfig (v1.12.5, 920 bytes; reference §1.3): risk parameters, fees, the borrow-rate curve, limits, oracle
// configuration and withdrawal caps. It sits inside the Reserve at account offset 4856 and is also the value of
// update_reserve_config's UpdateEntireReserveConfig mode, byte for byte.
import { NULL_PUBKEY, ZERO_PUBKEY } from "../program-ids.js";
import { ReserveStatus } from "../constants.js";
import type { WithdrawalCaps } from "../math/withdrawal-caps.js";
import { array, i64, pubkey, skip, struct, text, u16, u32, u64, u8, type StructValue } from "@ballast/codec";

export type { CurvePoint } from "../math/borrow-rate-curve.js";
export type { WithdrawalCaps } from "../math/withdrawal-caps.js";

const U16_MAX = 0xffff;

const WithdrawalCapsStruct = struct(32, {
  configCapacity: [0, i64],
  currentTotal: [8, i64],
  lastIntervalStartTimestamp: [16, u64],
  configIntervalLengthSeconds: [24, u64],
});

const CurvePointStruct = struct(8, { utilizationRateBps: [0, u32], borrowRateBps: [4, u32] });

const TokenInfoStruct = struct(384, {
  /** The zero-padded name bytes as text. */
  name: [0, text(32)],
  /** Bounds as integer × 10^−exp; 0 disables a bound. */
  heuristic: [32, struct(24, { lower: [0, u64], upper: [8, u64], exp: [16, u64] })],
  maxTwapDivergenceBps: [56, u64],
  maxAgePriceSeconds: [64, u64],
  maxAgeTwapSeconds: [72, u64],
  scopeConfiguration: [80, struct(48, { priceFeed: [0, pubkey], priceChain: [32, array(u16, 4)], twapChain: [40, array(u16, 4)] })],
  switchboardConfiguration: [128, struct(64, { priceAggregator: [0, pubkey], twapAggregator: [32, pubkey] })],
  pythConfiguration: [192, struct(32, { price: [0, pubkey] })],
  blockPriceUsage: [224, u8],
  reserved: [225, skip(159)],
});

export const ReserveConfigStruct = struct(920, {
  /** 0 Active, 1 Obsolete, 2 Hidden. */
  status: [0, u8],
  assetTier: [1, u8],
  hostFixedInterestRateBps: [2, u16],
  minDeleveragingBonusBps: [4, u16],
  reserved0: [6, skip(7)],
  protocolOrderExecutionFeePct: [13, u8],
  protocolTakeRatePct: [14, u8],
  protocolLiquidationFeePct: [15, u8],
  loanToValuePct: [16, u8],
  liquidationThresholdPct: [17, u8],
  minLiquidationBonusBps: [18, u16],
  maxLiquidationBonusBps: [20, u16],
  badDebtLiquidationBonusBps: [22, u16],
  deleveragingMarginCallPeriodSecs: [24, u64],
  deleveragingThresholdDecreaseBpsPerDay: [32, u64],
  /** u64 fractions with 60 fractional bits; a flash-loan fee of u64::MAX disables flash loans. */
  fees: [40, struct(16, { originationFeeSf: [0, u64], flashLoanFeeSf: [8, u64] })],
  reserved1: [56, skip(8)],
  /** 11 points, piecewise linear in utilization. */
  borrowRateCurve: [64, struct(88, { points: [0, array(CurvePointStruct, 11)] })],
  borrowFactorPct: [152, u64],
  depositLimit: [160, u64],
  borrowLimit: [168, u64],
  tokenInfo: [176, TokenInfoStruct],
  depositWithdrawalCap: [560, WithdrawalCapsStruct],
  debtWithdrawalCap: [592, WithdrawalCapsStruct],
  /** Ids of the elevation groups the reserve is in (0 = empty slot). */
  elevationGroups: [624, array(u8, 20)],
  disableUsageAsCollOutsideEmode: [644, u8],
  utilizationLimitBlockBorrowingAbovePct: [645, u8],
  autodeleverageEnabled: [646, u8],
  proposerAuthorityLocked: [647, u8],
  borrowLimitOutsideElevationGroup: [648, u64],
  borrowLimitAgainstThisCollateralInElevationGroup: [656, array(u64, 32)],
  deleveragingBonusIncreaseBpsPerDay: [912, u64],
});

export const RESERVE_CONFIG_SIZE = ReserveConfigStruct.size;

export type ReserveFees = ReserveConfig["fees"];
export type PriceHeuristic = TokenInfo["heuristic"];
export type ScopeConfiguration = TokenInfo["scopeConfiguration"];
export type TokenInfo = StructValue<typeof TokenInfoStruct.fields>;
export type ReserveConfig = StructValue<typeof ReserveConfigStruct.fields>;

/** The 920 bytes of a config, as update_reserve_config's UpdateEntireReserveConfig value carries them. */
export function encodeReserveConfig(c: ReserveConfig): Buffer {
  const data = Buffer.alloc(RESERVE_CONFIG_SIZE);
  ReserveConfigStruct.write(data, 0, c);
  return data;
}

export function decodeReserveConfig(data: Uint8Array): ReserveConfig {
  if (data.length < RESERVE_CONFIG_SIZE) throw new RangeError(`a reserve config is ${RESERVE_CONFIG_SIZE} bytes, got ${data.length}`);
  return ReserveConfigStruct.read(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 0);
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
