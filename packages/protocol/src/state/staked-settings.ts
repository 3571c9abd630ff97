// StakedSettings (reference §4.16): group-wide settings for staked-collateral banks,
// PDA ["staked_settings", group].
import { accountLayout, decodeAccount, encodeAccount, bytes, pubkey, u16, u64, u8, type ValueOf, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";

export const STAKED_SETTINGS_SIZE = 256;

export const StakedSettingsStruct = struct(STAKED_SETTINGS_SIZE, {
  /** The account's own address. */
  key: [0, pubkey],
  marginfiGroup: [32, pubkey],
  /** The SOL Pyth feed. */
  oracle: [64, pubkey],
  assetWeightInit: [96, i80f48],
  assetWeightMaint: [112, i80f48],
  depositLimit: [128, u64],
  totalAssetValueInitLimit: [136, u64],
  oracleMaxAge: [144, u16],
  /** See RiskTier. */
  riskTier: [146, u8],
  pad0: [147, bytes(5)],
  reserved0: [152, bytes(8)],
  reserved1: [160, bytes(32)],
  reserved2: [192, bytes(64)],
});
export type StakedSettings = ValueOf<typeof StakedSettingsStruct>;

export const StakedSettingsLayout = accountLayout("StakedSettings", ACCOUNT_DISCRIMINATORS.StakedSettings, StakedSettingsStruct);

export function decodeStakedSettings(data: Buffer): StakedSettings {
  return decodeAccount(StakedSettingsLayout, data);
}

export function encodeStakedSettings(settings: StakedSettings): Buffer {
  return encodeAccount(StakedSettingsLayout, settings);
}
