// Bank (reference §4.5): one lending pool of one mint.
import { accountLayout, decodeAccount, encodeAccount, bytes, i32, i64, pubkey, u64, u8, type ValueOf, struct } from "@ballast/codec";
import { i80f48 } from "./codecs.js";
import { BankCacheStruct } from "./bank-cache.js";
import { BankConfigStruct } from "./bank-config.js";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";
import { EmodeSettingsStruct } from "./emode-settings.js";

export const BANK_SIZE = 1856;

export const BankStruct = struct(BANK_SIZE, {
  mint: [0, pubkey],
  mintDecimals: [32, u8],
  group: [33, pubkey],
  /** repr(C) puts this padding after `group`, not after mint_decimals. */
  pad0: [65, bytes(7)],
  /** Token per asset share; starts at 1. */
  assetShareValue: [72, i80f48],
  /** Token per liability share; starts at 1. */
  liabilityShareValue: [88, i80f48],
  liquidityVault: [104, pubkey],
  liquidityVaultBump: [136, u8],
  liquidityVaultAuthorityBump: [137, u8],
  insuranceVault: [138, pubkey],
  insuranceVaultBump: [170, u8],
  insuranceVaultAuthorityBump: [171, u8],
  pad1: [172, bytes(4)],
  /** Owed from the liquidity vault to the insurance vault. */
  collectedInsuranceFeesOutstanding: [176, i80f48],
  feeVault: [192, pubkey],
  feeVaultBump: [224, u8],
  feeVaultAuthorityBump: [225, u8],
  pad2: [226, bytes(6)],
  /** Owed to the fee vault. */
  collectedGroupFeesOutstanding: [232, i80f48],
  totalLiabilityShares: [248, i80f48],
  /** Kamino banks: collateral tokens; Drift banks: scaled balance. */
  totalAssetShares: [264, i80f48],
  /** Last interest accrual or cache update. */
  lastUpdate: [280, i64],
  config: [288, BankConfigStruct],
  /** See BankFlags. */
  flags: [832, u64],
  /** Emission-mint native units per 1 UI bank token per year. */
  emissionsRate: [840, u64],
  emissionsRemaining: [848, i80f48],
  /** Default key = no emissions. */
  emissionsMint: [864, pubkey],
  /** Owed to the global fee wallet. */
  collectedProgramFeesOutstanding: [896, i80f48],
  emode: [912, EmodeSettingsStruct],
  /** Target of permissionless fee withdrawal; default key = disabled. */
  feesDestinationAccount: [1336, pubkey],
  cache: [1368, BankCacheStruct],
  /** May be negative for banks created before 0.1.4. */
  lendingPositionCount: [1528, i32],
  borrowingPositionCount: [1532, i32],
  padding0: [1536, bytes(16)],
  /** The spec's kamino_reserve (also the Drift spot market or Solend reserve). */
  integrationAcc1: [1552, pubkey],
  /** The spec's kamino_obligation (also the Drift user or Solend obligation). */
  integrationAcc2: [1584, pubkey],
  /** Drift user stats. */
  integrationAcc3: [1616, pubkey],
  padding1: [1648, bytes(208)],
});
export type Bank = ValueOf<typeof BankStruct>;

export const BankLayout = accountLayout("Bank", ACCOUNT_DISCRIMINATORS.Bank, BankStruct);

export function decodeBank(data: Buffer): Bank {
  return decodeAccount(BankLayout, data);
}

export function encodeBank(bank: Bank): Buffer {
  return encodeAccount(BankLayout, bank);
}
