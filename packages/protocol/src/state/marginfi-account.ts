// MarginfiAccount (reference §4.10): a user's margin account with its 16 balance slots.
import { accountLayout, decodeAccount, encodeAccount, bytes, pubkey, u16, u64, u8, type ValueOf, array, struct } from "@ballast/codec";
import { BalanceStruct } from "./balance.js";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";
import { HealthCacheStruct } from "./health-cache.js";

export const MAX_LENDING_ACCOUNT_BALANCES = 16;

export const LendingAccountStruct = struct(1728, {
  balances: [0, array(BalanceStruct, MAX_LENDING_ACCOUNT_BALANCES)],
  padding: [1664, bytes(64)],
});
export type LendingAccount = ValueOf<typeof LendingAccountStruct>;

export const MARGINFI_ACCOUNT_SIZE = 2304;

export const MarginfiAccountStruct = struct(MARGINFI_ACCOUNT_SIZE, {
  group: [0, pubkey],
  authority: [32, pubkey],
  lendingAccount: [64, LendingAccountStruct],
  /** See AccountFlags. */
  accountFlags: [1792, u64],
  /** Default key = not opted in. */
  emissionsDestinationAccount: [1800, pubkey],
  healthCache: [1832, HealthCacheStruct],
  migratedFrom: [2136, pubkey],
  migratedTo: [2168, pubkey],
  /** Unix time of the last user-visible change. */
  lastUpdate: [2200, u64],
  /** PDA accounts only, like the next two. */
  accountIndex: [2208, u16],
  thirdPartyIndex: [2210, u16],
  bump: [2212, u8],
  pad0: [2213, bytes(3)],
  /** Default key = no record yet. */
  liquidationRecord: [2216, pubkey],
  padding0: [2248, bytes(56)],
});
export type MarginfiAccount = ValueOf<typeof MarginfiAccountStruct>;

export const MarginfiAccountLayout = accountLayout("MarginfiAccount", ACCOUNT_DISCRIMINATORS.MarginfiAccount, MarginfiAccountStruct);

export function decodeMarginfiAccount(data: Buffer): MarginfiAccount {
  return decodeAccount(MarginfiAccountLayout, data);
}

export function encodeMarginfiAccount(account: MarginfiAccount): Buffer {
  return encodeAccount(MarginfiAccountLayout, account);
}
