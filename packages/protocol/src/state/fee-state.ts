// FeeState (reference §4.14): the program-wide fee settings and panic state, PDA ["feestate"].
import { accountLayout, decodeAccount, encodeAccount, bytes, i64, pubkey, u32, u64, u8, type ValueOf, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";

export const PanicStateStruct = struct(32, {
  /** See PauseFlags. */
  pauseFlags: [0, u8],
  dailyPauseCount: [1, u8],
  consecutivePauseCount: [2, u8],
  reserved: [3, bytes(5)],
  pauseStartTimestamp: [8, i64],
  lastDailyResetTimestamp: [16, i64],
  reservedSpace: [24, bytes(8)],
});
export type PanicState = ValueOf<typeof PanicStateStruct>;

export const FEE_STATE_SIZE = 256;

export const FeeStateStruct = struct(FEE_STATE_SIZE, {
  /** The account's own address. */
  key: [0, pubkey],
  globalFeeAdmin: [32, pubkey],
  /** SOL fees go here; SPL fees to its canonical associated token account. */
  globalFeeWallet: [64, pubkey],
  placeholder0: [96, u64],
  /** Lamports. */
  bankInitFlatSolFee: [104, u32],
  bumpSeed: [108, u8],
  padding0: [109, bytes(3)],
  /** Receivership premium cap (fraction). */
  liquidationMaxFee: [112, i80f48],
  /** APR. */
  programFeeFixed: [128, i80f48],
  /** Fraction of the base rate. */
  programFeeRate: [144, i80f48],
  panicState: [160, PanicStateStruct],
  placeholder1: [192, u64],
  /** Lamports. */
  liquidationFlatSolFee: [200, u32],
  reserved0: [204, bytes(20)],
  reserved1: [224, bytes(32)],
});
export type FeeState = ValueOf<typeof FeeStateStruct>;

export const FeeStateLayout = accountLayout("FeeState", ACCOUNT_DISCRIMINATORS.FeeState, FeeStateStruct);

export function decodeFeeState(data: Buffer): FeeState {
  return decodeAccount(FeeStateLayout, data);
}

export function encodeFeeState(feeState: FeeState): Buffer {
  return encodeAccount(FeeStateLayout, feeState);
}
