// MarginfiGroup (reference §4.1-4.4): the group's admins, flags and copies of global state.
import { accountLayout, decodeAccount, encodeAccount, bytes, i64, pubkey, u16, u32, u64, u8, type ValueOf, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";

/** Copy of the global FeeState settings, refreshed by propagate_fee_state. */
export const FeeStateCacheStruct = struct(72, {
  globalFeeWallet: [0, pubkey],
  programFeeFixed: [32, i80f48],
  programFeeRate: [48, i80f48],
  /** Unix time of the last write (also bumped by add_bank, configure and config_group_fee). */
  lastUpdate: [64, i64],
});
export type FeeStateCache = ValueOf<typeof FeeStateCacheStruct>;

/** Copy of the global PanicState. */
export const PanicStateCacheStruct = struct(24, {
  pauseFlags: [0, u8],
  reserved: [1, bytes(7)],
  pauseStartTimestamp: [8, i64],
  lastCacheUpdate: [16, i64],
});
export type PanicStateCache = ValueOf<typeof PanicStateCacheStruct>;

export const WithdrawWindowCacheStruct = struct(16, {
  /** Whole USD; 0 = no limit. */
  dailyLimit: [0, u32],
  /** Whole USD, truncated. */
  withdrawnToday: [4, u32],
  lastDailyResetTimestamp: [8, i64],
});
export type WithdrawWindowCache = ValueOf<typeof WithdrawWindowCacheStruct>;

export const MARGINFI_GROUP_SIZE = 1056;

export const MarginfiGroupStruct = struct(MARGINFI_GROUP_SIZE, {
  admin: [0, pubkey],
  groupFlags: [32, u64],
  feeStateCache: [40, FeeStateCacheStruct],
  /** Bank count; authoritative only for groups created at 0.1.2 or later. */
  banks: [112, u16],
  pad0: [114, bytes(6)],
  emodeAdmin: [120, pubkey],
  delegateCurveAdmin: [152, pubkey],
  delegateLimitAdmin: [184, pubkey],
  delegateEmissionsAdmin: [216, pubkey],
  panicStateCache: [248, PanicStateCacheStruct],
  deleverageWithdrawWindowCache: [272, WithdrawWindowCacheStruct],
  riskAdmin: [288, pubkey],
  metadataAdmin: [320, pubkey],
  /** Basis encoding (u32 fraction of 100). */
  emodeMaxInitLeverage: [352, u32],
  emodeMaxMaintLeverage: [356, u32],
  padding: [360, bytes(8)],
  padding0: [368, bytes(176)],
  padding1: [544, bytes(512)],
});
export type MarginfiGroup = ValueOf<typeof MarginfiGroupStruct>;

export const MarginfiGroupLayout = accountLayout("MarginfiGroup", ACCOUNT_DISCRIMINATORS.MarginfiGroup, MarginfiGroupStruct);

export function decodeMarginfiGroup(data: Buffer): MarginfiGroup {
  return decodeAccount(MarginfiGroupLayout, data);
}

export function encodeMarginfiGroup(group: MarginfiGroup): Buffer {
  return encodeAccount(MarginfiGroupLayout, group);
}
