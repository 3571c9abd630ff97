// Balance (reference §4.10): one position of an account in one bank.
import { bytes, pubkey, u64, u8, type ValueOf, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";

export const BalanceStruct = struct(104, {
  /** 0 or 1. */
  active: [0, u8],
  bankPk: [1, pubkey],
  /** Copied from the bank when the balance is created and never changed. */
  bankAssetTag: [33, u8],
  pad0: [34, bytes(6)],
  assetShares: [40, i80f48],
  liabilityShares: [56, i80f48],
  emissionsOutstanding: [72, i80f48],
  /** Last emissions claim or balance touch (unix time). */
  lastUpdate: [88, u64],
  padding: [96, bytes(8)],
});
export type Balance = ValueOf<typeof BalanceStruct>;
