// Instruction builders and PDA helpers for the local Pyth receiver, Switchboard On-Demand and Scope programs.
import { PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, toPublicKey as key, type Key } from "@ballast/codec";
import { PYTH_RECEIVER_INSTRUCTIONS, SCOPE_INSTRUCTIONS, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS } from "./instructions.js";
import { PYTH_RECEIVER_PROGRAM_ID, SCOPE_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_PROGRAM_ID, WORMHOLE_CORE_PROGRAM_ID } from "./program-ids.js";
import { receiverConfigAddress, receiverTreasuryAddress, type DataSource, type ReceiverConfig } from "./pyth/receiver-config.js";
import { guardianSetAddress } from "./pyth/wormhole.js";
import { FEED_ID_LENGTH, type VerificationLevel } from "./pyth/price-update-v2.js";
import { ORACLE_PRICES_ACCOUNT_SIZE, SCOPE_CONFIGURATION_SEED } from "./scope/oracle-prices.js";
import { PYTH_FEED_SEED, SWITCHBOARD_FEED_SEED } from "./seeds.js";
import { STATE_SEED } from "./switchboard/accounts.js";

function fixedBytes(what: string, value: Uint8Array, length: number): Buffer {
  if (value.length !== length) throw new RangeError(`${what} must be ${length} bytes, got ${value.length}`);
  return Buffer.from(value);
}

// ---- Pyth receiver ---------------------------------------------------------------------------------------

export interface ReceiverInitializeParams {
  payer: Key;
  config: ReceiverConfig;
  programId?: Key;
}

/** The receiver's Config at ["config"]. */
export function receiverInitializeInstruction(p: ReceiverInitializeParams): TransactionInstruction {
  const programId = p.programId ?? PYTH_RECEIVER_PROGRAM_ID;
  return buildInstruction(programId, PYTH_RECEIVER_INSTRUCTIONS, "initialize", {
    accounts: { payer: p.payer, config: receiverConfigAddress(programId)[0], systemProgram: SystemProgram.programId },
    args: { initialConfig: p.config },
  });
}

/** One governance change to the receiver's Config, signed by its governance authority (or, to accept, the target). */
export type ReceiverGovernanceChange =
  | { kind: "request_governance_authority_transfer"; targetGovernanceAuthority: Key }
  | { kind: "accept_governance_authority_transfer" }
  | { kind: "set_data_sources"; validDataSources: readonly DataSource[] }
  | { kind: "set_fee"; singleUpdateFeeInLamports: bigint }
  | { kind: "set_minimum_signatures"; minimumSignatures: number };

export function receiverGovernanceInstruction(
  payer: Key,
  change: ReceiverGovernanceChange,
  programId: Key = PYTH_RECEIVER_PROGRAM_ID,
): TransactionInstruction {
  const accounts = { payer, config: receiverConfigAddress(programId)[0] };
  const ix = PYTH_RECEIVER_INSTRUCTIONS;
  switch (change.kind) {
    case "request_governance_authority_transfer":
      return buildInstruction(programId, ix, change.kind, {
        accounts,
        args: { targetGovernanceAuthority: change.targetGovernanceAuthority },
      });
    case "accept_governance_authority_transfer":
      return buildInstruction(programId, ix, change.kind, { accounts, args: {} });
    case "set_data_sources":
      return buildInstruction(programId, ix, change.kind, { accounts, args: { validDataSources: change.validDataSources } });
    case "set_fee":
      return buildInstruction(programId, ix, change.kind, {
        accounts,
        args: { singleUpdateFeeInLamports: change.singleUpdateFeeInLamports },
      });
    case "set_minimum_signatures":
      return buildInstruction(programId, ix, change.kind, { accounts, args: { minimumSignatures: change.minimumSignatures } });
  }
}

/** A price message and its Merkle path to the root its VAA carries. */
export interface MerklePriceUpdate {
  message: Uint8Array;
  proof: readonly Uint8Array[];
}

interface PostUpdateCommon {
  payer: Key;
  /** Becomes (or must already be) the account's write authority; the payer by default. */
  writeAuthority?: Key;
  priceUpdateAccount: Key;
  /** A fresh keypair's account, created by this post: it signs. */
  createPriceUpdateAccount?: boolean;
  merklePriceUpdate: MerklePriceUpdate;
  /** Which of the 256 treasuries takes the fee; 0 by default. */
  treasuryId?: number;
  programId?: Key;
}

export interface PostUpdateAtomicParams extends PostUpdateCommon {
  /** The signed VAA (encodeVaa). */
  vaa: Uint8Array;
  /** The guardian set account; by default the PDA of the VAA's guardian set index under `wormhole`. */
  guardianSet?: Key;
  guardianSetIndex: number;
  /** The Wormhole core bridge the Config names. */
  wormhole?: Key;
}

function postAccounts(p: PostUpdateCommon, programId: Key) {
  return {
    payer: p.payer,
    config: receiverConfigAddress(programId)[0],
    treasury: receiverTreasuryAddress(p.treasuryId ?? 0, programId)[0],
    priceUpdateAccount: { key: p.priceUpdateAccount, signer: p.createPriceUpdateAccount === true },
    systemProgram: SystemProgram.programId,
    writeAuthority: p.writeAuthority ?? p.payer,
  };
}

export function postUpdateAtomicInstruction(p: PostUpdateAtomicParams): TransactionInstruction {
  const programId = p.programId ?? PYTH_RECEIVER_PROGRAM_ID;
  const guardianSet = p.guardianSet ?? guardianSetAddress(p.guardianSetIndex, p.wormhole ?? WORMHOLE_CORE_PROGRAM_ID)[0];
  return buildInstruction(programId, PYTH_RECEIVER_INSTRUCTIONS, "post_update_atomic", {
    accounts: { ...postAccounts(p, programId), guardianSet },
    args: { vaa: p.vaa, merklePriceUpdate: p.merklePriceUpdate, treasuryId: p.treasuryId ?? 0 },
  });
}

export interface PostUpdateParams extends PostUpdateCommon {
  /** The Wormhole core bridge's encoded-VAA account holding the verified VAA. */
  encodedVaa: Key;
}

export function postUpdateInstruction(p: PostUpdateParams): TransactionInstruction {
  const programId = p.programId ?? PYTH_RECEIVER_PROGRAM_ID;
  return buildInstruction(programId, PYTH_RECEIVER_INSTRUCTIONS, "post_update", {
    accounts: { ...postAccounts(p, programId), encodedVaa: p.encodedVaa },
    args: { merklePriceUpdate: p.merklePriceUpdate, treasuryId: p.treasuryId ?? 0 },
  });
}

/** The feed PDA ["price_feed", authority, feed_id] and its bump. */
export function pythFeedAddress(authority: Key, feedId: Uint8Array, programId: Key = PYTH_RECEIVER_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from(PYTH_FEED_SEED), key(authority).toBuffer(), fixedBytes("feed id", feedId, FEED_ID_LENGTH)],
    key(programId),
  );
}

export interface CreatePythFeedParams {
  authority: Key;
  feedId: Uint8Array;
  /** A fresh keypair's address (which must then sign); defaults to the PDA of authority and feed id. */
  feed?: Key;
  programId?: Key;
}

export function createPythFeedInstruction(p: CreatePythFeedParams): TransactionInstruction {
  const programId = p.programId ?? PYTH_RECEIVER_PROGRAM_ID;
  const feed = p.feed === undefined ? pythFeedAddress(p.authority, p.feedId, programId)[0] : key(p.feed);
  return buildInstruction(programId, PYTH_RECEIVER_INSTRUCTIONS, "create_feed", {
    accounts: { authority: p.authority, feed: { key: feed, signer: p.feed !== undefined }, systemProgram: SystemProgram.programId },
    args: { feedId: p.feedId },
  });
}

export interface UpdatePythPriceParams {
  authority: Key;
  feed: Key;
  /** Price = price × 10^exponent. */
  price: bigint;
  conf: bigint;
  exponent: number;
  /** Unix seconds; must not be older than the stored publish time. */
  publishTime: bigint;
  emaPrice: bigint;
  emaConf: bigint;
  /**
   * The guardian signatures behind the update: Full (the default), or Partial{num_signatures} (stored as Full from
   * the guardian quorum on, refused with none).
   */
  verificationLevel?: VerificationLevel;
  programId?: Key;
}

export function updatePythPriceInstruction(p: UpdatePythPriceParams): TransactionInstruction {
  const { authority, feed, price, conf, exponent, publishTime, emaPrice, emaConf } = p;
  const verificationLevel = p.verificationLevel ?? { kind: "Full" };
  return buildInstruction(p.programId ?? PYTH_RECEIVER_PROGRAM_ID, PYTH_RECEIVER_INSTRUCTIONS, "update_price", {
    accounts: { authority, feed },
    args: { price, conf, exponent, publishTime, emaPrice, emaConf, verificationLevel },
  });
}

// ---- Switchboard On-Demand -------------------------------------------------------------------------------

/** The feed PDA ["pull_feed", authority, feed_hash] and its bump. */
export function switchboardFeedAddress(
  authority: Key,
  feedHash: Uint8Array,
  programId: Key = SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from(SWITCHBOARD_FEED_SEED), key(authority).toBuffer(), fixedBytes("feed hash", feedHash, 32)],
    key(programId),
  );
}

export interface CreateSwitchboardFeedParams {
  authority: Key;
  feedHash: Uint8Array;
  /** Up to 32 bytes of UTF-8, zero padded; empty by default. */
  name?: string;
  /** Slots; 0 by default. */
  maxStaleness?: number;
  /** A fresh keypair's address (which must then sign); defaults to the PDA of authority and feed hash. */
  feed?: Key;
  programId?: Key;
}

/** A feed name as the layout stores it: UTF-8, zero padded to 32 bytes. */
export function encodeFeedName(name: string): Buffer {
  const raw = Buffer.from(name, "utf8");
  if (raw.length > 32) throw new RangeError(`feed name is ${raw.length} bytes, at most 32 fit`);
  const out = Buffer.alloc(32);
  raw.copy(out);
  return out;
}

export function createSwitchboardFeedInstruction(p: CreateSwitchboardFeedParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  const feed = p.feed === undefined ? switchboardFeedAddress(p.authority, p.feedHash, programId)[0] : key(p.feed);
  return buildInstruction(programId, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "create_feed", {
    accounts: { authority: p.authority, feed: { key: feed, signer: p.feed !== undefined }, systemProgram: SystemProgram.programId },
    args: { feedHash: p.feedHash, name: encodeFeedName(p.name ?? ""), maxStaleness: p.maxStaleness ?? 0 },
  });
}

export interface UpdateSwitchboardResultParams {
  authority: Key;
  feed: Key;
  /** i128 with 18 decimals. */
  value: bigint;
  /** i128 with 18 decimals, not negative. */
  stdDev: bigint;
  programId?: Key;
}

export function updateSwitchboardResultInstruction(p: UpdateSwitchboardResultParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "update_result", {
    accounts: { authority: p.authority, feed: p.feed },
    args: { value: p.value, stdDev: p.stdDev },
  });
}

// ---- Switchboard On-Demand: queues, oracles, pull feeds on a queue, randomness -----------------------------------

/** `recent_slot` arguments size lookup tables in the real program; here they are stored and otherwise unused. */
const NO_RECENT_SLOT = 0n;

export interface QueueInitParams {
  /** A fresh keypair's address; it signs. */
  queue: Key;
  /** Allows measurements, vouches for oracles, grants permissions. */
  authority: Key;
  payer: Key;
  /** Seconds; 0 by default. */
  allowAuthorityOverrideAfter?: number;
  /** Oracles need PermitOracleHeartbeat to join; false by default. */
  requireAuthorityHeartbeatPermission?: boolean;
  /** Feeds need PermitOracleQueueUsage to take submissions; false by default. */
  requireUsagePermissions?: boolean;
  /** Seconds an oracle's verification lasts; a week by default. */
  maxQuoteVerificationAge?: number;
  reward?: number;
  /** Seconds; 180 by default. */
  nodeTimeout?: number;
  programId?: Key;
}

function queueInitArgs(p: QueueInitParams) {
  return {
    allowAuthorityOverrideAfter: p.allowAuthorityOverrideAfter ?? 0,
    requireAuthorityHeartbeatPermission: p.requireAuthorityHeartbeatPermission ?? false,
    requireUsagePermissions: p.requireUsagePermissions ?? false,
    maxQuoteVerificationAge: p.maxQuoteVerificationAge ?? 604_800,
    reward: p.reward ?? 0,
    nodeTimeout: p.nodeTimeout ?? 180,
    recentSlot: NO_RECENT_SLOT,
  };
}

export function queueInitInstruction(p: QueueInitParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "queue_init", {
    accounts: { queue: p.queue, authority: p.authority, payer: p.payer, systemProgram: SystemProgram.programId },
    args: queueInitArgs(p),
  });
}

export interface QueueSetConfigsParams {
  queue: Key;
  authority: Key;
  newAuthority?: Key;
  reward?: number;
  nodeTimeout?: bigint;
  programId?: Key;
}

export function queueSetConfigsInstruction(p: QueueSetConfigsParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "queue_set_configs", {
    accounts: { queue: p.queue, authority: p.authority },
    args: { authority: p.newAuthority ?? null, reward: p.reward ?? null, nodeTimeout: p.nodeTimeout ?? null },
  });
}

export interface QueueMrEnclaveParams {
  queue: Key;
  authority: Key;
  mrEnclave: Uint8Array;
  programId?: Key;
}

export function queueAddMrEnclaveInstruction(p: QueueMrEnclaveParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "queue_add_mr_enclave", {
    accounts: { queue: p.queue, authority: p.authority },
    args: { mrEnclave: fixedBytes("MRENCLAVE", p.mrEnclave, 32) },
  });
}

export function queueRemoveMrEnclaveInstruction(p: QueueMrEnclaveParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "queue_remove_mr_enclave", {
    accounts: { queue: p.queue, authority: p.authority },
    args: { mrEnclave: fixedBytes("MRENCLAVE", p.mrEnclave, 32) },
  });
}

export interface QueueOverrideOracleParams {
  queue: Key;
  oracle: Key;
  /** The queue's authority. */
  authority: Key;
  /** The oracle's secp256k1 signing key, x ‖ y (secp256k1SignerOf). */
  secp256k1Signer: Uint8Array;
  /** Seconds the vouching lasts. */
  maxQuoteVerificationAge: bigint;
  /** One of the queue's allowed measurements. */
  mrEnclave: Uint8Array;
  programId?: Key;
}

export function queueOverrideOracleInstruction(p: QueueOverrideOracleParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "queue_override_oracle", {
    accounts: { queue: p.queue, oracle: p.oracle, authority: p.authority },
    args: {
      secp256k1Signer: fixedBytes("secp256k1 signer", p.secp256k1Signer, 64),
      maxQuoteVerificationAge: p.maxQuoteVerificationAge,
      mrEnclave: fixedBytes("MRENCLAVE", p.mrEnclave, 32),
    },
  });
}

export interface OracleInitParams {
  /** A fresh keypair's address; it signs. */
  oracle: Key;
  payer: Key;
  /** Heartbeats the oracle onto its queue. */
  authority: Key;
  queue: Key;
  secpAuthority?: Uint8Array;
  programId?: Key;
}

export function oracleInitInstruction(p: OracleInitParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "oracle_init", {
    accounts: { oracle: p.oracle, payer: p.payer, systemProgram: SystemProgram.programId },
    args: {
      recentSlot: NO_RECENT_SLOT,
      authority: p.authority,
      queue: p.queue,
      secpAuthority: p.secpAuthority === undefined ? null : fixedBytes("secp authority", p.secpAuthority, 64),
    },
  });
}

export interface OracleHeartbeatParams {
  oracle: Key;
  /** The oracle's authority. */
  oracleSigner: Key;
  queue: Key;
  /** Up to 64 bytes of UTF-8. */
  gatewayUri?: string;
  programId?: Key;
}

export function oracleHeartbeatInstruction(p: OracleHeartbeatParams): TransactionInstruction {
  let gatewayUri: Buffer | null = null;
  if (p.gatewayUri !== undefined) {
    const raw = Buffer.from(p.gatewayUri, "utf8");
    if (raw.length > 64) throw new RangeError(`gateway URI is ${raw.length} bytes, at most 64 fit`);
    gatewayUri = Buffer.alloc(64);
    raw.copy(gatewayUri);
  }
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "oracle_heartbeat", {
    accounts: { oracle: p.oracle, oracleSigner: p.oracleSigner, queue: p.queue },
    args: { gatewayUri },
  });
}

export interface PermissionSetParams {
  /** The granter queue's authority. */
  authority: Key;
  /** The queue. */
  granter: Key;
  /** An oracle or a pull feed of the queue. */
  target: Key;
  /** A SwitchboardPermission bit. */
  permission: number;
  enable: boolean;
  programId?: Key;
}

export function permissionSetInstruction(p: PermissionSetParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "permission_set", {
    accounts: { authority: p.authority, granter: p.granter },
    args: { permission: p.permission, enable: p.enable },
    remainingAccounts: [{ pubkey: key(p.target), isSigner: false, isWritable: true }],
  });
}

/** The program's State, PDA ["STATE"], and its bump. */
export function switchboardStateAddress(programId: Key = SWITCHBOARD_ON_DEMAND_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync([Buffer.from(STATE_SEED)], key(programId));
}

export interface StateInitParams {
  /** Becomes the State's authority. */
  payer: Key;
  programId?: Key;
}

export function stateInitInstruction(p: StateInitParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  return buildInstruction(programId, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "state_init", {
    accounts: { state: switchboardStateAddress(programId)[0], payer: p.payer, systemProgram: SystemProgram.programId },
    args: {},
  });
}

/** A queue_init whose queue becomes the State's guardian queue; the payer is the State's authority. */
export function guardianQueueInitInstruction(p: QueueInitParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  return buildInstruction(programId, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "guardian_queue_init", {
    accounts: {
      queue: p.queue,
      authority: p.authority,
      payer: p.payer,
      systemProgram: SystemProgram.programId,
      state: switchboardStateAddress(programId)[0],
    },
    args: queueInitArgs(p),
  });
}

export interface GuardianRegistrationParams {
  /** An oracle of the guardian queue. */
  oracle: Key;
  guardianQueue: Key;
  /** The State's authority. */
  authority: Key;
  programId?: Key;
}

function guardianRegistration(name: "guardian_register" | "guardian_unregister", p: GuardianRegistrationParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  return buildInstruction(programId, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, name, {
    accounts: { oracle: p.oracle, state: switchboardStateAddress(programId)[0], guardianQueue: p.guardianQueue, authority: p.authority },
    args: {},
  });
}

export function guardianRegisterInstruction(p: GuardianRegistrationParams): TransactionInstruction {
  return guardianRegistration("guardian_register", p);
}

export function guardianUnregisterInstruction(p: GuardianRegistrationParams): TransactionInstruction {
  return guardianRegistration("guardian_unregister", p);
}

export interface GuardianQuoteVerifyParams {
  /** A registered guardian (an oracle of the guardian queue). */
  guardian: Key;
  /** The guardian's authority. */
  authority: Key;
  /** The oracle whose quote is voted for, and its queue. */
  oracle: Key;
  queue: Key;
  guardianQueue: Key;
  /** When the quote was checked, unix seconds; not in the future. */
  timestamp: bigint;
  /** One of the oracle queue's allowed measurements. */
  mrEnclave: Uint8Array;
  /** The oracle's secp256k1 signing key, x ‖ y (secp256k1SignerOf). */
  secp256k1Key: Uint8Array;
  programId?: Key;
}

export function guardianQuoteVerifyInstruction(p: GuardianQuoteVerifyParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  return buildInstruction(programId, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "guardian_quote_verify", {
    accounts: {
      guardian: p.guardian,
      oracle: p.oracle,
      authority: p.authority,
      guardianQueue: p.guardianQueue,
      state: switchboardStateAddress(programId)[0],
      queue: p.queue,
    },
    args: {
      timestamp: p.timestamp,
      mrEnclave: fixedBytes("MRENCLAVE", p.mrEnclave, 32),
      secp256k1Key: fixedBytes("secp256k1 key", p.secp256k1Key, 64),
    },
  });
}

export interface PullFeedInitParams {
  /** A fresh keypair's address; it signs. */
  pullFeed: Key;
  queue: Key;
  authority: Key;
  payer: Key;
  feedHash: Uint8Array;
  /** Up to 32 bytes of UTF-8; empty by default. */
  name?: string;
  /** 0 by default. */
  maxVariance?: bigint;
  /** 1 by default. */
  minResponses?: number;
  /** Fresh submissions a result needs; 1 by default. */
  minSampleSize?: number;
  /** Slots a submission stays fresh; 0 (no limit) by default. */
  maxStaleness?: number;
  /** The authority writes the feed instead of the queue's oracles; false by default. */
  permitWriteByAuthority?: boolean;
  programId?: Key;
}

export function pullFeedInitInstruction(p: PullFeedInitParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "pull_feed_init", {
    accounts: { pullFeed: p.pullFeed, queue: p.queue, authority: p.authority, payer: p.payer, systemProgram: SystemProgram.programId },
    args: {
      feedHash: fixedBytes("feed hash", p.feedHash, 32),
      maxVariance: p.maxVariance ?? 0n,
      minResponses: p.minResponses ?? 1,
      name: encodeFeedName(p.name ?? ""),
      recentSlot: NO_RECENT_SLOT,
      ipfsHash: new Uint8Array(32),
      minSampleSize: p.minSampleSize ?? 1,
      maxStaleness: p.maxStaleness ?? 0,
      permitWriteByAuthority: p.permitWriteByAuthority ?? null,
    },
  });
}

export interface PullFeedSubmission {
  /** The oracle account that signed. */
  oracle: Key;
  /** i128 with 18 decimals. */
  value: bigint;
  signature: Uint8Array;
  recoveryId: number;
  /** Slots before the instruction's slot that this value was signed at; 0 by default. */
  offset?: number;
}

export interface PullFeedSubmitResponseParams {
  feed: Key;
  queue: Key;
  payer: Key;
  /** The slot the values were signed at (its hash is in the checksum). */
  slot: bigint;
  submissions: readonly PullFeedSubmission[];
  programId?: Key;
}

export function pullFeedSubmitResponseInstruction(p: PullFeedSubmitResponseParams): TransactionInstruction {
  return buildInstruction(
    p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
    SWITCHBOARD_ON_DEMAND_INSTRUCTIONS,
    "pull_feed_submit_response",
    {
      accounts: { feed: p.feed, queue: p.queue, payer: p.payer },
      args: {
        slot: p.slot,
        submissions: p.submissions.map((s) => ({
          value: s.value,
          signature: fixedBytes("signature", s.signature, 64),
          recoveryId: s.recoveryId,
          offset: s.offset ?? 0,
        })),
      },
      remainingAccounts: p.submissions.map((s) => ({ pubkey: key(s.oracle), isSigner: false, isWritable: false })),
    },
  );
}

export interface RandomnessInitParams {
  /** A fresh keypair's address; it signs. */
  randomness: Key;
  authority: Key;
  queue: Key;
  payer: Key;
  programId?: Key;
}

export function randomnessInitInstruction(p: RandomnessInitParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "randomness_init", {
    accounts: { randomness: p.randomness, authority: p.authority, queue: p.queue, payer: p.payer, systemProgram: SystemProgram.programId },
    args: { recentSlot: NO_RECENT_SLOT },
  });
}

export interface RandomnessCommitParams {
  randomness: Key;
  queue: Key;
  oracle: Key;
  authority: Key;
  programId?: Key;
}

export function randomnessCommitInstruction(p: RandomnessCommitParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "randomness_commit", {
    accounts: { randomness: p.randomness, queue: p.queue, oracle: p.oracle, authority: p.authority },
    args: {},
  });
}

export interface RandomnessRevealParams {
  randomness: Key;
  oracle: Key;
  queue: Key;
  authority: Key;
  payer: Key;
  /** The oracle's signature over randomnessRevealMessage. */
  signature: Uint8Array;
  recoveryId: number;
  /** sha256 of the signature. */
  value: Uint8Array;
  programId?: Key;
}

export function randomnessRevealInstruction(p: RandomnessRevealParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "randomness_reveal", {
    accounts: { randomness: p.randomness, oracle: p.oracle, queue: p.queue, authority: p.authority, payer: p.payer },
    args: {
      signature: fixedBytes("signature", p.signature, 64),
      recoveryId: p.recoveryId,
      value: fixedBytes("value", p.value, 32),
    },
  });
}

// ---- Scope -----------------------------------------------------------------------------------------------

/** The Configuration PDA ["conf", feed_name] and its bump. */
export function scopeConfigurationAddress(feedName: string, programId: Key = SCOPE_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync([Buffer.from(SCOPE_CONFIGURATION_SEED), Buffer.from(feedName, "utf8")], key(programId));
}

/** Solana's rent: (128 + data length) bytes × 3,480 lamports per byte-year × 2 years. */
function rentExemptLamports(dataLength: number): number {
  return (128 + dataLength) * 3_480 * 2;
}

export interface CreateScopeOraclePricesParams {
  admin: Key;
  /** Names the feed: its Configuration sits at ["conf", feed_name]; at most 32 bytes of UTF-8. */
  feedName: string;
  /** A fresh keypair's address, which must sign (the System program creates it). */
  oraclePrices: Key;
  programId?: Key;
}

/**
 * Creates the OraclePrices account through the System program (28,712 bytes, more than a program may allocate in one
 * call, so Scope takes it pre-created), then initialises it and the feed's Configuration: two instructions.
 */
export function createScopeOraclePricesInstructions(p: CreateScopeOraclePricesParams): TransactionInstruction[] {
  const programId = key(p.programId ?? SCOPE_PROGRAM_ID);
  const admin = key(p.admin);
  const oraclePrices = key(p.oraclePrices);
  return [
    SystemProgram.createAccount({
      fromPubkey: admin,
      newAccountPubkey: oraclePrices,
      lamports: rentExemptLamports(ORACLE_PRICES_ACCOUNT_SIZE),
      space: ORACLE_PRICES_ACCOUNT_SIZE,
      programId,
    }),
    buildInstruction(programId, SCOPE_INSTRUCTIONS, "create_oracle_prices", {
      accounts: {
        admin,
        configuration: scopeConfigurationAddress(p.feedName, programId)[0],
        oraclePrices,
        systemProgram: SystemProgram.programId,
      },
      args: { feedName: p.feedName },
    }),
  ];
}

export interface ScopeEntryUpdate {
  /** Index in the prices array (0..511). */
  index: number;
  /** Price = value / 10^exp. */
  value: bigint;
  exp: bigint;
  /** Unix seconds of the price; must not be older than the entry's stored one. */
  unixTimestamp: bigint;
}

export interface SetScopePricesParams {
  admin: Key;
  feedName: string;
  oraclePrices: Key;
  updates: readonly ScopeEntryUpdate[];
  programId?: Key;
}

export function setScopePricesInstruction(p: SetScopePricesParams): TransactionInstruction {
  const programId = p.programId ?? SCOPE_PROGRAM_ID;
  return buildInstruction(programId, SCOPE_INSTRUCTIONS, "operator_set_prices", {
    accounts: { admin: p.admin, configuration: scopeConfigurationAddress(p.feedName, programId)[0], oraclePrices: p.oraclePrices },
    args: { feedName: p.feedName, updates: p.updates },
  });
}
