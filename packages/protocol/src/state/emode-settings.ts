// EmodeSettings (reference §4.9), inside Bank at offset 912.
import { bytes, i64, u16, u64, u8, type ValueOf, array, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";

export const MAX_EMODE_ENTRIES = 10;
export const EMODE_TAG_EMPTY = 0;

export const EmodeEntryStruct = struct(40, {
  /** EMODE_TAG_EMPTY marks an unused slot. */
  collateralBankEmodeTag: [0, u16],
  /** See EmodeEntryFlags. */
  flags: [2, u8],
  pad0: [3, bytes(5)],
  assetWeightInit: [8, i80f48],
  assetWeightMaint: [24, i80f48],
});
export type EmodeEntry = ValueOf<typeof EmodeEntryStruct>;

export const EmodeConfigStruct = struct(400, {
  entries: [0, array(EmodeEntryStruct, MAX_EMODE_ENTRIES)],
});
export type EmodeConfig = ValueOf<typeof EmodeConfigStruct>;

export const EmodeSettingsStruct = struct(424, {
  emodeTag: [0, u16],
  pad0: [2, bytes(6)],
  /** Time of the last emode configuration. */
  timestamp: [8, i64],
  /** See EmodeSettingsFlags. */
  flags: [16, u64],
  emodeConfig: [24, EmodeConfigStruct],
});
export type EmodeSettings = ValueOf<typeof EmodeSettingsStruct>;
