// LiquidationRecord (reference §4.15): recent liquidations of one account, PDA ["liq_record", account].
import { accountLayout, decodeAccount, encodeAccount, bytes, f64, i64, pubkey, u64, type ValueOf, array, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";

export const LiquidationEntryStruct = struct(48, {
  /** `[u8; 8]` holding an f64: USD, in equity terms. */
  assetAmountSeized: [0, f64],
  /** `[u8; 8]` holding an f64: USD. */
  liabAmountRepaid: [8, f64],
  placeholder0: [16, u64],
  timestamp: [24, i64],
  reserved0: [32, bytes(16)],
});
export type LiquidationEntry = ValueOf<typeof LiquidationEntryStruct>;

export const LiquidationCacheStruct = struct(104, {
  assetValueMaint: [0, i80f48],
  liabilityValueMaint: [16, i80f48],
  assetValueEquity: [32, i80f48],
  liabilityValueEquity: [48, i80f48],
  placeholder: [64, u64],
  reserved0: [72, bytes(32)],
});
export type LiquidationCache = ValueOf<typeof LiquidationCacheStruct>;

export const LIQUIDATION_RECORD_ENTRIES = 4;
export const LIQUIDATION_RECORD_SIZE = 512;

export const LiquidationRecordStruct = struct(LIQUIDATION_RECORD_SIZE, {
  /** The account's own address. */
  key: [0, pubkey],
  marginfiAccount: [32, pubkey],
  /** Who paid the rent. */
  recordPayer: [64, pubkey],
  /** Non-default only inside a receivership transaction. */
  liquidationReceiver: [96, pubkey],
  /** Oldest first; the newest is at index 3. */
  entries: [128, array(LiquidationEntryStruct, LIQUIDATION_RECORD_ENTRIES)],
  cache: [320, LiquidationCacheStruct],
  reserved0: [424, bytes(64)],
  reserved2: [488, bytes(16)],
  reserved3: [504, bytes(8)],
});
export type LiquidationRecord = ValueOf<typeof LiquidationRecordStruct>;

export const LiquidationRecordLayout = accountLayout(
  "LiquidationRecord",
  ACCOUNT_DISCRIMINATORS.LiquidationRecord,
  LiquidationRecordStruct,
);

export function decodeLiquidationRecord(data: Buffer): LiquidationRecord {
  return decodeAccount(LiquidationRecordLayout, data);
}

export function encodeLiquidationRecord(record: LiquidationRecord): Buffer {
  return encodeAccount(LiquidationRecordLayout, record);
}
