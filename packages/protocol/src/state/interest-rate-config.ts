// InterestRateConfig (reference §4.7), inside BankConfig at offset 72.
import { bytes, u32, u8, type ValueOf, array, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";

/** One point of the seven-point curve; util is a u32 fraction of 100%, rate a u32 fraction of 1000%. */
export const RatePointStruct = struct(8, {
  util: [0, u32],
  rate: [4, u32],
});
export type RatePoint = ValueOf<typeof RatePointStruct>;

export const INTEREST_RATE_POINTS = 5;

export const InterestRateConfigStruct = struct(240, {
  /** Legacy (three-point) curve only, like the next two. */
  optimalUtilizationRate: [0, i80f48],
  plateauInterestRate: [16, i80f48],
  maxInterestRate: [32, i80f48],
  insuranceFeeFixedApr: [48, i80f48],
  insuranceIrFee: [64, i80f48],
  /** The "group" fixed fee. */
  protocolFixedFeeApr: [80, i80f48],
  /** The "group" rate fee. */
  protocolIrFee: [96, i80f48],
  /** Fraction of the borrowed amount. */
  protocolOriginationFee: [112, i80f48],
  /** u32 fraction of 1000% APR. */
  zeroUtilRate: [128, u32],
  hundredUtilRate: [132, u32],
  points: [136, array(RatePointStruct, INTEREST_RATE_POINTS)],
  /** See InterestCurveType. */
  curveType: [176, u8],
  pad0: [177, bytes(7)],
  padding1: [184, bytes(32)],
  padding2: [216, bytes(16)],
  padding3: [232, bytes(8)],
});
export type InterestRateConfig = ValueOf<typeof InterestRateConfigStruct>;
