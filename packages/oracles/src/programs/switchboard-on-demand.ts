// The local Switchboard On-Demand program: a program at the On-Demand id that owns pull feeds in the exact
// `PullFeedAccountData` layout, written by the feed's authority (we are the local oracle operator; there is no
// queue of oracles and no signature verification).
//
//   create_feed(feed_hash: [u8; 32], name: [u8; 32], max_staleness: u32)
//     0 authority       signer, writable (pays rent; becomes the feed authority)
//     1 pull_feed       writable: the PDA ["pull_feed", authority, feed_hash], or a fresh keypair that signs
//     2 system_program
//   update_result(value: i128, std_dev: i128)       both fixed point with 18 decimals
//     0 authority       signer, must be the feed's authority
//     1 pull_feed       writable
import { PublicKey } from "@solana/web3.js";
import type { InstructionContext, Program } from "@ballast/ledger";
import { SWITCHBOARD_ON_DEMAND_PROGRAM_ID } from "../program-ids.js";
import {
  PULL_FEED_ACCOUNT_SIZE,
  PULL_FEED_DISCRIMINATOR,
  PULL_FEED_HISTORY_LENGTH,
  PULL_FEED_SCALE,
  type PullFeedAccountData,
  decodePullFeed,
  emptyPullFeed,
  encodePullFeedInto,
} from "../switchboard/pull-feed.js";
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
import { SWITCHBOARD_ON_DEMAND_INSTRUCTIONS } from "../instructions.js";
import { feedAccount, systemProgram } from "./oracle-accounts.js";
import { SWITCHBOARD_FEED_SEED } from "../seeds.js";

/** First seed of a feed PDA: ["pull_feed", authority, feed_hash]. */
export { SWITCHBOARD_FEED_SEED };

/** The program's own errors (Anchor numbering from 6000). */
export const SWITCHBOARD_ON_DEMAND_ERRORS = {
  InvalidAuthority: { code: 6000, message: "The signer is not the authority of this pull feed" },
  NegativeStdDev: { code: 6001, message: "The standard deviation must not be negative" },
} as const;

const fail: Fail<typeof SWITCHBOARD_ON_DEMAND_ERRORS> = failureFor(SWITCHBOARD_ON_DEMAND_ERRORS);

/** The feed is created here: a fresh keypair that signs, or the PDA checked below. */
const CreateFeedAccounts = declareAccounts({
  authority: signer({ mut: "load" }),
  pullFeed: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
});

function createFeed(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void {
  const { feedHash, name, maxStaleness } = decodeArgs(args, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS.create_feed.args);
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

function decodeOrFail(data: Buffer): PullFeedAccountData {
  try {
    return decodePullFeed(data);
  } catch {
    return anchorFail("AccountDidNotDeserialize", "pull_feed");
  }
}

/** An i128 with 18 decimals as the nearest f32, the precision of the compact history. */
function toF32(value: bigint): number {
  return Math.fround(Number(value) / Number(PULL_FEED_SCALE));
}

const UpdateAccounts = declareAccounts({
  authority: signer(),
  pullFeed: feedAccount(PULL_FEED_DISCRIMINATOR, PULL_FEED_ACCOUNT_SIZE),
});

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const SWITCHBOARD_ON_DEMAND_ACCOUNT_SPECS = { create_feed: CreateFeedAccounts, update_result: UpdateAccounts };

function updateResult(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { value, stdDev } = decodeArgs(args, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS.update_result.args);
  const { authority, pullFeed: feed } = UpdateAccounts.load(ctx).accounts;
  const state = decodeOrFail(feed.account.data);
  if (state.authority !== authority.key) fail("InvalidAuthority", "pull_feed");
  if (stdDev < 0n) fail("NegativeStdDev");
  const { slot, unixTimestamp } = ctx.clock;
  // One submission, from the authority, that the result is the median of: min = max = mean = value, range 0.
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

/** The local Switchboard On-Demand program, registered at SWITCHBOARD_ON_DEMAND_PROGRAM_ID unless another id is given. */
export function switchboardOnDemandProgram(id: string = SWITCHBOARD_ON_DEMAND_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "create_feed", units: 8_000, run: createFeed },
      { name: "update_result", units: 5_000, run: updateResult },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) },
  );
}
