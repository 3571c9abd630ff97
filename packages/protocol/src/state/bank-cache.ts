// BankCache (reference §4.8), inside Bank at offset 1368. The reference table puts the confidence at
// 64 and its paddings at 80 (24 bytes) and 104 (64 bytes), which would end at 168 > 160. The program's
// repr(C) struct (WrappedI80F48 has align 8) places it right after the timestamp, at 56, and the two
// paddings at 72 and 96; that is the layout used here.
import { bytes, i64, u32, type ValueOf, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";

export const BankCacheStruct = struct(160, {
  /** Rates are u32 fractions of 1000% APR. */
  baseRate: [0, u32],
  lendingRate: [4, u32],
  borrowingRate: [8, u32],
  /** Seconds covered by the last accrual, min(dt, u32::MAX). */
  interestAccumulatedFor: [12, u32],
  /** (new asset share value - old) × total asset shares, in native token. */
  accumulatedSinceLastUpdate: [16, i80f48],
  /** Unbiased real-time price seen by the last price-consuming instruction. */
  lastOraclePrice: [32, i80f48],
  lastOraclePriceTimestamp: [48, i64],
  /** Already multiplied and capped (reference §9). */
  lastOraclePriceConfidence: [56, i80f48],
  padding: [72, bytes(24)],
  reserved0: [96, bytes(64)],
});
export type BankCache = ValueOf<typeof BankCacheStruct>;
