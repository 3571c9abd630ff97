// The local Switchboard On-Demand program: a program at the On-Demand id that owns queues, oracles, pull feeds and
// randomness accounts in the real zero-copy layouts, with the real error catalogue.
//
// A queue's authority allows enclave measurements and vouches for oracles (queue_override_oracle: the oracle's
// secp256k1 signing key and how long the vouching lasts); an oracle's authority heartbeats it onto the queue (at most
// 128 oracle keys). Pull feeds on the queue take values only from the queue's oracles, each signed with the oracle's
// secp256k1 key over Switchboard's checksum (switchboard/signing.ts), and recompute their result from the fresh
// submissions. A feed created with permit_write_by_authority takes values from its authority instead, and only from
// it (create_feed / update_result). Randomness: a commit binds the latest slot hash and an oracle of the queue, the
// oracle's signature over it reveals the value.
//
// Guardians: the State (PDA ["STATE"]) names a guardian queue; the State's authority registers oracles of that queue
// as guardians, and a majority of them vote an oracle's enclave quote verified (guardian_quote_verify), as the queue
// authority's override also can. Instruction accounts and arguments: instructions.ts. Staking, rewards and lookup
// tables of the real program are not modelled (README).
import { PublicKey } from "@solana/web3.js";
import { sha256 } from "@noble/hashes/sha2";
import { SLOT_HASHES_SYSVAR_ID, decodeSlotHashes, type InstructionAccount, type InstructionContext, type Program } from "@ballast/ledger";
import {
  AccountChecks,
  AnchorArgsReader,
  anchorFail,
  anchorProgram,
  checkProgramAccount,
  checkSeeds,
  declareAccounts,
  failureFor,
  initTarget,
  knownAddress,
  signer,
  unchecked,
  type Fail,
} from "@ballast/anchor";
import { ArgsReader, decodeArgs, type AccountLayout, type ArgValues, type FieldTable, type StructValue } from "@ballast/codec";
import bs58 from "bs58";
import { SWITCHBOARD_ON_DEMAND_PROGRAM_ID } from "../program-ids.js";
import {
  PULL_FEED_ACCOUNT_SIZE,
  PULL_FEED_DISCRIMINATOR,
  PULL_FEED_HISTORY_LENGTH,
  PULL_FEED_MAX_SUBMISSIONS,
  PULL_FEED_SCALE,
  type PullFeedAccountData,
  decodePullFeed,
  emptyPullFeed,
  encodePullFeedInto,
} from "../switchboard/pull-feed.js";
import {
  ORACLE_ACCOUNT_LAYOUT,
  QUEUE_ACCOUNT_LAYOUT,
  QUEUE_MAX_MR_ENCLAVES,
  QUEUE_MAX_ORACLES,
  QUOTE_MAX_GUARDIAN_APPROVERS,
  RANDOMNESS_ACCOUNT_LAYOUT,
  STATE_ACCOUNT_LAYOUT,
  STATE_SEED,
  guardianQuorum,
  SwitchboardPermission,
  VerificationStatus,
  type OracleAccountData,
  type QueueAccountData,
  queueOracleKeys,
} from "../switchboard/accounts.js";
import { aggregateResult, isFreshSubmission } from "../switchboard/aggregate.js";
import { pullFeedSubmissionChecksum, randomnessRevealMessage, recoverSigner } from "../switchboard/signing.js";
import { SWITCHBOARD_ON_DEMAND_INSTRUCTIONS as IX } from "../instructions.js";
import { feedAccount, systemProgram, zeroCopyAccount } from "./oracle-accounts.js";
import { SWITCHBOARD_FEED_SEED } from "../seeds.js";
import { bytesEqual } from "../bytes.js";

/** First seed of a feed PDA: ["pull_feed", authority, feed_hash]. */
export { SWITCHBOARD_FEED_SEED };

/**
 * The On-Demand program's errors, numbered as in its IDL up to 6070 (reference §7.5). The IDL carries names only,
 * so Anchor's message is the name.
 */
export const SWITCHBOARD_ON_DEMAND_ERRORS = {
  GenericError: { code: 6000, message: "GenericError" },
  InvalidQuote: { code: 6001, message: "InvalidQuote" },
  InsufficientQueue: { code: 6002, message: "InsufficientQueue" },
  QueueFull: { code: 6003, message: "QueueFull" },
  InvalidEnclaveSigner: { code: 6004, message: "InvalidEnclaveSigner" },
  InvalidSigner: { code: 6005, message: "InvalidSigner" },
  MrEnclaveAlreadyExists: { code: 6006, message: "MrEnclaveAlreadyExists" },
  MrEnclaveAtCapacity: { code: 6007, message: "MrEnclaveAtCapacity" },
  MrEnclaveDoesntExist: { code: 6008, message: "MrEnclaveDoesntExist" },
  PermissionDenied: { code: 6009, message: "PermissionDenied" },
  InvalidQueue: { code: 6010, message: "InvalidQueue" },
  IncorrectMrEnclave: { code: 6011, message: "IncorrectMrEnclave" },
  InvalidAuthority: { code: 6012, message: "InvalidAuthority" },
  InvalidMrEnclave: { code: 6013, message: "InvalidMrEnclave" },
  InvalidTimestamp: { code: 6014, message: "InvalidTimestamp" },
  InvalidOracleIdx: { code: 6015, message: "InvalidOracleIdx" },
  InvalidSecpSignature: { code: 6016, message: "InvalidSecpSignature" },
  InvalidGuardianQueue: { code: 6017, message: "InvalidGuardianQueue" },
  InvalidIndex: { code: 6018, message: "InvalidIndex" },
  InvalidOracleQueue: { code: 6019, message: "InvalidOracleQueue" },
  InvalidPermission: { code: 6020, message: "InvalidPermission" },
  InvalidePermissionedAccount: { code: 6021, message: "InvalidePermissionedAccount" },
  InvalidEpochRotate: { code: 6022, message: "InvalidEpochRotate" },
  InvalidEpochFinalize: { code: 6023, message: "InvalidEpochFinalize" },
  InvalidEscrow: { code: 6024, message: "InvalidEscrow" },
  IllegalOracle: { code: 6025, message: "IllegalOracle" },
  IllegalExecuteAttempt: { code: 6026, message: "IllegalExecuteAttempt" },
  IllegalFeedValue: { code: 6027, message: "IllegalFeedValue" },
  InvalidOracleFeedStats: { code: 6028, message: "InvalidOracleFeedStats" },
  InvalidStateAuthority: { code: 6029, message: "InvalidStateAuthority" },
  NotEnoughSamples: { code: 6030, message: "NotEnoughSamples" },
  OracleIsVerified: { code: 6031, message: "OracleIsVerified" },
  QueueIsEmpty: { code: 6032, message: "QueueIsEmpty" },
  SecpRecoverFailure: { code: 6033, message: "SecpRecoverFailure" },
  StaleSample: { code: 6034, message: "StaleSample" },
  SwitchboardRandomnessTooOld: { code: 6035, message: "SwitchboardRandomnessTooOld" },
  EpochIdMismatch: { code: 6036, message: "EpochIdMismatch" },
  GuardianAlreadyVoted: { code: 6037, message: "GuardianAlreadyVoted" },
  RandomnessNotRequested: { code: 6038, message: "RandomnessNotRequested" },
  InvalidSlotNumber: { code: 6039, message: "InvalidSlotNumber" },
  RandomnessOracleKeyExpired: { code: 6040, message: "RandomnessOracleKeyExpired" },
  InvalidAdvisory: { code: 6041, message: "InvalidAdvisory" },
  InvalidOracleStats: { code: 6042, message: "InvalidOracleStats" },
  InvalidStakeProgram: { code: 6043, message: "InvalidStakeProgram" },
  InvalidStakePool: { code: 6044, message: "InvalidStakePool" },
  InvalidDelegationPool: { code: 6045, message: "InvalidDelegationPool" },
  UnparsableAccount: { code: 6046, message: "UnparsableAccount" },
  InvalidInstruction: { code: 6047, message: "InvalidInstruction" },
  OracleAlreadyVerified: { code: 6048, message: "OracleAlreadyVerified" },
  GuardianNotVerified: { code: 6049, message: "GuardianNotVerified" },
  InvalidConstraint: { code: 6050, message: "InvalidConstraint" },
  InvalidDelegationGroup: { code: 6051, message: "InvalidDelegationGroup" },
  OracleKeyNotFound: { code: 6052, message: "OracleKeyNotFound" },
  GuardianReregisterAttempt: { code: 6053, message: "GuardianReregisterAttempt" },
  InvalidManySubmissionCount: { code: 6054, message: "InvalidManySubmissionCount" },
  MissingSecpIx: { code: 6055, message: "MissingSecpIx" },
  ChecksumMismatch: { code: 6056, message: "ChecksumMismatch" },
  InvalidSubmissionFeedsCount: { code: 6057, message: "InvalidSubmissionFeedsCount" },
  InvalidSecpSignatureOraclesCount: { code: 6058, message: "InvalidSecpSignatureOraclesCount" },
  InvalidEthAddress: { code: 6059, message: "InvalidEthAddress" },
  NoLutKeysAdded: { code: 6060, message: "NoLutKeysAdded" },
  InvalidVaultOperatorDelegation: { code: 6061, message: "InvalidVaultOperatorDelegation" },
  InvalidVaultTokenAccount: { code: 6062, message: "InvalidVaultTokenAccount" },
  InvalidRemainingAccounts: { code: 6063, message: "InvalidRemainingAccounts" },
  SubsidiesNotAllowed: { code: 6064, message: "SubsidiesNotAllowed" },
  MissingVod: { code: 6065, message: "MissingVod" },
  InvalidVodEpoch: { code: 6066, message: "InvalidVodEpoch" },
  InvalidOracleSubsidyWallet: { code: 6067, message: "InvalidOracleSubsidyWallet" },
  InvalidOperator: { code: 6068, message: "InvalidOperator" },
  Max128SampleValue: { code: 6069, message: "Max128SampleValue" },
  RewardAlreadyPaid: { code: 6070, message: "RewardAlreadyPaid" },
} as const;

const fail: Fail<typeof SWITCHBOARD_ON_DEMAND_ERRORS> = failureFor(SWITCHBOARD_ON_DEMAND_ERRORS);

/** Slots a randomness commit stays revealable: as long as its slot hash stays in SlotHashes' recent window. */
export const RANDOMNESS_REVEAL_WINDOW_SLOTS = 150n;

const DISCRIMINATOR_SIZE = 8;
const ZERO_KEY = "11111111111111111111111111111111";

const queueAccount = (options: { mut?: "load" } = {}) =>
  zeroCopyAccount(QUEUE_ACCOUNT_LAYOUT.discriminator, QUEUE_ACCOUNT_LAYOUT.space, options);
const oracleAccount = (options: { mut?: "load" } = {}) =>
  zeroCopyAccount(ORACLE_ACCOUNT_LAYOUT.discriminator, ORACLE_ACCOUNT_LAYOUT.space, options);
const randomnessAccount = () => zeroCopyAccount(RANDOMNESS_ACCOUNT_LAYOUT.discriminator, RANDOMNESS_ACCOUNT_LAYOUT.space, { mut: "load" });
const pullFeedAccount = () => feedAccount(PULL_FEED_DISCRIMINATOR, PULL_FEED_ACCOUNT_SIZE);
const slotHashes = () => knownAddress(SLOT_HASHES_SYSVAR_ID);

function load<F extends FieldTable>(layout: AccountLayout<F>, data: Buffer): StructValue<F> {
  return layout.struct.read(data, DISCRIMINATOR_SIZE);
}

function store<F extends FieldTable>(layout: AccountLayout<F>, data: Buffer, value: StructValue<F>): void {
  layout.struct.write(data, DISCRIMINATOR_SIZE, value);
}

/** A fresh account of `layout` paid by `payer`: the discriminator, then zeros, decoded for the handler to fill in. */
function create<F extends FieldTable>(
  accounts: AccountChecks,
  payer: InstructionAccount,
  target: InstructionAccount,
  layout: AccountLayout<F>,
): { data: Buffer; value: StructValue<F> } {
  const data = accounts.initAccount(payer, target, layout.space, layout.discriminator, null);
  return { data, value: load(layout, data) };
}

function requireQueueAuthority(queue: QueueAccountData, authority: InstructionAccount): void {
  if (queue.authority !== authority.key) fail("InvalidAuthority", "authority");
}

function mrEnclaveIndex(queue: QueueAccountData, mrEnclave: Uint8Array): number {
  return queue.mrEnclaves.slice(0, queue.mrEnclavesLen).findIndex((known) => bytesEqual(known, mrEnclave));
}

/** An oracle the queue vouches for now: verified (or overridden by the queue authority) and not expired. */
function isVerified(oracle: OracleAccountData, now: bigint): boolean {
  const status = oracle.enclave.verificationStatus;
  const verified = status === VerificationStatus.Success || status === VerificationStatus.Override;
  return verified && oracle.enclave.validUntil >= now;
}

/** The hash SlotHashes holds for `slot`, or null once it has left the window (or never was). */
function slotHashOf(sysvar: InstructionAccount, slot: bigint): Uint8Array | null {
  const entry = decodeSlotHashes(sysvar.account.data).find((e) => e.slot === slot);
  return entry ? bs58.decode(entry.hash) : null;
}

// ---- queue ----------------------------------------------------------------------------------------------------

const QueueInitAccounts = declareAccounts({
  queue: initTarget({ signer: true }),
  authority: unchecked(),
  payer: signer({ mut: "load" }),
  systemProgram: systemProgram(),
});

type QueueInitArgs = ArgValues<typeof IX.queue_init.args>;

function initQueue(
  accounts: AccountChecks,
  payer: InstructionAccount,
  queue: InstructionAccount,
  authority: string,
  params: QueueInitArgs,
): void {
  const { data, value } = create(accounts, payer, queue, QUEUE_ACCOUNT_LAYOUT);
  value.authority = authority;
  value.allowAuthorityOverrideAfter = BigInt(params.allowAuthorityOverrideAfter);
  value.requireAuthorityHeartbeatPermission = params.requireAuthorityHeartbeatPermission ? 1 : 0;
  value.requireUsagePermissions = params.requireUsagePermissions ? 1 : 0;
  value.maxQuoteVerificationAge = BigInt(params.maxQuoteVerificationAge);
  value.reward = params.reward;
  value.nodeTimeout = BigInt(params.nodeTimeout);
  value.lutSlot = params.recentSlot;
  store(QUEUE_ACCOUNT_LAYOUT, data, value);
}

function queueInit(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const params = decodeArgs(args, IX.queue_init.args);
  const { queue, authority, payer } = QueueInitAccounts.load(ctx).accounts;
  initQueue(accounts, payer, queue, authority.key, params);
}

const QueueAuthorityAccounts = declareAccounts({ queue: queueAccount({ mut: "load" }), authority: signer() });

function queueSetConfigs(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const params = decodeArgs(args, IX.queue_set_configs.args);
  const { queue, authority } = QueueAuthorityAccounts.load(ctx).accounts;
  const value = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  requireQueueAuthority(value, authority);
  if (params.authority !== null) value.authority = new PublicKey(params.authority).toBase58();
  if (params.reward !== null) value.reward = params.reward;
  if (params.nodeTimeout !== null) value.nodeTimeout = params.nodeTimeout;
  store(QUEUE_ACCOUNT_LAYOUT, queue.account.data, value);
}

function queueAddMrEnclave(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { mrEnclave } = decodeArgs(args, IX.queue_add_mr_enclave.args);
  const { queue, authority } = QueueAuthorityAccounts.load(ctx).accounts;
  const value = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  requireQueueAuthority(value, authority);
  if (mrEnclaveIndex(value, mrEnclave) >= 0) fail("MrEnclaveAlreadyExists");
  if (value.mrEnclavesLen >= QUEUE_MAX_MR_ENCLAVES) fail("MrEnclaveAtCapacity");
  value.mrEnclaves[value.mrEnclavesLen] = mrEnclave;
  value.mrEnclavesLen += 1;
  store(QUEUE_ACCOUNT_LAYOUT, queue.account.data, value);
}

function queueRemoveMrEnclave(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { mrEnclave } = decodeArgs(args, IX.queue_remove_mr_enclave.args);
  const { queue, authority } = QueueAuthorityAccounts.load(ctx).accounts;
  const value = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  requireQueueAuthority(value, authority);
  const index = mrEnclaveIndex(value, mrEnclave);
  if (index < 0) fail("MrEnclaveDoesntExist");
  // The list stays packed: the later measurements move up one, the freed last entry is zeroed.
  const kept = value.mrEnclaves.slice(0, value.mrEnclavesLen).filter((_, i) => i !== index);
  value.mrEnclaves = [...kept, ...Array.from({ length: QUEUE_MAX_MR_ENCLAVES - kept.length }, () => new Uint8Array(32))];
  value.mrEnclavesLen = kept.length;
  store(QUEUE_ACCOUNT_LAYOUT, queue.account.data, value);
}

const QueueOverrideOracleAccounts = declareAccounts({
  queue: queueAccount({ mut: "load" }),
  oracle: oracleAccount({ mut: "load" }),
  authority: signer(),
});

/** The queue authority vouches for an oracle without a guardian-verified quote: status Override until valid_until. */
function queueOverrideOracle(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { secp256k1Signer, maxQuoteVerificationAge, mrEnclave } = decodeArgs(args, IX.queue_override_oracle.args);
  const { queue, oracle, authority } = QueueOverrideOracleAccounts.load(ctx).accounts;
  const queueValue = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  const oracleValue = load(ORACLE_ACCOUNT_LAYOUT, oracle.account.data);
  requireQueueAuthority(queueValue, authority);
  if (oracleValue.queue !== queue.key) fail("InvalidQueue", "oracle");
  if (mrEnclaveIndex(queueValue, mrEnclave) < 0) fail("IncorrectMrEnclave");
  if (maxQuoteVerificationAge <= 0n) fail("InvalidTimestamp");
  const now = ctx.clock.unixTimestamp;
  oracleValue.enclave.verificationStatus = VerificationStatus.Override;
  oracleValue.enclave.mrEnclave = mrEnclave;
  oracleValue.enclave.secp256k1Signer = secp256k1Signer;
  oracleValue.enclave.verificationTimestamp = now;
  oracleValue.enclave.validUntil = now + maxQuoteVerificationAge;
  store(ORACLE_ACCOUNT_LAYOUT, oracle.account.data, oracleValue);
}

// ---- guardians ------------------------------------------------------------------------------------------------

const stateAccount = (options: { mut?: "load" } = {}) =>
  zeroCopyAccount(STATE_ACCOUNT_LAYOUT.discriminator, STATE_ACCOUNT_LAYOUT.space, options);

const StateInitAccounts = declareAccounts({
  state: initTarget(),
  payer: signer({ mut: "load" }),
  systemProgram: systemProgram(),
});

/** The program's State at ["STATE"], administered by its payer. */
function stateInit(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  decodeArgs(args, IX.state_init.args);
  const { state, payer } = StateInitAccounts.load(ctx).accounts;
  const seeds = [Buffer.from(STATE_SEED)];
  const bump = checkSeeds(ctx, state, seeds);
  const data = accounts.initAccount(payer, state, STATE_ACCOUNT_LAYOUT.space, STATE_ACCOUNT_LAYOUT.discriminator, [
    ...seeds,
    Uint8Array.of(bump),
  ]);
  const value = load(STATE_ACCOUNT_LAYOUT, data);
  value.bump = bump;
  value.authority = payer.key;
  store(STATE_ACCOUNT_LAYOUT, data, value);
}

const GuardianQueueInitAccounts = declareAccounts({
  queue: initTarget({ signer: true }),
  authority: unchecked(),
  payer: signer({ mut: "load" }),
  systemProgram: systemProgram(),
  state: stateAccount({ mut: "load" }),
});

function guardianQueueInit(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const params = decodeArgs(args, IX.guardian_queue_init.args);
  const { queue, authority, payer, state } = GuardianQueueInitAccounts.load(ctx).accounts;
  const stateValue = load(STATE_ACCOUNT_LAYOUT, state.account.data);
  if (stateValue.authority !== payer.key) fail("InvalidAuthority", "payer");
  initQueue(accounts, payer, queue, authority.key, params);
  stateValue.guardianQueue = queue.key;
  store(STATE_ACCOUNT_LAYOUT, state.account.data, stateValue);
}

const GuardianRegistrationAccounts = declareAccounts({
  oracle: oracleAccount(),
  state: stateAccount(),
  guardianQueue: queueAccount({ mut: "load" }),
  authority: signer(),
});

/** The accounts of a (un)registration, checked: the State's authority signs, for an oracle of the guardian queue. */
function loadRegistration(ctx: InstructionContext): { queue: QueueAccountData; keys: string[]; oracle: string; data: Buffer } {
  const { oracle, state, guardianQueue, authority } = GuardianRegistrationAccounts.load(ctx).accounts;
  const stateValue = load(STATE_ACCOUNT_LAYOUT, state.account.data);
  if (stateValue.authority !== authority.key) fail("InvalidAuthority", "authority");
  if (stateValue.guardianQueue !== guardianQueue.key) fail("InvalidGuardianQueue", "guardian_queue");
  if (load(ORACLE_ACCOUNT_LAYOUT, oracle.account.data).queue !== guardianQueue.key) fail("InvalidOracleQueue", "oracle");
  const queue = load(QUEUE_ACCOUNT_LAYOUT, guardianQueue.account.data);
  return { queue, keys: queueOracleKeys(queue), oracle: oracle.key, data: guardianQueue.account.data };
}

/** An oracle of the guardian queue becomes a guardian: it joins the guardian queue's keys, once. */
function guardianRegister(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  decodeArgs(args, IX.guardian_register.args);
  const { queue, keys, oracle, data } = loadRegistration(ctx);
  if (keys.includes(oracle)) fail("GuardianReregisterAttempt");
  if (queue.oracleKeysLen >= QUEUE_MAX_ORACLES) fail("QueueFull", "guardian_queue");
  queue.oracleKeys[queue.oracleKeysLen] = oracle;
  queue.oracleKeysLen += 1;
  store(QUEUE_ACCOUNT_LAYOUT, data, queue);
}

function guardianUnregister(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  decodeArgs(args, IX.guardian_unregister.args);
  const { queue, keys, oracle, data } = loadRegistration(ctx);
  if (!keys.includes(oracle)) fail("OracleKeyNotFound");
  // The keys stay packed: the later ones move up one, the freed last entry is zeroed.
  const kept = keys.filter((k) => k !== oracle);
  queue.oracleKeys = [...kept, ...Array.from({ length: QUEUE_MAX_ORACLES - kept.length }, () => ZERO_KEY)];
  queue.oracleKeysLen = kept.length;
  store(QUEUE_ACCOUNT_LAYOUT, data, queue);
}

const GuardianQuoteVerifyAccounts = declareAccounts({
  guardian: oracleAccount(),
  oracle: oracleAccount({ mut: "load" }),
  authority: signer(),
  guardianQueue: queueAccount(),
  state: stateAccount(),
  queue: queueAccount(),
});

/**
 * A guardian's vote for an oracle's quote: its measurement (allowed by the oracle's queue) and secp256k1 key. Votes
 * for the key being verified gather in guardian_approvers, one per guardian; a vote for another key, or after a
 * completed verification, starts a new round. At the quorum the oracle is verified (Success) with that key until
 * now + its queue's max_quote_verification_age, the previous key kept as last_secp256k1_signer.
 */
function guardianQuoteVerify(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { timestamp, mrEnclave, secp256k1Key } = decodeArgs(args, IX.guardian_quote_verify.args);
  const { guardian, oracle, authority, guardianQueue, state, queue } = GuardianQuoteVerifyAccounts.load(ctx).accounts;
  const stateValue = load(STATE_ACCOUNT_LAYOUT, state.account.data);
  const guardianValue = load(ORACLE_ACCOUNT_LAYOUT, guardian.account.data);
  const oracleValue = load(ORACLE_ACCOUNT_LAYOUT, oracle.account.data);
  const queueValue = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  const guardians = queueOracleKeys(load(QUEUE_ACCOUNT_LAYOUT, guardianQueue.account.data));
  const now = ctx.clock.unixTimestamp;
  if (stateValue.guardianQueue !== guardianQueue.key) fail("InvalidGuardianQueue", "guardian_queue");
  if (guardianValue.queue !== guardianQueue.key) fail("InvalidGuardianQueue", "guardian");
  if (!guardians.includes(guardian.key)) fail("GuardianNotVerified", "guardian");
  if (guardianValue.authority !== authority.key) fail("InvalidSigner", "authority");
  if (oracleValue.queue !== queue.key) fail("InvalidQueue", "oracle");
  if (mrEnclaveIndex(queueValue, mrEnclave) < 0) fail("IncorrectMrEnclave");
  if (timestamp > now) fail("InvalidTimestamp");
  const enclave = oracleValue.enclave;
  const quorum = guardianQuorum(guardians.length);
  const verified = enclave.verificationStatus === VerificationStatus.Success && enclave.guardianApproversLen >= quorum;
  if (verified || !bytesEqual(enclave.stagingSecp256k1Signer, secp256k1Key)) {
    enclave.stagingSecp256k1Signer = secp256k1Key;
    enclave.guardianApprovers = enclave.guardianApprovers.map(() => ZERO_KEY);
    enclave.guardianApproversLen = 0;
    // An oracle verified now (by guardians or its queue's override) keeps submitting while the new round gathers votes.
    if (!isVerified(oracleValue, now)) enclave.verificationStatus = VerificationStatus.Pending;
  }
  const approvers = enclave.guardianApprovers.slice(0, enclave.guardianApproversLen);
  if (approvers.includes(guardian.key)) fail("GuardianAlreadyVoted");
  if (enclave.guardianApproversLen >= QUOTE_MAX_GUARDIAN_APPROVERS) fail("InvalidIndex");
  enclave.guardianApprovers[enclave.guardianApproversLen] = guardian.key;
  enclave.guardianApproversLen += 1;
  if (enclave.guardianApproversLen >= quorum) {
    enclave.lastSecp256k1Signer = enclave.secp256k1Signer;
    enclave.secp256k1Signer = secp256k1Key;
    enclave.mrEnclave = mrEnclave;
    enclave.verificationStatus = VerificationStatus.Success;
    enclave.verificationTimestamp = now;
    enclave.validUntil = now + queueValue.maxQuoteVerificationAge;
    enclave.lastRotateSlot = ctx.clock.slot;
  }
  store(ORACLE_ACCOUNT_LAYOUT, oracle.account.data, oracleValue);
}

// ---- oracle ---------------------------------------------------------------------------------------------------

const OracleInitAccounts = declareAccounts({
  oracle: initTarget({ signer: true }),
  payer: signer({ mut: "load" }),
  systemProgram: systemProgram(),
});

function oracleInit(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const params = decodeArgs(args, IX.oracle_init.args);
  const { oracle, payer } = OracleInitAccounts.load(ctx).accounts;
  const { data, value } = create(accounts, payer, oracle, ORACLE_ACCOUNT_LAYOUT);
  value.authority = new PublicKey(params.authority).toBase58();
  value.queue = new PublicKey(params.queue).toBase58();
  value.createdAt = ctx.clock.unixTimestamp;
  if (params.secpAuthority !== null) value.secpAuthority = params.secpAuthority;
  value.lutSlot = params.recentSlot;
  store(ORACLE_ACCOUNT_LAYOUT, data, value);
}

const OracleHeartbeatAccounts = declareAccounts({
  oracle: oracleAccount({ mut: "load" }),
  oracleSigner: signer(),
  queue: queueAccount({ mut: "load" }),
});

/** A verified oracle signs in: it joins the queue's oracle keys if it is not there yet (128 at most). */
function oracleHeartbeat(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { gatewayUri } = decodeArgs(args, IX.oracle_heartbeat.args);
  const { oracle, oracleSigner, queue } = OracleHeartbeatAccounts.load(ctx).accounts;
  const oracleValue = load(ORACLE_ACCOUNT_LAYOUT, oracle.account.data);
  const queueValue = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  const now = ctx.clock.unixTimestamp;
  if (oracleValue.queue !== queue.key) fail("InvalidQueue", "oracle");
  if (oracleValue.authority !== oracleSigner.key) fail("InvalidSigner", "oracle_signer");
  if (!isVerified(oracleValue, now)) fail("InvalidQuote", "oracle");
  const permitted = (oracleValue.permissions & BigInt(SwitchboardPermission.PermitOracleHeartbeat)) !== 0n;
  if (queueValue.requireAuthorityHeartbeatPermission !== 0 && !permitted) fail("PermissionDenied", "oracle");
  if (!queueOracleKeys(queueValue).includes(oracle.key)) {
    if (queueValue.oracleKeysLen >= QUEUE_MAX_ORACLES) fail("QueueFull", "queue");
    queueValue.oracleKeys[queueValue.oracleKeysLen] = oracle.key;
    queueValue.oracleKeysLen += 1;
  }
  oracleValue.isOnQueue = 1;
  oracleValue.lastHeartbeat = now;
  if (gatewayUri !== null) oracleValue.gatewayUri = gatewayUri;
  queueValue.lastHeartbeat = now;
  store(ORACLE_ACCOUNT_LAYOUT, oracle.account.data, oracleValue);
  store(QUEUE_ACCOUNT_LAYOUT, queue.account.data, queueValue);
}

// ---- permissions ----------------------------------------------------------------------------------------------

const PermissionSetAccounts = declareAccounts({ authority: signer(), granter: queueAccount() });

const PERMISSIONS = new Set<number>(Object.values(SwitchboardPermission));

/** The queue authority grants or revokes a permission bit on one of its oracles or feeds (the remaining account). */
function permissionSet(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { permission, enable } = decodeArgs(args, IX.permission_set.args);
  const { accounts, remaining } = PermissionSetAccounts.load(ctx);
  const granter = load(QUEUE_ACCOUNT_LAYOUT, accounts.granter.account.data);
  requireQueueAuthority(granter, accounts.authority);
  if (!PERMISSIONS.has(permission)) fail("InvalidPermission");
  const target = remaining[0];
  if (target === undefined) fail("InvalidRemainingAccounts");
  const { data, owner } = target.account;
  const owned = owner === ctx.programId && target.isWritable && data.length >= DISCRIMINATOR_SIZE;
  const bit = BigInt(permission);
  const toggled = (permissions: bigint) => (enable ? permissions | bit : permissions & ~bit);
  if (
    owned &&
    data.subarray(0, DISCRIMINATOR_SIZE).equals(ORACLE_ACCOUNT_LAYOUT.discriminator) &&
    data.length >= ORACLE_ACCOUNT_LAYOUT.space
  ) {
    const oracle = load(ORACLE_ACCOUNT_LAYOUT, data);
    if (oracle.queue !== accounts.granter.key) fail("InvalidQueue");
    oracle.permissions = toggled(oracle.permissions);
    store(ORACLE_ACCOUNT_LAYOUT, data, oracle);
  } else if (
    owned &&
    data.subarray(0, DISCRIMINATOR_SIZE).equals(Buffer.from(PULL_FEED_DISCRIMINATOR)) &&
    data.length >= PULL_FEED_ACCOUNT_SIZE
  ) {
    const feed = decodePullFeed(data);
    if (feed.queue !== accounts.granter.key) fail("InvalidQueue");
    feed.permissions = toggled(feed.permissions);
    encodePullFeedInto(data, feed);
  } else {
    fail("InvalidePermissionedAccount");
  }
}

// ---- pull feeds -----------------------------------------------------------------------------------------------

const PullFeedInitAccounts = declareAccounts({
  pullFeed: initTarget({ signer: true }),
  queue: queueAccount(),
  authority: unchecked(),
  payer: signer({ mut: "load" }),
  systemProgram: systemProgram(),
});

function pullFeedInit(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const params = decodeArgs(args, IX.pull_feed_init.args);
  const { pullFeed, queue, authority, payer } = PullFeedInitAccounts.load(ctx).accounts;
  if (params.minSampleSize > PULL_FEED_MAX_SUBMISSIONS) fail("InvalidConstraint");
  const data = accounts.initAccount(payer, pullFeed, PULL_FEED_ACCOUNT_SIZE, Buffer.from(PULL_FEED_DISCRIMINATOR), null);
  const value = emptyPullFeed();
  value.authority = authority.key;
  value.queue = queue.key;
  value.feedHash = params.feedHash;
  value.initializedAt = ctx.clock.slot;
  value.maxVariance = params.maxVariance;
  value.minResponses = params.minResponses;
  value.name = params.name;
  value.minSampleSize = params.minSampleSize;
  value.maxStaleness = params.maxStaleness;
  value.permitWriteByAuthority = params.permitWriteByAuthority === true ? 1 : 0;
  value.lutSlot = params.recentSlot;
  encodePullFeedInto(data, value);
}

/** An i128 with 18 decimals as the nearest f32, the precision of the compact history. */
function toF32(value: bigint): number {
  return Math.fround(Number(value) / Number(PULL_FEED_SCALE));
}

/** The new result (when enough fresh submissions give one), stamped with the clock and kept in the history ring. */
function settle(state: PullFeedAccountData, ctx: InstructionContext): void {
  const slot = ctx.clock.slot;
  const result = aggregateResult(state, slot);
  if (result === null) return;
  state.result = result;
  state.lastUpdateTimestamp = ctx.clock.unixTimestamp;
  const entry = { stdDev: toF32(result.stdDev), mean: toF32(result.mean), slot: result.slot };
  state.historicalResults[state.historicalResultIdx % PULL_FEED_HISTORY_LENGTH] = entry;
  state.historicalResultIdx = (state.historicalResultIdx + 1) % PULL_FEED_HISTORY_LENGTH;
}

/** Where an oracle's submission goes: over its previous one, else the first empty slot, else the oldest landed. */
function submissionSlot(state: PullFeedAccountData, oracle: string): number {
  const own = state.submissions.findIndex((s) => s.slot !== 0n && s.oracle === oracle);
  if (own >= 0) return own;
  const empty = state.submissions.findIndex((s) => s.slot === 0n);
  if (empty >= 0) return empty;
  return state.submissions.reduce((oldest, s, i, all) => (s.landedAt < (all[oldest]?.landedAt ?? s.landedAt) ? i : oldest), 0);
}

const SubmitResponseAccounts = declareAccounts({
  feed: pullFeedAccount(),
  queue: queueAccount(),
  recentSlothashes: slotHashes(),
  payer: signer({ mut: "load" }),
});

function pullFeedSubmitResponse(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { slot, submissions } = decodeArgs(args, IX.pull_feed_submit_response.args);
  const { accounts, remaining } = SubmitResponseAccounts.load(ctx);
  const { feed, queue, recentSlothashes } = accounts;
  const state = decodePullFeed(feed.account.data);
  const queueValue = load(QUEUE_ACCOUNT_LAYOUT, queue.account.data);
  if (state.queue !== queue.key) fail("InvalidQueue", "queue");
  if (state.permitWriteByAuthority !== 0) fail("PermissionDenied", "feed");
  const usage = (state.permissions & BigInt(SwitchboardPermission.PermitOracleQueueUsage)) !== 0n;
  if (queueValue.requireUsagePermissions !== 0 && !usage) fail("PermissionDenied", "feed");
  if (submissions.length === 0 || submissions.length > PULL_FEED_MAX_SUBMISSIONS) fail("InvalidManySubmissionCount");
  if (remaining.length !== submissions.length) fail("InvalidRemainingAccounts");
  const onQueue = new Set(queueOracleKeys(queueValue));
  const clockSlot = ctx.clock.slot;
  const now = ctx.clock.unixTimestamp;
  submissions.forEach((submission, i) => {
    const oracleAccount = remaining[i];
    if (oracleAccount === undefined) return fail("InvalidRemainingAccounts");
    checkProgramAccount(oracleAccount, "oracle", ctx.programId, ORACLE_ACCOUNT_LAYOUT.discriminator);
    if (oracleAccount.account.data.length < ORACLE_ACCOUNT_LAYOUT.space) anchorFail("AccountDidNotDeserialize", "oracle");
    const oracle = load(ORACLE_ACCOUNT_LAYOUT, oracleAccount.account.data);
    if (oracle.queue !== queue.key) fail("InvalidOracleQueue", "oracle");
    if (!onQueue.has(oracleAccount.key)) fail("IllegalOracle", "oracle");
    if (!isVerified(oracle, now)) fail("InvalidQuote", "oracle");
    const signedSlot = slot - BigInt(submission.offset);
    const slothash = signedSlot > 0n ? slotHashOf(recentSlothashes, signedSlot) : null;
    if (slothash === null) fail("InvalidSlotNumber");
    const index = submissionSlot(state, oracleAccount.key);
    const previous = state.submissions[index];
    const older = previous !== undefined && previous.oracle === oracleAccount.key && previous.slot > signedSlot;
    if (older || !isFreshSubmission(state, signedSlot, clockSlot)) fail("StaleSample");
    const checksum = pullFeedSubmissionChecksum({
      queue: queue.key,
      feedHash: state.feedHash,
      value: submission.value,
      slothash,
      maxVariance: state.maxVariance,
      minResponses: state.minResponses,
    });
    const signer = recoverSigner(checksum, { signature: submission.signature, recoveryId: submission.recoveryId });
    if (signer === null) fail("SecpRecoverFailure");
    if (!bytesEqual(signer, oracle.enclave.secp256k1Signer)) fail("InvalidSecpSignature", "oracle");
    state.submissions[index] = { oracle: oracleAccount.key, slot: signedSlot, landedAt: clockSlot, value: submission.value };
    state.submissionTimestamps[index] = now;
  });
  settle(state, ctx);
  encodePullFeedInto(feed.account.data, state);
}

// ---- randomness -----------------------------------------------------------------------------------------------

const RandomnessInitAccounts = declareAccounts({
  randomness: initTarget({ signer: true }),
  authority: signer(),
  queue: queueAccount({ mut: "load" }),
  payer: signer({ mut: "load" }),
  systemProgram: systemProgram(),
});

function randomnessInit(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const { recentSlot } = decodeArgs(args, IX.randomness_init.args);
  const { randomness, authority, queue, payer } = RandomnessInitAccounts.load(ctx).accounts;
  const { data, value } = create(accounts, payer, randomness, RANDOMNESS_ACCOUNT_LAYOUT);
  value.authority = authority.key;
  value.queue = queue.key;
  value.lutSlot = recentSlot;
  store(RANDOMNESS_ACCOUNT_LAYOUT, data, value);
}

const RandomnessCommitAccounts = declareAccounts({
  randomness: randomnessAccount(),
  queue: queueAccount(),
  oracle: oracleAccount({ mut: "load" }),
  recentSlothashes: slotHashes(),
  authority: signer(),
});

/** Binds the request to the latest slot hash and to an oracle of the queue, which then reveals. */
function randomnessCommit(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  decodeArgs(args, IX.randomness_commit.args);
  const { randomness, queue, oracle, recentSlothashes, authority } = RandomnessCommitAccounts.load(ctx).accounts;
  const value = load(RANDOMNESS_ACCOUNT_LAYOUT, randomness.account.data);
  const oracleValue = load(ORACLE_ACCOUNT_LAYOUT, oracle.account.data);
  if (value.authority !== authority.key) fail("InvalidAuthority", "authority");
  if (value.queue !== queue.key) fail("InvalidQueue", "queue");
  if (oracleValue.queue !== queue.key) fail("InvalidOracleQueue", "oracle");
  if (!queueOracleKeys(load(QUEUE_ACCOUNT_LAYOUT, queue.account.data)).includes(oracle.key)) fail("IllegalOracle", "oracle");
  const latest = decodeSlotHashes(recentSlothashes.account.data)[0];
  if (latest === undefined) fail("InvalidSlotNumber");
  value.seedSlot = latest.slot;
  value.seedSlothash = bs58.decode(latest.hash);
  value.oracle = oracle.key;
  value.revealSlot = 0n;
  value.value = new Uint8Array(32);
  value.activeSecp256k1Signer = oracleValue.enclave.secp256k1Signer;
  value.activeSecp256k1Expiration = oracleValue.enclave.validUntil;
  store(RANDOMNESS_ACCOUNT_LAYOUT, randomness.account.data, value);
}

const RandomnessRevealAccounts = declareAccounts({
  randomness: randomnessAccount(),
  oracle: oracleAccount(),
  queue: queueAccount(),
  authority: signer(),
  payer: signer({ mut: "load" }),
  recentSlothashes: slotHashes(),
});

/** The committed oracle's signature over the seed reveals the value: sha256 of that signature. */
function randomnessReveal(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { signature, recoveryId, value: revealed } = decodeArgs(args, IX.randomness_reveal.args);
  const { randomness, oracle, queue, authority } = RandomnessRevealAccounts.load(ctx).accounts;
  const value = load(RANDOMNESS_ACCOUNT_LAYOUT, randomness.account.data);
  if (value.authority !== authority.key) fail("InvalidAuthority", "authority");
  if (value.queue !== queue.key) fail("InvalidQueue", "queue");
  if (value.seedSlot === 0n || value.oracle === ZERO_KEY) fail("RandomnessNotRequested");
  if (value.oracle !== oracle.key) fail("IllegalOracle", "oracle");
  if (ctx.clock.slot - value.seedSlot > RANDOMNESS_REVEAL_WINDOW_SLOTS) fail("SwitchboardRandomnessTooOld");
  if (value.activeSecp256k1Expiration < ctx.clock.unixTimestamp) fail("RandomnessOracleKeyExpired");
  const message = randomnessRevealMessage(randomness.key, value.seedSlothash, value.seedSlot);
  const signer = recoverSigner(message, { signature, recoveryId });
  if (signer === null) fail("SecpRecoverFailure");
  if (!bytesEqual(signer, value.activeSecp256k1Signer)) fail("InvalidSecpSignature", "oracle");
  if (!bytesEqual(sha256(signature), revealed)) fail("ChecksumMismatch");
  value.value = revealed;
  value.revealSlot = ctx.clock.slot;
  store(RANDOMNESS_ACCOUNT_LAYOUT, randomness.account.data, value);
}

// ---- feeds their authority writes (permit_write_by_authority) -------------------------------------------------

/** The feed is created here: a fresh keypair that signs, or the PDA checked below. */
const CreateFeedAccounts = declareAccounts({
  authority: signer({ mut: "load" }),
  pullFeed: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
});

function createFeed(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const { feedHash, name, maxStaleness } = decodeArgs(args, IX.create_feed.args);
  const { authority, pullFeed: feed } = CreateFeedAccounts.load(ctx).accounts;
  let seeds: Uint8Array[] | null = null;
  if (!feed.isSigner) {
    const authorityBytes = new PublicKey(authority.key).toBuffer();
    const [address, bump] = PublicKey.findProgramAddressSync(
      [Buffer.from(SWITCHBOARD_FEED_SEED), authorityBytes, feedHash],
      new PublicKey(ctx.programId),
    );
    if (address.toBase58() !== feed.key) anchorFail("ConstraintSeeds", "pull_feed");
    seeds = [Buffer.from(SWITCHBOARD_FEED_SEED), authorityBytes, feedHash, Uint8Array.of(bump)];
  }
  const data = accounts.initAccount(authority, feed, PULL_FEED_ACCOUNT_SIZE, Buffer.from(PULL_FEED_DISCRIMINATOR), seeds);
  const value = emptyPullFeed();
  value.authority = authority.key;
  value.feedHash = feedHash;
  value.name = name;
  value.maxStaleness = maxStaleness;
  value.initializedAt = ctx.clock.unixTimestamp;
  value.minResponses = 1;
  value.minSampleSize = 1;
  value.permitWriteByAuthority = 1;
  encodePullFeedInto(data, value);
}

const UpdateAccounts = declareAccounts({
  authority: signer(),
  pullFeed: pullFeedAccount(),
});

/** The authority's value and standard deviation, as one submission that is its own median. */
function updateResult(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { value, stdDev } = decodeArgs(args, IX.update_result.args);
  const { authority, pullFeed: feed } = UpdateAccounts.load(ctx).accounts;
  const state = decodePullFeed(feed.account.data);
  if (state.authority !== authority.key) fail("InvalidAuthority", "pull_feed");
  if (state.permitWriteByAuthority === 0) fail("PermissionDenied", "pull_feed");
  if (stdDev < 0n) fail("IllegalFeedValue");
  const slot = ctx.clock.slot;
  const unixTimestamp = ctx.clock.unixTimestamp;
  state.submissions[0] = { oracle: authority.key, slot, landedAt: slot, value };
  state.submissionTimestamps[0] = unixTimestamp;
  state.result = {
    value,
    stdDev,
    mean: value,
    range: 0n,
    minValue: value,
    maxValue: value,
    numSamples: 1,
    submissionIdx: 0,
    padding1: state.result.padding1,
    slot,
    minSlot: slot,
    maxSlot: slot,
  };
  state.lastUpdateTimestamp = unixTimestamp;
  state.historicalResults[state.historicalResultIdx % PULL_FEED_HISTORY_LENGTH] = { stdDev: toF32(stdDev), mean: toF32(value), slot };
  state.historicalResultIdx = (state.historicalResultIdx + 1) % PULL_FEED_HISTORY_LENGTH;
  encodePullFeedInto(feed.account.data, state);
}

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const SWITCHBOARD_ON_DEMAND_ACCOUNT_SPECS = {
  queue_init: QueueInitAccounts,
  queue_set_configs: QueueAuthorityAccounts,
  queue_add_mr_enclave: QueueAuthorityAccounts,
  queue_remove_mr_enclave: QueueAuthorityAccounts,
  queue_override_oracle: QueueOverrideOracleAccounts,
  oracle_init: OracleInitAccounts,
  oracle_heartbeat: OracleHeartbeatAccounts,
  permission_set: PermissionSetAccounts,
  pull_feed_init: PullFeedInitAccounts,
  pull_feed_submit_response: SubmitResponseAccounts,
  randomness_init: RandomnessInitAccounts,
  randomness_commit: RandomnessCommitAccounts,
  randomness_reveal: RandomnessRevealAccounts,
  state_init: StateInitAccounts,
  guardian_queue_init: GuardianQueueInitAccounts,
  guardian_register: GuardianRegistrationAccounts,
  guardian_unregister: GuardianRegistrationAccounts,
  guardian_quote_verify: GuardianQuoteVerifyAccounts,
  create_feed: CreateFeedAccounts,
  update_result: UpdateAccounts,
};

/** The local Switchboard On-Demand program, registered at SWITCHBOARD_ON_DEMAND_PROGRAM_ID unless another id is given. */
export function switchboardOnDemandProgram(id: string = SWITCHBOARD_ON_DEMAND_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "queue_init", units: 10_000, run: queueInit },
      { name: "queue_set_configs", units: 3_000, run: queueSetConfigs },
      { name: "queue_add_mr_enclave", units: 3_000, run: queueAddMrEnclave },
      { name: "queue_remove_mr_enclave", units: 3_000, run: queueRemoveMrEnclave },
      { name: "queue_override_oracle", units: 4_000, run: queueOverrideOracle },
      { name: "oracle_init", units: 8_000, run: oracleInit },
      { name: "oracle_heartbeat", units: 5_000, run: oracleHeartbeat },
      { name: "permission_set", units: 3_000, run: permissionSet },
      { name: "pull_feed_init", units: 8_000, run: pullFeedInit },
      { name: "pull_feed_submit_response", units: 30_000, run: pullFeedSubmitResponse },
      { name: "randomness_init", units: 6_000, run: randomnessInit },
      { name: "randomness_commit", units: 4_000, run: randomnessCommit },
      { name: "randomness_reveal", units: 30_000, run: randomnessReveal },
      { name: "state_init", units: 6_000, run: stateInit },
      { name: "guardian_queue_init", units: 10_000, run: guardianQueueInit },
      { name: "guardian_register", units: 4_000, run: guardianRegister },
      { name: "guardian_unregister", units: 4_000, run: guardianUnregister },
      { name: "guardian_quote_verify", units: 8_000, run: guardianQuoteVerify },
      { name: "create_feed", units: 8_000, run: createFeed },
      { name: "update_result", units: 5_000, run: updateResult },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) },
  );
}
