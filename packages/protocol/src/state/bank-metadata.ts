// BankMetadata (reference §4.17): display metadata of a bank, PDA ["metadata", bank].
import { accountLayout, decodeAccount, encodeAccount, bytes, pubkey, u16, u64, u8, type ValueOf, struct } from "@ballast/codec";
import { ACCOUNT_DISCRIMINATORS } from "./discriminators.js";

export const BANK_METADATA_SIZE = 496;

export const BankMetadataStruct = struct(BANK_METADATA_SIZE, {
  bank: [0, pubkey],
  placeholder: [32, u64],
  /** UTF-8, e.g. "USDC". */
  ticker: [40, bytes(64)],
  /** UTF-8. */
  description: [104, bytes(128)],
  dataBlob: [232, bytes(256)],
  /** End of the data in `description` (padding follows). */
  endDescriptionByte: [488, u16],
  /** End of the data in `data_blob`. */
  endDataBlob: [490, u16],
  /** End of the data in `ticker`. */
  endTickerByte: [492, u8],
  bump: [493, u8],
  pad0: [494, bytes(2)],
});
export type BankMetadata = ValueOf<typeof BankMetadataStruct>;

export const BankMetadataLayout = accountLayout("BankMetadata", ACCOUNT_DISCRIMINATORS.BankMetadata, BankMetadataStruct);

export function decodeBankMetadata(data: Buffer): BankMetadata {
  return decodeAccount(BankMetadataLayout, data);
}

export function encodeBankMetadata(metadata: BankMetadata): Buffer {
  return encodeAccount(BankMetadataLayout, metadata);
}
