// Switchboard On-Demand `PullFeedAccountData` (reference §7.2): Anchor zero-copy, 8-byte discriminator + 3200-byte
// packed little-endian struct. All i128 values are fixed point with 18 decimals (value / 10^18).
import {
  type Address,
  OracleLayoutError,
  asBuffer,
  hasDiscriminator,
  readBytes,
  readI128,
  readI64,
  readPubkey,
  readU64,
  writeBytes,
  writeI128,
  writeI64,
  writePubkey,
  writeU64,
} from "../bytes.js";

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

export interface OracleSubmission {
  oracle: Address;
  /** 0 = empty slot. */
  slot: bigint;
  landedAt: bigint;
  /** i128, 18 decimals. */
  value: bigint;
}

export interface CurrentResult {
  /** Median of the fresh submissions; i128, 18 decimals. */
  value: bigint;
  stdDev: bigint;
  mean: bigint;
  range: bigint;
  minValue: bigint;
  maxValue: bigint;
  numSamples: number;
  /** Index into `submissionTimestamps` of the submission the result came from. */
  submissionIdx: number;
  padding1: Uint8Array;
  /** 0 = the feed never produced a value. */
  slot: bigint;
  minSlot: bigint;
  maxSlot: bigint;
}

export interface CompactResult {
  /** f32 */
  stdDev: number;
  /** f32 */
  mean: number;
  slot: bigint;
}

export interface PullFeedAccountData {
  submissions: OracleSubmission[];
  authority: Address;
  queue: Address;
  feedHash: Uint8Array;
  initializedAt: bigint;
  permissions: bigint;
  maxVariance: bigint;
  minResponses: number;
  name: Uint8Array;
  padding1: Uint8Array;
  permitWriteByAuthority: number;
  historicalResultIdx: number;
  minSampleSize: number;
  /** Unix seconds of the last accepted update. */
  lastUpdateTimestamp: bigint;
  lutSlot: bigint;
  reserved1: Uint8Array;
  result: CurrentResult;
  /** Slots. */
  maxStaleness: number;
  padding2: Uint8Array;
  historicalResults: CompactResult[];
  ebuf4: Uint8Array;
  ebuf3: Uint8Array;
  submissionTimestamps: bigint[];
}

/** Offsets inside one `OracleSubmission`. */
export const ORACLE_SUBMISSION_OFFSETS = Object.freeze({ oracle: 0, slot: 32, landedAt: 40, value: 48 });

/** Offsets inside `CurrentResult`. */
export const CURRENT_RESULT_OFFSETS = Object.freeze({
  value: 0,
  stdDev: 16,
  mean: 32,
  range: 48,
  minValue: 64,
  maxValue: 80,
  numSamples: 96,
  submissionIdx: 97,
  padding1: 98,
  slot: 104,
  minSlot: 112,
  maxSlot: 120,
});

/** Offsets inside one `CompactResult`. */
export const COMPACT_RESULT_OFFSETS = Object.freeze({ stdDev: 0, mean: 4, slot: 8 });

/** Account-data offsets (discriminator included) of the top-level fields, as in the reference's "acct off" column. */
export const PULL_FEED_OFFSETS = Object.freeze({
  discriminator: 0,
  submissions: 8,
  authority: 2056,
  queue: 2088,
  feedHash: 2120,
  initializedAt: 2152,
  permissions: 2160,
  maxVariance: 2168,
  minResponses: 2176,
  name: 2180,
  padding1: 2212,
  permitWriteByAuthority: 2213,
  historicalResultIdx: 2214,
  minSampleSize: 2215,
  lastUpdateTimestamp: 2216,
  lutSlot: 2224,
  reserved1: 2232,
  result: 2264,
  maxStaleness: 2392,
  padding2: 2396,
  historicalResults: 2408,
  ebuf4: 2920,
  ebuf3: 2928,
  submissionTimestamps: 2952,
  end: 3208,
});

/** Account-data offsets of the result fields a lending program reads (price, confidence, staleness). */
export const PULL_FEED_RESULT_OFFSETS = Object.freeze({
  value: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.value, // 2264
  stdDev: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.stdDev, // 2280
  mean: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.mean, // 2296
  range: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.range, // 2312
  minValue: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.minValue, // 2328
  maxValue: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.maxValue, // 2344
  numSamples: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.numSamples, // 2360
  submissionIdx: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.submissionIdx, // 2361
  padding1: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.padding1, // 2362
  slot: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.slot, // 2368
  minSlot: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.minSlot, // 2376
  maxSlot: PULL_FEED_OFFSETS.result + CURRENT_RESULT_OFFSETS.maxSlot, // 2384
});

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

function readCurrentResult(buf: Buffer, base: number): CurrentResult {
  const o = CURRENT_RESULT_OFFSETS;
  return {
    value: readI128(buf, base + o.value),
    stdDev: readI128(buf, base + o.stdDev),
    mean: readI128(buf, base + o.mean),
    range: readI128(buf, base + o.range),
    minValue: readI128(buf, base + o.minValue),
    maxValue: readI128(buf, base + o.maxValue),
    numSamples: buf.readUInt8(base + o.numSamples),
    submissionIdx: buf.readUInt8(base + o.submissionIdx),
    padding1: readBytes(buf, base + o.padding1, 6),
    slot: readU64(buf, base + o.slot),
    minSlot: readU64(buf, base + o.minSlot),
    maxSlot: readU64(buf, base + o.maxSlot),
  };
}

/** Decodes a pull feed after checking discriminator and length (Anchor zero-copy load). */
export function decodePullFeed(data: Uint8Array): PullFeedAccountData {
  const buf = checkPullFeed(data);
  const O = PULL_FEED_OFFSETS;
  const submissions: OracleSubmission[] = [];
  for (let i = 0; i < PULL_FEED_MAX_SUBMISSIONS; i++) {
    const base = submissionOffset(i);
    const s = ORACLE_SUBMISSION_OFFSETS;
    submissions.push({
      oracle: readPubkey(buf, base + s.oracle),
      slot: readU64(buf, base + s.slot),
      landedAt: readU64(buf, base + s.landedAt),
      value: readI128(buf, base + s.value),
    });
  }
  const historicalResults: CompactResult[] = [];
  for (let i = 0; i < PULL_FEED_HISTORY_LENGTH; i++) {
    const base = historicalResultOffset(i);
    const c = COMPACT_RESULT_OFFSETS;
    historicalResults.push({
      stdDev: buf.readFloatLE(base + c.stdDev),
      mean: buf.readFloatLE(base + c.mean),
      slot: readU64(buf, base + c.slot),
    });
  }
  const submissionTimestamps: bigint[] = [];
  for (let i = 0; i < PULL_FEED_MAX_SUBMISSIONS; i++) submissionTimestamps.push(readI64(buf, submissionTimestampOffset(i)));
  return {
    submissions,
    authority: readPubkey(buf, O.authority),
    queue: readPubkey(buf, O.queue),
    feedHash: readBytes(buf, O.feedHash, 32),
    initializedAt: readI64(buf, O.initializedAt),
    permissions: readU64(buf, O.permissions),
    maxVariance: readU64(buf, O.maxVariance),
    minResponses: buf.readUInt32LE(O.minResponses),
    name: readBytes(buf, O.name, 32),
    padding1: readBytes(buf, O.padding1, 1),
    permitWriteByAuthority: buf.readUInt8(O.permitWriteByAuthority),
    historicalResultIdx: buf.readUInt8(O.historicalResultIdx),
    minSampleSize: buf.readUInt8(O.minSampleSize),
    lastUpdateTimestamp: readI64(buf, O.lastUpdateTimestamp),
    lutSlot: readU64(buf, O.lutSlot),
    reserved1: readBytes(buf, O.reserved1, 32),
    result: readCurrentResult(buf, O.result),
    maxStaleness: buf.readUInt32LE(O.maxStaleness),
    padding2: readBytes(buf, O.padding2, 12),
    historicalResults,
    ebuf4: readBytes(buf, O.ebuf4, 8),
    ebuf3: readBytes(buf, O.ebuf3, 24),
    submissionTimestamps,
  };
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
  const O = PULL_FEED_OFFSETS;
  img.set(PULL_FEED_DISCRIMINATOR, O.discriminator);
  value.submissions.forEach((sub, i) => {
    const base = submissionOffset(i);
    const s = ORACLE_SUBMISSION_OFFSETS;
    writePubkey(img, base + s.oracle, sub.oracle);
    writeU64(img, base + s.slot, sub.slot);
    writeU64(img, base + s.landedAt, sub.landedAt);
    writeI128(img, base + s.value, sub.value);
  });
  writePubkey(img, O.authority, value.authority);
  writePubkey(img, O.queue, value.queue);
  writeBytes(img, O.feedHash, 32, value.feedHash);
  writeI64(img, O.initializedAt, value.initializedAt);
  writeU64(img, O.permissions, value.permissions);
  writeU64(img, O.maxVariance, value.maxVariance);
  img.writeUInt32LE(value.minResponses, O.minResponses);
  writeBytes(img, O.name, 32, value.name);
  writeBytes(img, O.padding1, 1, value.padding1);
  img.writeUInt8(value.permitWriteByAuthority, O.permitWriteByAuthority);
  img.writeUInt8(value.historicalResultIdx, O.historicalResultIdx);
  img.writeUInt8(value.minSampleSize, O.minSampleSize);
  writeI64(img, O.lastUpdateTimestamp, value.lastUpdateTimestamp);
  writeU64(img, O.lutSlot, value.lutSlot);
  writeBytes(img, O.reserved1, 32, value.reserved1);
  const r = value.result;
  const R = PULL_FEED_RESULT_OFFSETS;
  writeI128(img, R.value, r.value);
  writeI128(img, R.stdDev, r.stdDev);
  writeI128(img, R.mean, r.mean);
  writeI128(img, R.range, r.range);
  writeI128(img, R.minValue, r.minValue);
  writeI128(img, R.maxValue, r.maxValue);
  img.writeUInt8(r.numSamples, R.numSamples);
  img.writeUInt8(r.submissionIdx, R.submissionIdx);
  writeBytes(img, R.padding1, 6, r.padding1);
  writeU64(img, R.slot, r.slot);
  writeU64(img, R.minSlot, r.minSlot);
  writeU64(img, R.maxSlot, r.maxSlot);
  img.writeUInt32LE(value.maxStaleness, O.maxStaleness);
  writeBytes(img, O.padding2, 12, value.padding2);
  value.historicalResults.forEach((h, i) => {
    const base = historicalResultOffset(i);
    const c = COMPACT_RESULT_OFFSETS;
    img.writeFloatLE(h.stdDev, base + c.stdDev);
    img.writeFloatLE(h.mean, base + c.mean);
    writeU64(img, base + c.slot, h.slot);
  });
  writeBytes(img, O.ebuf4, 8, value.ebuf4);
  writeBytes(img, O.ebuf3, 24, value.ebuf3);
  value.submissionTimestamps.forEach((t, i) => writeI64(img, submissionTimestampOffset(i), t));
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
    value: readI128(buf, PULL_FEED_RESULT_OFFSETS.value),
    stdDev: readI128(buf, PULL_FEED_RESULT_OFFSETS.stdDev),
    slot: readU64(buf, PULL_FEED_RESULT_OFFSETS.slot),
    lastUpdateTimestamp: readI64(buf, PULL_FEED_OFFSETS.lastUpdateTimestamp),
    maxStaleness: buf.readUInt32LE(PULL_FEED_OFFSETS.maxStaleness),
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
