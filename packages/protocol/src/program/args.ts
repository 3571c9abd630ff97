import { AnchorArgsReader } from "@ballast/anchor";
import type { Key } from "@ballast/codec";
import { fromBits, type I80F48 } from "../math/i80f48.js";

/** Anchor's Borsh argument reader plus the lending program's fixed-point arguments. */
export class LendingArgs extends AnchorArgsReader {
  i80f48(): I80F48 {
    return fromBits(this.i128());
  }
}

/** A decoded key argument as base58: the tables admit a PublicKey for clients, and handlers receive the string. */
export function base58(key: Key): string {
  return typeof key === "string" ? key : key.toBase58();
}
