// Account data typed by its layout: what the account loader hands out after the discriminator check, so a bank's
// data never passes where a margin account's is expected.
import { type AccountView } from "@ballast/anchor";
import { type AccountData, AccountDecodeError, DISCRIMINATOR_SIZE, type AccountLayout, type FieldTable } from "@ballast/codec";
import type { InstructionAccount } from "@ballast/ledger";

export type BankData = AccountData<"Bank">;
export type MarginfiAccountData = AccountData<"MarginfiAccount">;
export type MarginfiGroupData = AccountData<"MarginfiGroup">;
export type FeeStateData = AccountData<"FeeState">;
export type StakedSettingsData = AccountData<"StakedSettings">;
export type BankMetadataData = AccountData<"BankMetadata">;
export type LiquidationRecordData = AccountData<"LiquidationRecord">;

/** An instruction account holding one of the program's accounts, with its data typed by the layout. */
export type BankAccount = InstructionAccount & AccountView<"Bank">;
export type MarginfiAccountAccount = InstructionAccount & AccountView<"MarginfiAccount">;
export type MarginfiGroupAccount = InstructionAccount & AccountView<"MarginfiGroup">;
export type LiquidationRecordAccount = InstructionAccount & AccountView<"LiquidationRecord">;

/**
 * Account data read from elsewhere (an RPC answer, a risk account, a fixture) as the layout's data, after the
 * discriminator check the account loader runs; AccountDecodeError when it holds another kind.
 */
export function accountView<F extends FieldTable, N extends string>(layout: AccountLayout<F, N>, data: Buffer): AccountData<N> {
  if (!data.subarray(0, DISCRIMINATOR_SIZE).equals(layout.discriminator)) {
    throw new AccountDecodeError(layout.name, "discriminator", `found ${data.subarray(0, DISCRIMINATOR_SIZE).toString("hex")}`);
  }
  return data as AccountData<N>;
}
