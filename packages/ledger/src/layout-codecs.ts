// Field codecs the ledger's own account layouts share, on the codec layer's Codec interface, with the errors the
// native programs give: a key written from text that is not one is InvalidArgument, a bool byte above 1 in stored
// data is InvalidAccountData.
import type { Codec } from "@ballast/codec";
import type { Address } from "./account.js";
import { InstructionError } from "./errors.js";
import { keyToBase58, writeBase58Key } from "./tx/base58.js";

/** A key as base58, through the ledger's memoised encoding. */
export const address: Codec<Address> = {
  size: 32,
  read: (buf, offset) => keyToBase58(buf.subarray(offset, offset + 32)),
  write: (buf, offset, key) => {
    if (writeBase58Key(key, buf, offset) !== 32) throw new InstructionError("InvalidArgument");
  },
};

/** A bool byte; anything but 0 or 1 is InvalidAccountData. */
export const flag: Codec<boolean> = {
  size: 1,
  read: (buf, offset) => {
    const b = buf.readUInt8(offset);
    if (b > 1) throw new InstructionError("InvalidAccountData");
    return b === 1;
  },
  write: (buf, offset, value) => void buf.writeUInt8(value ? 1 : 0, offset),
};
