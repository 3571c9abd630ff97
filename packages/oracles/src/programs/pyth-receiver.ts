// The local Pyth receiver: a program at the receiver's id that owns `PriceUpdateV2` accounts written by us, the
// local oracle operator. Not the Wormhole-verified flow: a feed's write authority signs its prices directly, and says
// how many guardian signatures stand behind each one (the verification level the real receiver derives from a VAA).
//
//   create_feed(feed_id: [u8; 32])
//     0 authority       signer, writable (pays rent; becomes write_authority)
//     1 price_update    writable: the PDA ["price_feed", authority, feed_id], or a fresh keypair that signs
//     2 system_program
//   update_price(price: i64, conf: u64, exponent: i32, publish_time: i64, ema_price: i64, ema_conf: u64,
//                verification_level: VerificationLevel)
//     0 authority       signer, must be the account's write_authority (WrongWriteAuthority)
//     1 price_update    writable
import { PublicKey } from "@solana/web3.js";
import type { InstructionContext, Program } from "@ballast/ledger";
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
  declareAccounts,
  failureFor,
  signer,
  unchecked,
  type Fail,
} from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import { PYTH_RECEIVER_INSTRUCTIONS } from "../instructions.js";
import { feedAccount, systemProgram } from "./oracle-accounts.js";
import { PYTH_FEED_SEED } from "../seeds.js";

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

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const PYTH_RECEIVER_ACCOUNT_SPECS = { create_feed: CreateFeedAccounts, update_price: UpdateAccounts };

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

/** The local Pyth receiver, registered at PYTH_RECEIVER_PROGRAM_ID unless another id is given. */
export function pythReceiverProgram(id: string = PYTH_RECEIVER_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "create_feed", units: 6_000, run: createFeed },
      { name: "update_price", units: 3_000, run: updatePrice },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) },
  );
}
