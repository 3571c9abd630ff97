// The instructions of the local feed programs, declared once: accounts in program order with their flags, then the
// Borsh arguments. Client builders (client.ts) name accounts and arguments against these tables.
import { arg, defineInstructions } from "@ballast/codec";
import { FEED_ID_LENGTH } from "./pyth/price-update-v2.js";

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
    args: { price: arg.i64, conf: arg.u64, exponent: arg.i32, publishTime: arg.i64, emaPrice: arg.i64, emaConf: arg.u64 },
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

/** One Scope entry as the operator sets it: index in the prices array, value / 10^exp, and its source's unix time. */
export const ScopeEntryUpdateArg = arg.struct({ index: arg.u16, value: arg.u64, exp: arg.u64, unixTimestamp: arg.u64 });

export const SCOPE_INSTRUCTIONS = defineInstructions({
  create_oracle_prices: {
    accounts: [
      { name: "admin", writable: true, signer: true },
      // The PDA ["conf", feed_name].
      { name: "configuration", writable: true },
      // Anchor's `zero`: created beforehand by the System program (it is larger than a program may allocate), owned by
      // Scope, its discriminator still zero.
      { name: "oraclePrices", writable: true },
      { name: "systemProgram" },
    ],
    args: { feedName: arg.string },
  },
  operator_set_prices: {
    accounts: [{ name: "admin", signer: true }, { name: "configuration" }, { name: "oraclePrices", writable: true }],
    args: { feedName: arg.string, updates: arg.vec(ScopeEntryUpdateArg) },
  },
});
