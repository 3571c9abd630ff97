// Account data typed by its layout: what the account loader hands out after the discriminator check, so a bank's
// data never passes where a margin account's is expected.
import type { AccountData } from "@ballast/anchor";

export type BankData = AccountData<"Bank">;
export type MarginfiAccountData = AccountData<"MarginfiAccount">;
export type MarginfiGroupData = AccountData<"MarginfiGroup">;
export type FeeStateData = AccountData<"FeeState">;
export type StakedSettingsData = AccountData<"StakedSettings">;
export type BankMetadataData = AccountData<"BankMetadata">;
export type LiquidationRecordData = AccountData<"LiquidationRecord">;
