// Argument types of the lending program that @ballast/anchor's Borsh types do not cover.
import { type ArgType } from "@ballast/anchor";
import { fromBits, type I80F48 } from "./math/i80f48.js";

/** WrappedI80F48: the 16 little-endian bytes of the fixed-point bits, i.e. an i128. */
export const wrappedI80F48: ArgType<I80F48> = {
  encode: (w, value) => w.i128(value),
  decode: (r) => fromBits(r.i128()),
};
