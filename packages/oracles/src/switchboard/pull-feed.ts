// Switchboard On-Demand `PullFeedAccountData` (reference §7.2): Anchor zero-copy, 8-byte discriminator + 3200-byte
// packed little-endian struct. All i128 values are fixed point with 18 decimals (value / 10^18).
import { array, bytes, f32, i128, i64, pubkey, skip, struct, structAccessors, u32, u64, u8, type StructValue } from "@ballast/codec";
import { OracleLayoutError, asBuffer, hasDiscriminator } from "../bytes.js";

/** sha256("account:PullFeedAccountData")[0..8]. */
export const PULL_FEED_DISCRIMINATOR: Uint8Array = Uint8Array.from([196, 27, 108, 196, 10, 215, 219, 40]);
/** Struct size without the discriminator. */
export const PULL_FEED_STRUCT_SIZE = 3200;
/** Account data length. */
export const PULL_FEED_ACCOUNT_SIZE = 3208;
/** Decimals of every i128 value in a pull feed. */
export const PULL_FEED_PRECISION = 18;
export const PULL_FEED_SCALE = 10n ** 18n;
export const PULL_FEED_MAX_SUBMISSIONS = 32;
export const PULL_FEED_HISTORY_LENGTH = 32;

export const ORACLE_SUBMISSION_SIZE = 64;
export const CURRENT_RESULT_SIZE = 128;
export const COMPACT_RESULT_SIZE = 16;

const OracleSubmissionStruct = struct(ORACLE_SUBMISSION_SIZE, {
  oracle: [0, pubkey],
  /** 0 = empty slot. */
  slot: [32, u64],
  landedAt: [40, u64],
  /** i128, 18 decimals. */
  value: [48, i128],
});

const CurrentResultStruct = struct(CURRENT_RESULT_SIZE, {
  /** Median of the fresh submissions; i128, 18 decimals. */
  value: [0, i128],
  stdDev: [16, i128],
  mean: [32, i128],
  range: [48, i128],
  minValue: [64, i128],
  maxValue: [80, i128],
  numSamples: [96, u8],
  /** Index into `submissionTimestamps` of the submission the result came from. */
  submissionIdx: [97, u8],
  padding1: [98, bytes(6)],
  /** 0 = the feed never produced a value. */
  slot: [104, u64],
  minSlot: [112, u64],
  maxSlot: [120, u64],
});

const CompactResultStruct = struct(COMPACT_RESULT_SIZE, { stdDev: [0, f32], mean: [4, f32], slot: [8, u64] });

/** The whole account, discriminator included, so its offsets are the reference's "acct off" column. */
const PullFeedStruct = struct(PULL_FEED_ACCOUNT_SIZE, {
  discriminator: [0, skip(8)],
  submissions: [8, array(OracleSubmissionStruct, PULL_FEED_MAX_SUBMISSIONS)],
  authority: [2056, pubkey],
  queue: [2088, pubkey],
  feedHash: [2120, bytes(32)],
  initializedAt: [2152, i64],
  permissions: [2160, u64],
  maxVariance: [2168, u64],
  minResponses: [2176, u32],
  name: [2180, bytes(32)],
  padding1: [2212, bytes(1)],
  permitWriteByAuthority: [2213, u8],
  historicalResultIdx: [2214, u8],
  minSampleSize: [2215, u8],
  /** Unix seconds of the last accepted update. */
  lastUpdateTimestamp: [2216, i64],
  lutSlot: [2224, u64],
  reserved1: [2232, bytes(32)],
  result: [2264, CurrentResultStruct],
  /** Slots. */
  maxStaleness: [2392, u32],
  padding2: [2396, bytes(12)],
  historicalResults: [2408, array(CompactResultStruct, PULL_FEED_HISTORY_LENGTH)],
  ebuf4: [2920, bytes(8)],
  ebuf3: [2928, bytes(24)],
  submissionTimestamps: [2952, array(i64, PULL_FEED_MAX_SUBMISSIONS)],
});

const pullFeedFields = structAccessors(PullFeedStruct, 0);

export type OracleSubmission = StructValue<typeof OracleSubmissionStruct.fields>;
export type CurrentResult = StructValue<typeof CurrentResultStruct.fields>;
export type CompactResult = StructValue<typeof CompactResultStruct.fields>;
export type PullFeedAccountData = StructValue<typeof PullFeedStruct.fields>;

/** Offsets inside one `OracleSubmission`. */
export const ORACLE_SUBMISSION_OFFSETS = Object.freeze(OracleSubmissionStruct.offsets);

/** Offsets inside `CurrentResult`. */
export const CURRENT_RESULT_OFFSETS = Object.freeze(CurrentResultStruct.offsets);

/** Offsets inside one `CompactResult`. */
export const COMPACT_RESULT_OFFSETS = Object.freeze(CompactResultStruct.offsets);

/** Account-data offsets (discriminator included) of the top-level fields, as in the reference's "acct off" column. */
export const PULL_FEED_OFFSETS = Object.freeze({ ...PullFeedStruct.offsets, end: PullFeedStruct.size });

/** Account-data offsets of the result fields a lending program reads (price, confidence, staleness). */
export const PULL_FEED_RESULT_OFFSETS = Object.freeze(
  Object.fromEntries(Object.entries(CURRENT_RESULT_OFFSETS).map(([name, offset]) => [name, PULL_FEED_OFFSETS.result + offset])) as {
    readonly [K in keyof typeof CURRENT_RESULT_OFFSETS]: number;
  },
);

function checkIndex(i: number, count: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= count) throw new RangeError(`index ${i} outside 0..${count - 1}`);
}

export function submissionOffset(i: number): number {
  checkIndex(i, PULL_FEED_MAX_SUBMISSIONS);
  return PULL_FEED_OFFSETS.submissions + i * ORACLE_SUBMISSION_SIZE;
}

export function historicalResultOffset(i: number): number {
  checkIndex(i, PULL_FEED_HISTORY_LENGTH);
  return PULL_FEED_OFFSETS.historicalResults + i * COMPACT_RESULT_SIZE;
}

export function submissionTimestampOffset(i: number): number {
  checkIndex(i, PULL_FEED_MAX_SUBMISSIONS);
  return PULL_FEED_OFFSETS.submissionTimestamps + i * 8;
}

export function isPullFeed(data: Uint8Array): boolean {
  return hasDiscriminator(data, PULL_FEED_DISCRIMINATOR);
}

function checkPullFeed(data: Uint8Array): Buffer {
  const buf = asBuffer(data);
  if (!isPullFeed(buf)) throw new OracleLayoutError("account data does not start with the PullFeedAccountData discriminator");
  if (buf.length < PULL_FEED_ACCOUNT_SIZE) {
    throw new OracleLayoutError(`PullFeedAccountData is ${buf.length} bytes, needs ${PULL_FEED_ACCOUNT_SIZE}`);
  }
  return buf;
}

/** Decodes a pull feed after checking discriminator and length (Anchor zero-copy load). */
export function decodePullFeed(data: Uint8Array): PullFeedAccountData {
  return PullFeedStruct.read(checkPullFeed(data), 0);
}

function checkCount(what: string, items: readonly unknown[], count: number): void {
  if (items.length !== count) throw new RangeError(`${what} must have ${count} entries, got ${items.length}`);
}

/** Writes every field of `value` at its offset into an image of at least 3208 bytes (discriminator included). */
export function encodePullFeedInto(target: Uint8Array, value: PullFeedAccountData): void {
  const buf = asBuffer(target);
  if (buf.length < PULL_FEED_ACCOUNT_SIZE)
    throw new RangeError(`PullFeedAccountData needs ${PULL_FEED_ACCOUNT_SIZE} bytes, target has ${buf.length}`);
  checkCount("submissions", value.submissions, PULL_FEED_MAX_SUBMISSIONS);
  checkCount("historicalResults", value.historicalResults, PULL_FEED_HISTORY_LENGTH);
  checkCount("submissionTimestamps", value.submissionTimestamps, PULL_FEED_MAX_SUBMISSIONS);
  // Build the image separately so a value that fails validation midway leaves the target untouched.
  const img = Buffer.alloc(PULL_FEED_ACCOUNT_SIZE);
  img.set(PULL_FEED_DISCRIMINATOR, PULL_FEED_OFFSETS.discriminator);
  PullFeedStruct.write(img, 0, value);
  buf.set(img, 0);
}

/** A fresh 3208-byte account image. */
export function encodePullFeed(value: PullFeedAccountData): Buffer {
  const buf = Buffer.alloc(PULL_FEED_ACCOUNT_SIZE);
  encodePullFeedInto(buf, value);
  return buf;
}

/** The fields a lending program reads for price, confidence and staleness, straight from the bytes. */
export interface PullFeedReading {
  /** result.value: median, i128 with 18 decimals. */
  value: bigint;
  /** result.std_dev: i128 with 18 decimals. */
  stdDev: bigint;
  /** result.slot: 0 means the feed never produced a value. */
  slot: bigint;
  /** Unix seconds (marginfi's staleness basis). */
  lastUpdateTimestamp: bigint;
  /** Slots (Switchboard's own staleness window). */
  maxStaleness: number;
}

export function readPullFeedResult(data: Uint8Array): PullFeedReading {
  const buf = checkPullFeed(data);
  return {
    value: pullFeedFields.result.fields.value.get(buf),
    stdDev: pullFeedFields.result.fields.stdDev.get(buf),
    slot: pullFeedFields.result.fields.slot.get(buf),
    lastUpdateTimestamp: pullFeedFields.lastUpdateTimestamp.get(buf),
    maxStaleness: pullFeedFields.maxStaleness.get(buf),
  };
}

/** An all-empty feed (every number 0, every key the zero address) to fill in; encodes to discriminator + zeros. */
export function emptyPullFeed(): PullFeedAccountData {
  const zeroKey = "11111111111111111111111111111111";
  return {
    submissions: Array.from({ length: PULL_FEED_MAX_SUBMISSIONS }, () => ({ oracle: zeroKey, slot: 0n, landedAt: 0n, value: 0n })),
    authority: zeroKey,
    queue: zeroKey,
    feedHash: new Uint8Array(32),
    initializedAt: 0n,
    permissions: 0n,
    maxVariance: 0n,
    minResponses: 0,
    name: new Uint8Array(32),
    padding1: new Uint8Array(1),
    permitWriteByAuthority: 0,
    historicalResultIdx: 0,
    minSampleSize: 0,
    lastUpdateTimestamp: 0n,
    lutSlot: 0n,
    reserved1: new Uint8Array(32),
    result: {
      value: 0n,
      stdDev: 0n,
      mean: 0n,
      range: 0n,
      minValue: 0n,
      maxValue: 0n,
      numSamples: 0,
      submissionIdx: 0,
      padding1: new Uint8Array(6),
      slot: 0n,
      minSlot: 0n,
      maxSlot: 0n,
    },
    maxStaleness: 0,
    padding2: new Uint8Array(12),
    historicalResults: Array.from({ length: PULL_FEED_HISTORY_LENGTH }, () => ({ stdDev: 0, mean: 0, slot: 0n })),
    ebuf4: new Uint8Array(8),
    ebuf3: new Uint8Array(24),
    submissionTimestamps: Array.from({ length: PULL_FEED_MAX_SUBMISSIONS }, () => 0n),
  };
}
