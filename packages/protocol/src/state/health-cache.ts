// HealthCache (reference §4.11), inside MarginfiAccount at offset 1832.
import { bytes, f64, i64, u32, u8, type ValueOf, array, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";

export const HEALTH_CACHE_PRICES = 16;

export const HealthCacheStruct = struct(304, {
  /** Initial-weighted, biased EMA prices, USD. */
  assetValue: [0, i80f48],
  liabilityValue: [16, i80f48],
  /** Maintenance-weighted, spot prices. */
  assetValueMaint: [32, i80f48],
  liabilityValueMaint: [48, i80f48],
  /** Weight 1, biased EMA prices. */
  assetValueEquity: [64, i80f48],
  liabilityValueEquity: [80, i80f48],
  timestamp: [96, i64],
  /** See HealthCacheFlags. */
  flags: [104, u32],
  /** Error code of the Initial check (e.g. 6009). */
  mrgnErr: [108, u32],
  /** `[[u8; 8]; 16]` of f64: the Initial-pass biased price of the i-th active balance. */
  prices: [112, array(f64, HEALTH_CACHE_PRICES)],
  /** First tolerated asset-oracle error code. */
  internalErr: [240, u32],
  /** Index among active balances of that error. */
  errIndex: [244, u8],
  /** 1 = 0.1.3, 2 = 0.1.4, 3 = 0.1.5 and later. */
  programVersion: [245, u8],
  pad0: [246, bytes(2)],
  /** Error of the maintenance (liquidation) check in pulse_health, usually 6068. */
  internalLiqErr: [248, u32],
  /** Error of the bankruptcy check in pulse_health, usually 6013. */
  internalBankruptcyErr: [252, u32],
  reserved0: [256, bytes(32)],
  reserved1: [288, bytes(16)],
});
export type HealthCache = ValueOf<typeof HealthCacheStruct>;
