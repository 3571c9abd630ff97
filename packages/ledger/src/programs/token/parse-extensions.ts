import type { Address } from "../../account.js";
import { address } from "../../layout-codecs.js";
import { ExtensionType, NO_KEY, TransferFeeConfigLayout, tlvEntries, type TransferFee } from "./extensions.js";
import { ACCOUNT_SIZE } from "./layout.js";

/**
 * Token-2022 extensions as the RPC's `jsonParsed` lists them (the account decoder's UiExtension): `extension` in
 * camelCase, `state` with the fields, keys in alphabetical order, u64s as integers, an absent key as null.
 */
export interface UiExtension {
  extension: string;
  state?: Record<string, unknown>;
}

function optionalKey(value: Buffer, offset: number): Address | null {
  const key = address.read(value, offset);
  return key === NO_KEY ? null : key;
}

function uiTransferFee(fee: TransferFee) {
  return { epoch: fee.epoch, maximumFee: fee.maximumFee, transferFeeBasisPoints: fee.basisPoints };
}

const UI_ACCOUNT_STATE = ["uninitialized", "initialized", "frozen"] as const;

function uiExtension(type: number, value: Buffer): UiExtension {
  switch (type) {
    case ExtensionType.TransferFeeConfig: {
      const config = TransferFeeConfigLayout.read(value, 0);
      const state = {
        newerTransferFee: uiTransferFee(config.newerTransferFee),
        olderTransferFee: uiTransferFee(config.olderTransferFee),
        transferFeeConfigAuthority: optionalKey(value, 0),
        withdrawWithheldAuthority: optionalKey(value, 32),
        withheldAmount: config.withheldAmount,
      };
      return { extension: "transferFeeConfig", state };
    }
    case ExtensionType.TransferFeeAmount:
      return { extension: "transferFeeAmount", state: { withheldAmount: value.readBigUInt64LE(0) } };
    case ExtensionType.MintCloseAuthority:
      return { extension: "mintCloseAuthority", state: { closeAuthority: optionalKey(value, 0) } };
    case ExtensionType.DefaultAccountState:
      return { extension: "defaultAccountState", state: { accountState: UI_ACCOUNT_STATE[value.readUInt8(0)] ?? "uninitialized" } };
    case ExtensionType.ImmutableOwner:
      return { extension: "immutableOwner" };
    case ExtensionType.NonTransferable:
      return { extension: "nonTransferable" };
    case ExtensionType.NonTransferableAccount:
      return { extension: "nonTransferableAccount" };
    case ExtensionType.PermanentDelegate:
      return { extension: "permanentDelegate", state: { delegate: optionalKey(value, 0) } };
    case ExtensionType.MetadataPointer:
      return { extension: "metadataPointer", state: { authority: optionalKey(value, 0), metadataAddress: optionalKey(value, 32) } };
    default:
      return { extension: "unparseableExtension" };
  }
}

/** The extensions of a Token-2022 mint or account, in TLV order; none for base-size data. */
export function uiExtensions(data: Buffer): UiExtension[] {
  if (data.length <= ACCOUNT_SIZE) return [];
  return tlvEntries(data).map((entry) => uiExtension(entry.type, data.subarray(entry.offset, entry.offset + entry.length)));
}
