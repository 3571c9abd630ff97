import { AnchorArgsReader } from "@ballast/anchor";
import { fromBits, type I80F48 } from "../math/i80f48.js";

/** Anchor's Borsh argument reader plus the lending program's fixed-point arguments. */
export class LendingArgs extends AnchorArgsReader {
  i80f48(): I80F48 {
    return fromBits(this.i128());
  }
}
