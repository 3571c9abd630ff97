// Switchboard On-Demand queue, oracle and randomness accounts (reference §7.3; the randomness layout is the on-demand
// IDL's): Anchor zero-copy, 8-byte discriminator + packed little-endian struct. Offsets below are struct offsets;
// account offsets are 8 more. Reserved and padding bytes are left out of the values (never read or written).
import { accountLayout, array, bytes, decodeAccount, i64, pubkey, skip, struct, u32, u64, u8, type StructValue } from "@ballast/codec";
import { sha256 } from "@noble/hashes/sha2";
import { asBuffer } from "../bytes.js";

/** Oracle keys a queue holds (`oracle_keys`). */
export const QUEUE_MAX_ORACLES = 128;
/** Allowed enclave measurements a queue holds (`mr_enclaves`). */
export const QUEUE_MAX_MR_ENCLAVES = 32;
/** Restaking reward vaults a queue holds (`vaults`). */
export const QUEUE_MAX_VAULTS = 4;
/** Guardians that may approve one oracle's quote (`guardian_approvers`). */
export const QUOTE_MAX_GUARDIAN_APPROVERS = 64;
/** secp256k1 public keys are stored uncompressed without the 0x04 prefix: x ‖ y. */
export const SECP256K1_KEY_LENGTH = 64;

/** Guardian votes that verify an oracle's quote: a majority of the guardians registered on the guardian queue. */
export function guardianQuorum(guardians: number): number {
  return Math.floor(guardians / 2) + 1;
}

/** `Quote.verification_status`. */
export enum VerificationStatus {
  None = 0,
  Pending = 1,
  Failure = 2,
  Success = 4,
  Override = 8,
}

/**
 * `SwitchboardPermission` bits an authority grants with permission_set: an oracle may heartbeat onto a queue that
 * requires it (`require_authority_heartbeat_permission`), a feed may use a queue that requires it
 * (`require_usage_permissions`).
 */
export const SwitchboardPermission = {
  PermitOracleHeartbeat: 1,
  PermitOracleQueueUsage: 2,
} as const;

const VaultInfoStruct = struct(40, { vaultKey: [0, pubkey], lastRewardEpoch: [32, u64] });

const QueueStruct = struct(6272, {
  authority: [0, pubkey],
  mrEnclaves: [32, array(bytes(32), QUEUE_MAX_MR_ENCLAVES)],
  oracleKeys: [1056, array(pubkey, QUEUE_MAX_ORACLES)],
  maxQuoteVerificationAge: [5152, i64],
  lastHeartbeat: [5160, i64],
  nodeTimeout: [5168, i64],
  oracleMinStake: [5176, u64],
  allowAuthorityOverrideAfter: [5184, i64],
  mrEnclavesLen: [5192, u32],
  oracleKeysLen: [5196, u32],
  reward: [5200, u32],
  currIdx: [5204, u32],
  gcIdx: [5208, u32],
  requireAuthorityHeartbeatPermission: [5212, u8],
  requireAuthorityVerifyPermission: [5213, u8],
  requireUsagePermissions: [5214, u8],
  signerBump: [5215, u8],
  mint: [5216, pubkey],
  lutSlot: [5248, u64],
  allowSubsidies: [5256, u8],
  ebuf6: [5257, skip(15)],
  ncn: [5272, pubkey],
  resrved: [5304, u64],
  vaults: [5312, array(VaultInfoStruct, QUEUE_MAX_VAULTS)],
  lastRewardEpoch: [5472, u64],
  ebuf4: [5480, skip(32)],
  ebuf2: [5512, skip(256)],
  ebuf1: [5768, skip(504)],
});

/** sha256("account:QueueAccountData")[0..8]. */
export const QUEUE_ACCOUNT_LAYOUT = accountLayout("QueueAccountData", Buffer.from([217, 194, 55, 127, 184, 83, 138, 1]), QueueStruct);
/** Account data length: 6272 + 8. */
export const QUEUE_ACCOUNT_SIZE = QUEUE_ACCOUNT_LAYOUT.space;

const QuoteStruct = struct(3432, {
  enclaveSigner: [0, pubkey],
  mrEnclave: [32, bytes(32)],
  /** A `VerificationStatus`. */
  verificationStatus: [64, u8],
  padding1: [65, skip(7)],
  verificationTimestamp: [72, i64],
  /** Unix seconds after which the verification no longer counts. */
  validUntil: [80, i64],
  quoteRegistry: [88, bytes(32)],
  registryKey: [120, bytes(64)],
  /** The key an oracle signs its results with. */
  secp256k1Signer: [184, bytes(SECP256K1_KEY_LENGTH)],
  lastEd25519Signer: [248, pubkey],
  lastSecp256k1Signer: [280, bytes(SECP256K1_KEY_LENGTH)],
  lastRotateSlot: [344, u64],
  guardianApprovers: [352, array(pubkey, QUOTE_MAX_GUARDIAN_APPROVERS)],
  guardianApproversLen: [2400, u8],
  padding2: [2401, skip(7)],
  stagingEd25519Signer: [2408, pubkey],
  stagingSecp256k1Signer: [2440, bytes(SECP256K1_KEY_LENGTH)],
  ethSigner: [2504, bytes(20)],
  ebuf4: [2524, skip(12)],
  ebuf3: [2536, skip(128)],
  ebuf2: [2664, skip(256)],
  ebuf1: [2920, skip(512)],
});

const OracleStruct = struct(4808, {
  enclave: [0, QuoteStruct],
  authority: [3432, pubkey],
  queue: [3464, pubkey],
  createdAt: [3496, i64],
  lastHeartbeat: [3504, i64],
  secpAuthority: [3512, bytes(64)],
  gatewayUri: [3576, bytes(64)],
  /** `SwitchboardPermission` bits. */
  permissions: [3640, u64],
  isOnQueue: [3648, u8],
  padding1: [3649, skip(7)],
  lutSlot: [3656, u64],
  lastRewardEpoch: [3664, u64],
  operator: [3672, pubkey],
  ebuf3: [3704, skip(16)],
  ebuf2: [3720, skip(64)],
  ebuf1: [3784, skip(1024)],
});

/** sha256("account:OracleAccountData")[0..8]. */
export const ORACLE_ACCOUNT_LAYOUT = accountLayout("OracleAccountData", Buffer.from([128, 30, 16, 241, 170, 73, 55, 54]), OracleStruct);
/** Account data length: 4808 + 8. */
export const ORACLE_ACCOUNT_SIZE = ORACLE_ACCOUNT_LAYOUT.space;

const RandomnessStruct = struct(472, {
  authority: [0, pubkey],
  queue: [32, pubkey],
  /** The slot hash the randomness is seeded with, fixed by randomness_commit. */
  seedSlothash: [64, bytes(32)],
  seedSlot: [96, u64],
  /** The oracle assigned to reveal. */
  oracle: [104, pubkey],
  revealSlot: [136, u64],
  value: [144, bytes(32)],
  lutSlot: [176, u64],
  ebuf3: [184, skip(24)],
  ebuf2: [208, skip(64)],
  ebuf1: [272, skip(128)],
  activeSecp256k1Signer: [400, bytes(SECP256K1_KEY_LENGTH)],
  activeSecp256k1Expiration: [464, i64],
});

/** sha256("account:RandomnessAccountData")[0..8]. */
export const RANDOMNESS_ACCOUNT_LAYOUT = accountLayout(
  "RandomnessAccountData",
  Buffer.from([10, 66, 229, 135, 220, 239, 217, 114]),
  RandomnessStruct,
);
/** Account data length: 472 + 8. */
export const RANDOMNESS_ACCOUNT_SIZE = RANDOMNESS_ACCOUNT_LAYOUT.space;

// The program's singleton State (PDA ["STATE"]): who administers the program and which queue is the guardian queue.
// The leading fields are at the On-Demand crate's offsets; the rest of the real State (epochs, staking, advisories,
// cost whitelist) is not modelled, and its size here (1024) is ours.
const StateStruct = struct(1024, {
  bump: [0, u8],
  testOnlyDisableMrEnclaveCheck: [1, u8],
  enableStaking: [2, u8],
  padding1: [3, skip(5)],
  authority: [8, pubkey],
  /** The queue whose oracles are the guardians that verify other oracles' enclaves. */
  guardianQueue: [40, pubkey],
  ebuf: [72, skip(952)],
});

/** sha256("account:State")[0..8]. */
export const STATE_ACCOUNT_LAYOUT = accountLayout("State", Buffer.from(sha256("account:State").subarray(0, 8)), StateStruct);
/** PDA seed of the State. */
export const STATE_SEED = "STATE";

export type StateAccountData = StructValue<typeof StateStruct.fields>;
export type QueueAccountData = StructValue<typeof QueueStruct.fields>;
export type Quote = StructValue<typeof QuoteStruct.fields>;
export type OracleAccountData = StructValue<typeof OracleStruct.fields>;
export type RandomnessAccountData = StructValue<typeof RandomnessStruct.fields>;

/** Decodes a queue after checking discriminator and length (Anchor zero-copy load). */
export function decodeQueue(data: Uint8Array): QueueAccountData {
  return decodeAccount(QUEUE_ACCOUNT_LAYOUT, asBuffer(data));
}

export function decodeOracle(data: Uint8Array): OracleAccountData {
  return decodeAccount(ORACLE_ACCOUNT_LAYOUT, asBuffer(data));
}

export function decodeState(data: Uint8Array): StateAccountData {
  return decodeAccount(STATE_ACCOUNT_LAYOUT, asBuffer(data));
}

export function decodeRandomness(data: Uint8Array): RandomnessAccountData {
  return decodeAccount(RANDOMNESS_ACCOUNT_LAYOUT, asBuffer(data));
}

/** The oracle keys a queue lists now: the first `oracle_keys_len`. */
export function queueOracleKeys(queue: QueueAccountData): string[] {
  return queue.oracleKeys.slice(0, Math.min(queue.oracleKeysLen, QUEUE_MAX_ORACLES));
}
