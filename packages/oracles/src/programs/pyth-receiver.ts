// The local Pyth receiver: a program at the receiver's id that owns `PriceUpdateV2` accounts written by us, the
// local oracle operator. Not the Wormhole-verified flow: a feed's write authority signs its prices directly.
//
//   create_feed(feed_id: [u8; 32])
//     0 authority       signer, writable (pays rent; becomes write_authority)
//     1 price_update    writable: the PDA ["price_feed", authority, feed_id], or a fresh keypair that signs
//     2 system_program
//   update_price(price: i64, conf: u64, exponent: i32, publish_time: i64, ema_price: i64, ema_conf: u64)
//     0 authority       signer, must be the account's write_authority
//     1 price_update    writable
import { PublicKey } from "@solana/web3.js";
import type { InstructionContext, Program } from "@ballast/ledger";
import { PYTH_RECEIVER_PROGRAM_ID } from "../program-ids.js";
import {
  PRICE_UPDATE_V2_DISCRIMINATOR,
  PRICE_UPDATE_V2_FULL_OFFSETS,
  PRICE_UPDATE_V2_LEN,
  type PriceUpdateV2,
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

/** The receiver's own errors (Anchor numbering from 6000). */
export const PYTH_RECEIVER_ERRORS = {
  WrongWriteAuthority: { code: 6000, message: "The signer is not the write authority of this price update account" },
  StalePublishTime: { code: 6001, message: "The publish time is older than the one already stored" },
} as const;

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

function updatePrice(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { price, conf, exponent, publishTime, emaPrice, emaConf } = decodeArgs(args, PYTH_RECEIVER_INSTRUCTIONS.update_price.args);
  // A Full account's encoding ends at byte 133, the shorter of the two; decoding checks the longer Partial one.
  const { authority, priceUpdate: feed } = UpdateAccounts.load(ctx).accounts;
  const current = decodeOrFail(feed.account.data);
  if (current.writeAuthority !== authority.key) fail("WrongWriteAuthority", "price_update");
  const stored = current.priceMessage.publishTime;
  if (publishTime < stored) {
    ctx.log(`Publish time ${publishTime} is older than the stored ${stored}`);
    fail("StalePublishTime");
  }
  encodePriceUpdateV2Into(feed.account.data, {
    writeAuthority: current.writeAuthority,
    verificationLevel: current.verificationLevel,
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
