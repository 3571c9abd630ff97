// The protocol's own field codec for the generic layout engine: I80F48 is stored as its raw i128 bits, with the
// fixed-point module's range check on write.
import type { Codec } from "@ballast/codec";
import * as I80 from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";

export const i80f48: Codec<I80F48> = { size: I80.BYTE_SIZE, read: I80.read, write: I80.write };
