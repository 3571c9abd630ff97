// The local Pyth receiver: a program at the receiver's id that owns `PriceUpdateV2` accounts.
//
// The receiver's own paths (SML §4.2): `initialize` writes the Config at ["config"] (governance authority, the
// Wormhole program, valid data sources, the fee per update, the fewest guardian signatures), governed afterwards by its
// governance authority. `post_update_atomic` verifies a v1 VAA against a Wormhole guardian set (owned by the Config's
// Wormhole program, at its PDA, unexpired): every signature's guardian index increasing and in the set, each
// recovering (secp256k1 over keccak256(keccak256(body))) to that guardian's address; the update is Full from the
// guardian set's quorum on, else Partial{signatures}. `post_update` takes a VAA the Wormhole program has already
// verified into an encoded-VAA account, and is always Full. Both charge the fee to the treasury ["treasury", [id]],
// accept only the Config's data sources, and prove the price message against the accumulator root the VAA carries.
//
// This package's own path, used by the price pusher: `create_feed(feed_id)` makes a feed its creator writes directly
// with `update_price`, saying how many guardian signatures stand behind each price.
import { PublicKey } from "@solana/web3.js";
import {
  SYSTEM_PROGRAM_ID,
  minimumBalanceForRentExemption,
  type InstructionAccount,
  type InstructionContext,
  type Program,
} from "@ballast/ledger";
import { PYTH_RECEIVER_PROGRAM_ID } from "../program-ids.js";
import {
  PRICE_UPDATE_V2_DISCRIMINATOR,
  PRICE_UPDATE_V2_FULL_OFFSETS,
  PRICE_UPDATE_V2_LEN,
  type PriceUpdateV2,
  type VerificationLevel,
  decodePriceUpdateV2,
  encodePriceUpdateV2Into,
} from "../pyth/price-update-v2.js";
import {
  AccountChecks,
  AnchorArgsReader,
  anchorFail,
  anchorProgram,
  checkProgramAccount,
  checkSeeds,
  custom,
  declareAccounts,
  failureFor,
  signer,
  transferLamports,
  unchecked,
  type DeclaredAccount,
  type Fail,
} from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import { PYTH_RECEIVER_INSTRUCTIONS } from "../instructions.js";
import { feedAccount, systemProgram } from "./oracle-accounts.js";
import { PYTH_FEED_SEED } from "../seeds.js";
import { bytesEqual } from "../bytes.js";
import { decodeAccumulatorMessage, decodeWormholeMerkleRoot, merkleProofHolds } from "../pyth/accumulator.js";
import {
  RECEIVER_CONFIG_DISCRIMINATOR,
  RECEIVER_CONFIG_SEED,
  RECEIVER_CONFIG_SPACE,
  RECEIVER_TREASURY_SEED,
  type ReceiverConfig,
  decodeReceiverConfig,
  encodeReceiverConfig,
} from "../pyth/receiver-config.js";
import {
  EncodedVaaStatus,
  VAA_VERSION,
  decodeEncodedVaa,
  decodeGuardianSet,
  guardianSetAddress,
  guardianSetIsActive,
  parseVaa,
  readVaaBody,
  recoverGuardianAddress,
  vaaDigest,
  wormholeQuorum,
  type GuardianSet,
} from "../pyth/wormhole.js";

/** First seed of a feed PDA: ["price_feed", authority, feed_id]. */
export { PYTH_FEED_SEED };

/**
 * The receiver's errors with their codes before the TWAP errors were inserted (the numbering of the IDL klend-sdk
 * bundles, market-and-oracles reference §6.3; swap-market-liquidator reference §4.1 lists both numberings).
 */
export const PYTH_RECEIVER_ERRORS = {
  InvalidWormholeMessage: { code: 6000, message: "Received an invalid wormhole message" },
  DeserializeMessageFailed: { code: 6001, message: "An error occurred when deserializing the message" },
  InvalidPriceUpdate: { code: 6002, message: "Received an invalid price update" },
  UnsupportedMessageType: { code: 6003, message: "This type of message is not supported currently" },
  InvalidDataSource: { code: 6004, message: "The tuple emitter chain, emitter doesn't match one of the valid data sources." },
  InsufficientFunds: { code: 6005, message: "Funds are insufficient to pay the receiving fee" },
  WrongWriteAuthority: { code: 6006, message: "This signer can't write to price update account" },
  WrongVaaOwner: { code: 6007, message: "The posted VAA account has the wrong owner." },
  DeserializeVaaFailed: { code: 6008, message: "An error occurred when deserializing the VAA." },
  InsufficientGuardianSignatures: { code: 6009, message: "The number of guardian signatures is below the minimum" },
  InvalidVaaVersion: { code: 6010, message: "Invalid VAA version" },
  GuardianSetMismatch: { code: 6011, message: "Guardian set version in the VAA doesn't match the guardian set passed" },
  InvalidGuardianOrder: { code: 6012, message: "Guardian signature indices must be increasing" },
  InvalidGuardianIndex: { code: 6013, message: "Guardian index exceeds the number of guardians in the set" },
  InvalidSignature: { code: 6014, message: "A VAA signature is invalid" },
  InvalidGuardianKeyRecovery: { code: 6015, message: "The recovered guardian public key doesn't match the guardian set" },
  WrongGuardianSetOwner: { code: 6016, message: "The guardian set account is owned by the wrong program" },
  InvalidGuardianSetPda: { code: 6017, message: "The Guardian Set account doesn't match the PDA derivation" },
  GuardianSetExpired: { code: 6018, message: "The Guardian Set is expired" },
  GovernanceAuthorityMismatch: { code: 6019, message: "The signer is not authorized to perform this governance action" },
  TargetGovernanceAuthorityMismatch: { code: 6020, message: "The signer is not authorized to accept the governance authority" },
  NonexistentGovernanceAuthorityTransferRequest: { code: 6021, message: "The governance authority needs to request a transfer first" },
  ZeroMinimumSignatures: { code: 6022, message: "The minimum number of signatures should be at least 1" },
} as const;

/** Wormhole's mainnet guardian set size. */
export const GUARDIAN_SET_SIZE = 19;
/** Signatures that make an update Full: more than two thirds of the guardian set (Wormhole's quorum). */
export const GUARDIAN_QUORUM = Math.floor((GUARDIAN_SET_SIZE * 2) / 3) + 1;
/** The receiver config's `minimum_signatures` here: one, the least the receiver allows (ZeroMinimumSignatures). */
export const MINIMUM_SIGNATURES = 1;

/** What one guardian signature costs the real receiver: secp256k1_recover (25,000) and hashing the key (about 13,000). */
export const SIGNATURE_VERIFICATION_UNITS = 38_000;

const fail: Fail<typeof PYTH_RECEIVER_ERRORS> = failureFor(PYTH_RECEIVER_ERRORS);

/** The feed is created here: a fresh keypair that signs, or the PDA checked below. */
const CreateFeedAccounts = declareAccounts({
  authority: signer({ mut: "load" }),
  priceUpdate: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
});

function createFeed(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const { feedId } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.create_feed.args);
  const { authority, priceUpdate: feed } = CreateFeedAccounts.load(ctx).accounts;
  let seeds: Uint8Array[] | null = null;
  if (!feed.isSigner) {
    const authorityBytes = new PublicKey(authority.key).toBuffer();
    const [address, bump] = PublicKey.findProgramAddressSync(
      [Buffer.from(PYTH_FEED_SEED), authorityBytes, feedId],
      new PublicKey(ctx.programId),
    );
    if (address.toBase58() !== feed.key) anchorFail("ConstraintSeeds", "price_update");
    seeds = [Buffer.from(PYTH_FEED_SEED), authorityBytes, feedId, Uint8Array.of(bump)];
  }
  const data = accounts.initAccount(authority, feed, PRICE_UPDATE_V2_LEN, Buffer.from(PRICE_UPDATE_V2_DISCRIMINATOR), seeds);
  encodePriceUpdateV2Into(data, {
    writeAuthority: authority.key,
    verificationLevel: { kind: "Full" },
    priceMessage: { feedId, price: 0n, conf: 0n, exponent: 0, publishTime: 0n, prevPublishTime: 0n, emaPrice: 0n, emaConf: 0n },
    postedSlot: 0n,
  });
}

function decodeOrFail(data: Buffer): PriceUpdateV2 {
  try {
    return decodePriceUpdateV2(data);
  } catch {
    return anchorFail("AccountDidNotDeserialize", "price_update");
  }
}

const UpdateAccounts = declareAccounts({
  authority: signer(),
  priceUpdate: feedAccount(PRICE_UPDATE_V2_DISCRIMINATOR, PRICE_UPDATE_V2_FULL_OFFSETS.end),
});

/**
 * The level an update is stored with, as post_update_atomic derives it from a VAA's signature count: refused below
 * the minimum, Full from the quorum on, Partial{count} between.
 */
function storedLevel(level: VerificationLevel): VerificationLevel {
  if (level.kind === "Full") return level;
  if (level.numSignatures < MINIMUM_SIGNATURES) fail("InsufficientGuardianSignatures");
  return level.numSignatures >= GUARDIAN_QUORUM ? { kind: "Full" } : level;
}

function updatePrice(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { price, conf, exponent, publishTime, emaPrice, emaConf, verificationLevel } = decodeArgs(
    args,
    PYTH_RECEIVER_INSTRUCTIONS.update_price.args,
  );
  // A Full account's encoding ends at byte 133, the shorter of the two; decoding checks the longer Partial one.
  const { authority, priceUpdate: feed } = UpdateAccounts.load(ctx).accounts;
  const current = decodeOrFail(feed.account.data);
  if (current.writeAuthority !== authority.key) fail("WrongWriteAuthority", "price_update");
  const stored = current.priceMessage.publishTime;
  if (publishTime < stored) {
    ctx.log(`Publish time ${publishTime} is older than the stored ${stored}`);
    fail("InvalidPriceUpdate");
  }
  encodePriceUpdateV2Into(feed.account.data, {
    writeAuthority: current.writeAuthority,
    verificationLevel: storedLevel(verificationLevel),
    priceMessage: {
      feedId: current.priceMessage.feedId,
      price,
      conf,
      exponent,
      publishTime,
      prevPublishTime: stored,
      emaPrice,
      emaConf,
    },
    postedSlot: ctx.clock.slot,
  });
}

// ---- Config and governance --------------------------------------------------------------------------------

const InitializeAccounts = declareAccounts({
  payer: signer({ mut: "load" }),
  config: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
});

function initialize(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const { initialConfig } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.initialize.args);
  const { payer, config } = InitializeAccounts.load(ctx).accounts;
  const seeds = [Buffer.from(RECEIVER_CONFIG_SEED)];
  const bump = checkSeeds(ctx, config, seeds);
  const data = accounts.initAccount(payer, config, RECEIVER_CONFIG_SPACE, Buffer.from(RECEIVER_CONFIG_DISCRIMINATOR), [
    ...seeds,
    Uint8Array.of(bump),
  ]);
  if (initialConfig.minimumSignatures === 0) fail("ZeroMinimumSignatures");
  encodeReceiverConfig(initialConfig, data.length).copy(data);
}

/** `Account<Config>` at ["config"] (its seeds are checked where it is used). */
const configAccount = (options: { mut?: "load" } = {}) =>
  custom((account, name, programId) => {
    checkProgramAccount(account, name, programId, Buffer.from(RECEIVER_CONFIG_DISCRIMINATOR));
    try {
      return { state: decodeReceiverConfig(account.account.data) };
    } catch {
      return anchorFail("AccountDidNotDeserialize", name);
    }
  }, options);

const GovernanceAccounts = declareAccounts({ payer: signer(), config: configAccount({ mut: "load" }) });

/** The Config, once its seeds and (for governance) its governance authority check out; `save` writes it back. */
function governed(ctx: InstructionContext, who: "governance" | "target"): { config: ReceiverConfig; save: () => void } {
  const { payer, config } = GovernanceAccounts.load(ctx).accounts;
  checkSeeds(ctx, config, [Buffer.from(RECEIVER_CONFIG_SEED)]);
  const state = config.state;
  if (who === "governance" && state.governanceAuthority !== payer.key) fail("GovernanceAuthorityMismatch", "payer");
  if (who === "target") {
    if (state.targetGovernanceAuthority === null) fail("NonexistentGovernanceAuthorityTransferRequest");
    if (state.targetGovernanceAuthority !== payer.key) fail("TargetGovernanceAuthorityMismatch", "payer");
  }
  return { config: state, save: () => encodeReceiverConfig(state, config.account.data.length).copy(config.account.data) };
}

function requestGovernanceAuthorityTransfer(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { targetGovernanceAuthority } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.request_governance_authority_transfer.args);
  const { config, save } = governed(ctx, "governance");
  config.targetGovernanceAuthority = new PublicKey(targetGovernanceAuthority).toBase58();
  save();
}

function acceptGovernanceAuthorityTransfer(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.accept_governance_authority_transfer.args);
  const { config, save } = governed(ctx, "target");
  config.governanceAuthority = new PublicKey(config.targetGovernanceAuthority ?? config.governanceAuthority).toBase58();
  config.targetGovernanceAuthority = null;
  save();
}

function setDataSources(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { validDataSources } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.set_data_sources.args);
  const { config, save } = governed(ctx, "governance");
  config.validDataSources = validDataSources.map((source) => ({ chain: source.chain, emitter: new PublicKey(source.emitter).toBase58() }));
  save();
}

function setFee(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { singleUpdateFeeInLamports } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.set_fee.args);
  const { config, save } = governed(ctx, "governance");
  config.singleUpdateFeeInLamports = singleUpdateFeeInLamports;
  save();
}

function setMinimumSignatures(ctx: InstructionContext, _accounts: AccountChecks, args: ArgsReader): void {
  const { minimumSignatures } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.set_minimum_signatures.args);
  const { config, save } = governed(ctx, "governance");
  if (minimumSignatures === 0) fail("ZeroMinimumSignatures");
  config.minimumSignatures = minimumSignatures;
  save();
}

// ---- Wormhole-verified posts ------------------------------------------------------------------------------

const PostUpdateAtomicAccounts = declareAccounts({
  payer: signer({ mut: "load" }),
  guardianSet: unchecked(),
  config: configAccount(),
  treasury: unchecked({ mut: "load" }),
  priceUpdateAccount: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
  writeAuthority: signer(),
});

const PostUpdateAccounts = declareAccounts({
  payer: signer({ mut: "load" }),
  encodedVaa: unchecked(),
  config: configAccount(),
  treasury: unchecked({ mut: "load" }),
  priceUpdateAccount: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
  writeAuthority: signer(),
});

interface PostAccounts {
  payer: DeclaredAccount;
  config: DeclaredAccount & { state: ReceiverConfig };
  treasury: DeclaredAccount;
  priceUpdateAccount: DeclaredAccount;
  writeAuthority: DeclaredAccount;
}

/**
 * The account constraints both posts share, in Anchor's order: the Config and treasury seeds, then the price update
 * account, created here when new (init_if_needed) or else written only by its write authority.
 */
function checkPostAccounts(ctx: InstructionContext, checks: AccountChecks, a: PostAccounts, treasuryId: number): void {
  checkSeeds(ctx, a.config, [Buffer.from(RECEIVER_CONFIG_SEED)]);
  checkSeeds(ctx, a.treasury, [Buffer.from(RECEIVER_TREASURY_SEED), Uint8Array.of(treasuryId)]);
  const target = a.priceUpdateAccount;
  const fresh = target.account.owner === SYSTEM_PROGRAM_ID && target.account.data.length === 0;
  if (fresh) {
    checks.initAccount(a.payer, target, PRICE_UPDATE_V2_LEN, Buffer.from(PRICE_UPDATE_V2_DISCRIMINATOR), null);
    return;
  }
  checkProgramAccount(target, "price_update_account", ctx.programId, Buffer.from(PRICE_UPDATE_V2_DISCRIMINATOR));
  const current = decodeOrFail(target.account.data);
  if (current.writeAuthority !== a.writeAuthority.key) fail("WrongWriteAuthority", "price_update_account");
}

/** The guardian set the VAA is checked against: a Borsh GuardianSet at its PDA, still active. */
function loadGuardianSet(ctx: InstructionContext, account: InstructionAccount, wormhole: string): GuardianSet {
  let set: GuardianSet;
  try {
    set = decodeGuardianSet(account.account.data);
  } catch {
    return anchorFail("AccountDidNotDeserialize", "guardian_set");
  }
  if (guardianSetAddress(set.index, wormhole)[0].toBase58() !== account.key) fail("InvalidGuardianSetPda");
  if (!guardianSetIsActive(set, ctx.clock.unixTimestamp)) fail("GuardianSetExpired");
  return set;
}

/**
 * The fee to the treasury (on its first payment at least the rent-exempt minimum of an empty account), the emitter
 * among the data sources, the message's Merkle path to the VAA's root, then the price message written.
 */
function postPriceUpdate(
  ctx: InstructionContext,
  a: PostAccounts,
  vaa: { emitterChain: number; emitterAddress: Uint8Array; payload: Uint8Array },
  update: { message: Uint8Array; proof: readonly Uint8Array[] },
  verificationLevel: VerificationLevel,
): void {
  const config = a.config.state;
  const fee = config.singleUpdateFeeInLamports;
  const emptyRent = minimumBalanceForRentExemption(0);
  const amount = a.treasury.account.lamports === 0n && emptyRent > fee ? emptyRent : fee;
  if (a.payer.account.lamports < minimumBalanceForRentExemption(a.payer.account.data.length) + amount) fail("InsufficientFunds");
  transferLamports(ctx, a.payer, a.treasury, amount);
  const emitter = new PublicKey(vaa.emitterAddress).toBase58();
  if (!config.validDataSources.some((source) => source.chain === vaa.emitterChain && source.emitter === emitter)) fail("InvalidDataSource");
  const root = decodeWormholeMerkleRoot(vaa.payload);
  if (root === null) fail("InvalidWormholeMessage");
  if (!merkleProofHolds(root.root, update.message, update.proof)) fail("InvalidPriceUpdate");
  const message = decodeAccumulatorMessage(update.message);
  if (message === null) fail("DeserializeMessageFailed");
  if (message.type !== "price") fail("UnsupportedMessageType");
  encodePriceUpdateV2Into(a.priceUpdateAccount.account.data, {
    writeAuthority: a.writeAuthority.key,
    verificationLevel,
    priceMessage: message.message,
    postedSlot: ctx.clock.slot,
  });
}

function postUpdateAtomic(ctx: InstructionContext, checks: AccountChecks, args: ArgsReader): void {
  const { vaa: vaaBytes, merklePriceUpdate, treasuryId } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.post_update_atomic.args);
  const accounts = PostUpdateAtomicAccounts.load(ctx).accounts;
  const wormhole = new PublicKey(accounts.config.state.wormhole).toBase58();
  if (accounts.guardianSet.account.owner !== wormhole) fail("WrongGuardianSetOwner", "guardian_set");
  checkPostAccounts(ctx, checks, accounts, treasuryId);
  const guardianSet = loadGuardianSet(ctx, accounts.guardianSet, wormhole);
  const vaa = parseVaa(vaaBytes);
  const body = vaa === null ? null : readVaaBody(vaa.body);
  if (vaa === null || body === null) return fail("DeserializeVaaFailed");
  if (vaa.version !== VAA_VERSION) fail("InvalidVaaVersion");
  if (vaa.guardianSetIndex !== guardianSet.index) fail("GuardianSetMismatch");
  const count = vaa.signatures.length;
  if (count < accounts.config.state.minimumSignatures) fail("InsufficientGuardianSignatures");
  const level: VerificationLevel =
    count >= wormholeQuorum(guardianSet.keys.length) ? { kind: "Full" } : { kind: "Partial", numSignatures: count };
  const digest = vaaDigest(vaa.body);
  let last = -1;
  for (const signature of vaa.signatures) {
    if (signature.guardianIndex <= last) fail("InvalidGuardianOrder");
    const guardian = guardianSet.keys[signature.guardianIndex];
    if (guardian === undefined) return fail("InvalidGuardianIndex");
    ctx.consume(SIGNATURE_VERIFICATION_UNITS);
    const recovered = recoverGuardianAddress(digest, signature);
    if (recovered === null) fail("InvalidSignature");
    if (!bytesEqual(recovered, guardian)) fail("InvalidGuardianKeyRecovery");
    last = signature.guardianIndex;
  }
  postPriceUpdate(ctx, accounts, body, merklePriceUpdate, level);
}

function postUpdate(ctx: InstructionContext, checks: AccountChecks, args: ArgsReader): void {
  const { merklePriceUpdate, treasuryId } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.post_update.args);
  const accounts = PostUpdateAccounts.load(ctx).accounts;
  if (accounts.encodedVaa.account.owner !== new PublicKey(accounts.config.state.wormhole).toBase58()) fail("WrongVaaOwner", "encoded_vaa");
  checkPostAccounts(ctx, checks, accounts, treasuryId);
  // The Wormhole program verified the VAA into this account; one it has not (yet) verified is not read.
  const encoded = decodeEncodedVaa(accounts.encodedVaa.account.data);
  if (encoded === null || encoded.status !== EncodedVaaStatus.Verified) return fail("DeserializeVaaFailed");
  const vaa = parseVaa(encoded.vaa);
  const body = vaa === null ? null : readVaaBody(vaa.body);
  if (body === null) return fail("DeserializeVaaFailed");
  postPriceUpdate(ctx, accounts, body, merklePriceUpdate, { kind: "Full" });
}

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const PYTH_RECEIVER_ACCOUNT_SPECS = {
  initialize: InitializeAccounts,
  request_governance_authority_transfer: GovernanceAccounts,
  accept_governance_authority_transfer: GovernanceAccounts,
  set_data_sources: GovernanceAccounts,
  set_fee: GovernanceAccounts,
  set_minimum_signatures: GovernanceAccounts,
  post_update_atomic: PostUpdateAtomicAccounts,
  post_update: PostUpdateAccounts,
  create_feed: CreateFeedAccounts,
  update_price: UpdateAccounts,
};

/** The local Pyth receiver, registered at PYTH_RECEIVER_PROGRAM_ID unless another id is given. */
export function pythReceiverProgram(id: string = PYTH_RECEIVER_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "initialize", units: 8_000, run: initialize },
      { name: "request_governance_authority_transfer", units: 3_000, run: requestGovernanceAuthorityTransfer },
      { name: "accept_governance_authority_transfer", units: 3_000, run: acceptGovernanceAuthorityTransfer },
      { name: "set_data_sources", units: 3_000, run: setDataSources },
      { name: "set_fee", units: 3_000, run: setFee },
      { name: "set_minimum_signatures", units: 3_000, run: setMinimumSignatures },
      { name: "post_update_atomic", units: 30_000, run: postUpdateAtomic },
      { name: "post_update", units: 40_000, run: postUpdate },
      { name: "create_feed", units: 6_000, run: createFeed },
      { name: "update_price", units: 3_000, run: updatePrice },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) },
  );
}
