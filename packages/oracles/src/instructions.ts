// The instructions of the two feed programs, declared once: accounts in program order with their flags, then the
// Borsh arguments. Client builders (client.ts) name accounts and arguments against these tables.
import { type ArgType, arg, defineInstructions } from "@ballast/codec";
import {
  FEED_ID_LENGTH,
  VERIFICATION_LEVEL_FULL_TAG,
  VERIFICATION_LEVEL_PARTIAL_TAG,
  type VerificationLevel,
} from "./pyth/price-update-v2.js";

/** The receiver's Borsh `VerificationLevel`: 0 then num_signatures for Partial, 1 alone for Full. */
const verificationLevelArg: ArgType<VerificationLevel> = {
  encode(w, level) {
    if (level.kind === "Full") w.u8(VERIFICATION_LEVEL_FULL_TAG);
    else w.u8(VERIFICATION_LEVEL_PARTIAL_TAG).u8(level.numSignatures);
  },
  decode(r) {
    const tag = r.variant(new Set([VERIFICATION_LEVEL_PARTIAL_TAG, VERIFICATION_LEVEL_FULL_TAG]));
    return tag === VERIFICATION_LEVEL_FULL_TAG ? { kind: "Full" } : { kind: "Partial", numSignatures: r.u8() };
  },
};

export const PYTH_RECEIVER_INSTRUCTIONS = defineInstructions({
  create_feed: {
    accounts: [
      { name: "authority", writable: true, signer: true },
      // A fresh keypair signs; the default PDA does not.
      { name: "feed", writable: true, signer: "caller" },
      { name: "systemProgram" },
    ],
    args: { feedId: arg.bytes(FEED_ID_LENGTH) },
  },
  update_price: {
    accounts: [
      { name: "authority", signer: true },
      { name: "feed", writable: true },
    ],
    args: {
      price: arg.i64,
      conf: arg.u64,
      exponent: arg.i32,
      publishTime: arg.i64,
      emaPrice: arg.i64,
      emaConf: arg.u64,
      verificationLevel: verificationLevelArg,
    },
  },
});

export const SWITCHBOARD_ON_DEMAND_INSTRUCTIONS = defineInstructions({
  create_feed: {
    accounts: [
      { name: "authority", writable: true, signer: true },
      { name: "feed", writable: true, signer: "caller" },
      { name: "systemProgram" },
    ],
    // The hash and the zero-padded UTF-8 name are 32 bytes each, as the pull feed stores them.
    args: { feedHash: arg.bytes(32), name: arg.bytes(32), maxStaleness: arg.u32 },
  },
  update_result: {
    accounts: [
      { name: "authority", signer: true },
      { name: "feed", writable: true },
    ],
    args: { value: arg.i128, stdDev: arg.i128 },
  },
});
