// The instructions of the local feed programs, declared once: accounts in program order with their flags, then the
// Borsh arguments. Client builders (client.ts) name accounts and arguments against these tables.
import { type ArgType, arg, defineInstructions } from "@ballast/codec";
import {
  FEED_ID_LENGTH,
  VERIFICATION_LEVEL_FULL_TAG,
  VERIFICATION_LEVEL_PARTIAL_TAG,
  type VerificationLevel,
} from "./pyth/price-update-v2.js";
import { MERKLE_HASH_LENGTH } from "./pyth/accumulator.js";
import { DataSourceArg, ReceiverConfigArg } from "./pyth/receiver-config.js";

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

/** A price message and its path to the root a VAA carries (`MerklePriceUpdate`). */
const merklePriceUpdateArg = arg.struct({ message: arg.byteVec, proof: arg.vec(arg.bytes(MERKLE_HASH_LENGTH)) });
const governanceAccounts = [
  { name: "payer", signer: true },
  { name: "config", writable: true },
] as const;

// create_feed and update_price are this package's own (a feed its write authority prices directly); the others are
// the receiver's, named, laid out and ordered as in its IDL: the Config's initialisation and governance, and the two
// Wormhole-verified posts.
export const PYTH_RECEIVER_INSTRUCTIONS = defineInstructions({
  initialize: {
    accounts: [{ name: "payer", writable: true, signer: true }, { name: "config", writable: true }, { name: "systemProgram" }],
    args: { initialConfig: ReceiverConfigArg },
  },
  request_governance_authority_transfer: { accounts: governanceAccounts, args: { targetGovernanceAuthority: arg.pubkey } },
  accept_governance_authority_transfer: { accounts: governanceAccounts, args: {} },
  set_data_sources: { accounts: governanceAccounts, args: { validDataSources: arg.vec(DataSourceArg) } },
  set_fee: { accounts: governanceAccounts, args: { singleUpdateFeeInLamports: arg.u64 } },
  set_minimum_signatures: { accounts: governanceAccounts, args: { minimumSignatures: arg.u8 } },
  post_update_atomic: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "guardianSet" },
      { name: "config" },
      { name: "treasury", writable: true },
      // A fresh keypair signs to be created; an existing account does not.
      { name: "priceUpdateAccount", writable: true, signer: "caller" },
      { name: "systemProgram" },
      { name: "writeAuthority", signer: true },
    ],
    args: { vaa: arg.byteVec, merklePriceUpdate: merklePriceUpdateArg, treasuryId: arg.u8 },
  },
  post_update: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "encodedVaa" },
      { name: "config" },
      { name: "treasury", writable: true },
      { name: "priceUpdateAccount", writable: true, signer: "caller" },
      { name: "systemProgram" },
      { name: "writeAuthority", signer: true },
    ],
    args: { merklePriceUpdate: merklePriceUpdateArg, treasuryId: arg.u8 },
  },
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

const SLOT_HASHES = "SysvarS1otHashes111111111111111111111111111";

/** One oracle's signed value in pull_feed_submit_response (the oracle's account is the matching remaining account). */
const submissionArg = arg.struct({ value: arg.i128, signature: arg.bytes(64), recoveryId: arg.u8, offset: arg.u8 });

// Names, argument layouts and account order follow the On-Demand IDL; each instruction keeps the accounts its checks
// read and leaves out the fee, reward-escrow and lookup-table accounts this ledger has no use for (README). Every
// `params` struct is flattened: its Borsh bytes are its fields in order. create_feed and update_result are this
// package's own: feeds whose authority writes their result (permit_write_by_authority).
export const SWITCHBOARD_ON_DEMAND_INSTRUCTIONS = defineInstructions({
  queue_init: {
    accounts: [
      { name: "queue", writable: true, signer: true },
      { name: "authority" },
      { name: "payer", writable: true, signer: true },
      { name: "systemProgram" },
    ],
    args: {
      allowAuthorityOverrideAfter: arg.u32,
      requireAuthorityHeartbeatPermission: arg.bool,
      requireUsagePermissions: arg.bool,
      maxQuoteVerificationAge: arg.u32,
      reward: arg.u32,
      nodeTimeout: arg.u32,
      recentSlot: arg.u64,
    },
  },
  queue_set_configs: {
    accounts: [
      { name: "queue", writable: true },
      { name: "authority", signer: true },
    ],
    args: { authority: arg.option(arg.pubkey), reward: arg.option(arg.u32), nodeTimeout: arg.option(arg.i64) },
  },
  queue_add_mr_enclave: {
    accounts: [
      { name: "queue", writable: true },
      { name: "authority", signer: true },
    ],
    args: { mrEnclave: arg.bytes(32) },
  },
  queue_remove_mr_enclave: {
    accounts: [
      { name: "queue", writable: true },
      { name: "authority", signer: true },
    ],
    args: { mrEnclave: arg.bytes(32) },
  },
  queue_override_oracle: {
    accounts: [
      { name: "queue", writable: true },
      { name: "oracle", writable: true },
      { name: "authority", signer: true },
    ],
    args: { secp256k1Signer: arg.bytes(64), maxQuoteVerificationAge: arg.i64, mrEnclave: arg.bytes(32) },
  },
  oracle_init: {
    accounts: [
      { name: "oracle", writable: true, signer: true },
      { name: "payer", writable: true, signer: true },
      { name: "systemProgram" },
    ],
    args: { recentSlot: arg.u64, authority: arg.pubkey, queue: arg.pubkey, secpAuthority: arg.option(arg.bytes(64)) },
  },
  oracle_heartbeat: {
    accounts: [
      { name: "oracle", writable: true },
      { name: "oracleSigner", signer: true },
      { name: "queue", writable: true },
    ],
    args: { gatewayUri: arg.option(arg.bytes(64)) },
  },
  // The account the permission is set on (an oracle or a pull feed of the granter queue) is the one remaining account.
  permission_set: {
    accounts: [{ name: "authority", signer: true }, { name: "granter" }],
    args: { permission: arg.u8, enable: arg.bool },
  },
  pull_feed_init: {
    accounts: [
      { name: "pullFeed", writable: true, signer: true },
      { name: "queue" },
      { name: "authority" },
      { name: "payer", writable: true, signer: true },
      { name: "systemProgram" },
    ],
    args: {
      feedHash: arg.bytes(32),
      maxVariance: arg.u64,
      minResponses: arg.u32,
      name: arg.bytes(32),
      recentSlot: arg.u64,
      ipfsHash: arg.bytes(32),
      minSampleSize: arg.u8,
      maxStaleness: arg.u32,
      permitWriteByAuthority: arg.option(arg.bool),
    },
  },
  // One remaining account per submission: the oracle that signed it, in the same order.
  pull_feed_submit_response: {
    accounts: [
      { name: "feed", writable: true },
      { name: "queue" },
      { name: "recentSlothashes", address: SLOT_HASHES },
      { name: "payer", writable: true, signer: true },
    ],
    args: { slot: arg.u64, submissions: arg.vec(submissionArg) },
  },
  randomness_init: {
    accounts: [
      { name: "randomness", writable: true, signer: true },
      { name: "authority", signer: true },
      { name: "queue", writable: true },
      { name: "payer", writable: true, signer: true },
      { name: "systemProgram" },
    ],
    args: { recentSlot: arg.u64 },
  },
  randomness_commit: {
    accounts: [
      { name: "randomness", writable: true },
      { name: "queue" },
      { name: "oracle", writable: true },
      { name: "recentSlothashes", address: SLOT_HASHES },
      { name: "authority", signer: true },
    ],
    args: {},
  },
  randomness_reveal: {
    accounts: [
      { name: "randomness", writable: true },
      { name: "oracle" },
      { name: "queue" },
      { name: "authority", signer: true },
      { name: "payer", writable: true, signer: true },
      { name: "recentSlothashes", address: SLOT_HASHES },
    ],
    args: { signature: arg.bytes(64), recoveryId: arg.u8, value: arg.bytes(32) },
  },
  // The program's State at ["STATE"]; the payer becomes its authority.
  state_init: {
    accounts: [{ name: "state", writable: true }, { name: "payer", writable: true, signer: true }, { name: "systemProgram" }],
    args: {},
  },
  // A queue like queue_init's, recorded as the State's guardian queue; the payer must be the State's authority.
  guardian_queue_init: {
    accounts: [
      { name: "queue", writable: true, signer: true },
      { name: "authority" },
      { name: "payer", writable: true, signer: true },
      { name: "systemProgram" },
      { name: "state", writable: true },
    ],
    args: {
      allowAuthorityOverrideAfter: arg.u32,
      requireAuthorityHeartbeatPermission: arg.bool,
      requireUsagePermissions: arg.bool,
      maxQuoteVerificationAge: arg.u32,
      reward: arg.u32,
      nodeTimeout: arg.u32,
      recentSlot: arg.u64,
    },
  },
  // The State's authority adds (or removes) an oracle of the guardian queue to its keys: it becomes a guardian.
  guardian_register: {
    accounts: [{ name: "oracle" }, { name: "state" }, { name: "guardianQueue", writable: true }, { name: "authority", signer: true }],
    args: {},
  },
  guardian_unregister: {
    accounts: [{ name: "oracle" }, { name: "state" }, { name: "guardianQueue", writable: true }, { name: "authority", signer: true }],
    args: {},
  },
  // A guardian's vote that an oracle's enclave quote (measurement and signing key) is genuine, signed by the
  // guardian's authority.
  guardian_quote_verify: {
    accounts: [
      { name: "guardian" },
      { name: "oracle", writable: true },
      { name: "authority", signer: true },
      { name: "guardianQueue" },
      { name: "state" },
      { name: "queue" },
    ],
    args: { timestamp: arg.i64, mrEnclave: arg.bytes(32), secp256k1Key: arg.bytes(64) },
  },
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
