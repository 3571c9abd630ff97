// BankConfig (reference §4.6), inside Bank at offset 288.
import { bytes, pubkey, u16, u32, u64, u8, type ValueOf, array, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";
import { InterestRateConfigStruct } from "./interest-rate-config.js";

export const MAX_ORACLE_KEYS = 5;

export const BankConfigStruct = struct(544, {
  assetWeightInit: [0, i80f48],
  assetWeightMaint: [16, i80f48],
  liabilityWeightInit: [32, i80f48],
  liabilityWeightMaint: [48, i80f48],
  /** Native units; u64::MAX = unlimited. */
  depositLimit: [64, u64],
  interestRateConfig: [72, InterestRateConfigStruct],
  /** See BankOperationalState. */
  operationalState: [312, u8],
  /** See OracleSetup. */
  oracleSetup: [313, u8],
  oracleKeys: [314, array(pubkey, MAX_ORACLE_KEYS)],
  /** Legacy accounts may hold non-zero bytes here; never interpret them. */
  pad0: [474, bytes(6)],
  /** Native units; u64::MAX = unlimited. */
  borrowLimit: [480, u64],
  /** See RiskTier. */
  riskTier: [488, u8],
  /** See AssetTag. */
  assetTag: [489, u8],
  /** See BankConfigFlags. */
  configFlags: [490, u8],
  pad1: [491, bytes(5)],
  /** Whole USD; 0 = inactive. */
  totalAssetValueInitLimit: [496, u64],
  /** Seconds. */
  oracleMaxAge: [504, u16],
  padding0: [506, bytes(2)],
  /** u32 fraction of 100%; 0 = the default 10%. */
  oracleMaxConfidence: [508, u32],
  /** Only for OracleSetup.Fixed. */
  fixedPrice: [512, i80f48],
  padding1: [528, bytes(16)],
});
export type BankConfig = ValueOf<typeof BankConfigStruct>;
