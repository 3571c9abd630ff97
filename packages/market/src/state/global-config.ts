// The GlobalConfig account (1024 bytes + discriminator; reference SML §2.3): one per program at ["global_config"],
// naming the global admin (who alone changes a reserve's protocol fees), the admin-to-be of a two-step handover, and
// the fee collector.
import { accountLayout, pubkey, skip, struct, type AccountData, type StructValue } from "@ballast/codec";
import { asMarketAccountData, decodeMarketAccount } from "./common.js";

/** sha256("account:GlobalConfig")[0..8]. */
export const GLOBAL_CONFIG_DISCRIMINATOR: Uint8Array = Uint8Array.from([149, 8, 156, 202, 160, 252, 176, 217]);

export const GlobalConfigLayout = accountLayout(
  "GlobalConfig",
  Buffer.from(GLOBAL_CONFIG_DISCRIMINATOR),
  struct(1024, {
    globalAdmin: [0, pubkey],
    pendingAdmin: [32, pubkey],
    feeCollector: [64, pubkey],
    padding: [96, skip(928)],
  }),
);

/** Account data size, discriminator included. */
export const GLOBAL_CONFIG_SIZE = GlobalConfigLayout.space;

export type GlobalConfig = StructValue<typeof GlobalConfigLayout.struct.fields>;

export type GlobalConfigData = AccountData<typeof GlobalConfigLayout.name>;

export function asGlobalConfigData(data: Buffer): GlobalConfigData | null {
  return asMarketAccountData(GlobalConfigLayout, data);
}

export function decodeGlobalConfig(data: Uint8Array): GlobalConfig {
  return decodeMarketAccount(GlobalConfigLayout, data);
}

/** update_global_config's modes (a one-byte Borsh enum); each value is a Borsh Pubkey. */
export const UpdateGlobalConfigMode = { PendingAdmin: 0, FeeCollector: 1 } as const;
