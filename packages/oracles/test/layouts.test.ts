// Generated accounts: every field lands at the reference's offset (numbers below are copied from the reference
// tables, not from the exported constants) and encode/decode round trip exactly.
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import {
  OracleLayoutError,
  PRICE_UPDATE_V2_FULL_OFFSETS,
  PRICE_UPDATE_V2_LEN,
  PRICE_UPDATE_V2_PARTIAL_OFFSETS,
  PULL_FEED_ACCOUNT_SIZE,
  PULL_FEED_OFFSETS,
  PULL_FEED_RESULT_OFFSETS,
  PULL_FEED_SCALE,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  decodePriceUpdateV2,
  decodePullFeed,
  emptyPullFeed,
  encodePriceUpdateV2,
  encodePullFeed,
  encodePullFeedInto,
  historicalResultOffset,
  isPullFeed,
  readPullFeedResult,
  submissionOffset,
  submissionTimestampOffset,
  verificationLevelAtLeast,
  type PriceUpdateV2,
  type PullFeedAccountData,
} from "../src/index.js";

/** Deterministic byte stream (xorshift32) so failures reproduce. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

function randomBytes(next: () => number, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => next() & 0xff);
}

function randomKey(next: () => number): string {
  return bs58.encode(randomBytes(next, 32));
}

function randomBig(next: () => number, bits: number, signed: boolean): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 32) v = (v << 32n) | BigInt(next());
  v &= (1n << BigInt(bits)) - 1n;
  return signed ? BigInt.asIntN(bits, v) : v;
}

/** A finite f32 (so the f32 → number → f32 trip is exact). */
function randomF32(next: () => number): number {
  const b = Buffer.alloc(4);
  do b.writeUInt32LE(next(), 0);
  while (!Number.isFinite(b.readFloatLE(0)));
  return b.readFloatLE(0);
}

const i128At = (buf: Buffer, off: number): bigint => (buf.readBigInt64LE(off + 8) << 64n) | buf.readBigUInt64LE(off);

describe("PriceUpdateV2 layout", () => {
  const base: PriceUpdateV2 = {
    writeAuthority: "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE",
    verificationLevel: { kind: "Partial", numSignatures: 13 },
    priceMessage: {
      feedId: Uint8Array.from({ length: 32 }, (_, i) => i + 1),
      price: -1234567890123n,
      conf: 18446744073709551615n,
      exponent: -8,
      publishTime: 1735984087n,
      prevPublishTime: 1735984086n,
      emaPrice: 9223372036854775807n,
      emaConf: 77n,
    },
    postedSlot: 311798332n,
  };

  it("Partial shifts every later field by one (reference §6.2 table)", () => {
    const buf = encodePriceUpdateV2(base);
    expect(buf.length).toBe(134);
    expect(buf.subarray(0, 8).toString("hex")).toBe("22f123639d7ef4cd");
    expect(bs58.encode(buf.subarray(8, 40))).toBe(base.writeAuthority);
    expect(buf[40]).toBe(0);
    expect(buf[41]).toBe(13);
    expect(Buffer.from(buf.subarray(42, 74))).toEqual(Buffer.from(base.priceMessage.feedId));
    expect(buf.readBigInt64LE(74)).toBe(base.priceMessage.price);
    expect(buf.readBigUInt64LE(82)).toBe(base.priceMessage.conf);
    expect(buf.readInt32LE(90)).toBe(-8);
    expect(buf.readBigInt64LE(94)).toBe(base.priceMessage.publishTime);
    expect(buf.readBigInt64LE(102)).toBe(base.priceMessage.prevPublishTime);
    expect(buf.readBigInt64LE(110)).toBe(base.priceMessage.emaPrice);
    expect(buf.readBigUInt64LE(118)).toBe(base.priceMessage.emaConf);
    expect(buf.readBigUInt64LE(126)).toBe(base.postedSlot);
    expect(PRICE_UPDATE_V2_PARTIAL_OFFSETS).toMatchObject({ numSignatures: 41, feedId: 42, price: 74, postedSlot: 126, end: 134 });
    expect(decodePriceUpdateV2(buf)).toEqual(base);
  });

  it("Full uses one byte for the level and leaves one spare byte", () => {
    const full: PriceUpdateV2 = { ...base, verificationLevel: { kind: "Full" } };
    const buf = encodePriceUpdateV2(full);
    expect(buf[40]).toBe(1);
    expect(buf.readBigInt64LE(73)).toBe(base.priceMessage.price);
    expect(buf.readInt32LE(89)).toBe(-8);
    expect(buf.readBigUInt64LE(125)).toBe(base.postedSlot);
    expect(buf[133]).toBe(0);
    expect(PRICE_UPDATE_V2_FULL_OFFSETS).toMatchObject({ numSignatures: null, feedId: 41, price: 73, postedSlot: 125, end: 133 });
    expect(decodePriceUpdateV2(buf)).toEqual(full);
  });

  it("round trips generated updates byte for byte", () => {
    const next = rng(7);
    for (let i = 0; i < 200; i++) {
      const partial = (next() & 1) === 0;
      const v: PriceUpdateV2 = {
        writeAuthority: randomKey(next),
        verificationLevel: partial ? { kind: "Partial", numSignatures: next() & 0xff } : { kind: "Full" },
        priceMessage: {
          feedId: randomBytes(next, 32),
          price: randomBig(next, 64, true),
          conf: randomBig(next, 64, false),
          exponent: next() | 0,
          publishTime: randomBig(next, 64, true),
          prevPublishTime: randomBig(next, 64, true),
          emaPrice: randomBig(next, 64, true),
          emaConf: randomBig(next, 64, false),
        },
        postedSlot: randomBig(next, 64, false),
      };
      const buf = encodePriceUpdateV2(v);
      expect(buf.length).toBe(PRICE_UPDATE_V2_LEN);
      const back = decodePriceUpdateV2(buf);
      expect(back).toEqual(v);
      expect(encodePriceUpdateV2(back).equals(buf)).toBe(true);
    }
  });

  it("rejects wrong discriminator, bad level tag and short data; validates before writing", () => {
    const buf = encodePriceUpdateV2({ ...base, verificationLevel: { kind: "Full" } });
    const wrongDisc = Buffer.from(buf);
    wrongDisc[0]! ^= 1;
    expect(() => decodePriceUpdateV2(wrongDisc)).toThrow(OracleLayoutError);
    const badTag = Buffer.from(buf);
    badTag[40] = 2;
    expect(() => decodePriceUpdateV2(badTag)).toThrow(OracleLayoutError);
    expect(() => decodePriceUpdateV2(buf.subarray(0, 132))).toThrow(OracleLayoutError);
    expect(decodePriceUpdateV2(buf.subarray(0, 133)).postedSlot).toBe(base.postedSlot);
    expect(() => encodePriceUpdateV2({ ...base, postedSlot: -1n })).toThrow(RangeError);
    expect(() => encodePriceUpdateV2({ ...base, priceMessage: { ...base.priceMessage, feedId: new Uint8Array(31) } })).toThrow(RangeError);
  });

  it("orders verification levels like the receiver SDK", () => {
    const full = { kind: "Full" } as const;
    const p = (n: number) => ({ kind: "Partial", numSignatures: n }) as const;
    expect(verificationLevelAtLeast(full, full)).toBe(true);
    expect(verificationLevelAtLeast(full, p(19))).toBe(true);
    expect(verificationLevelAtLeast(p(19), full)).toBe(false);
    expect(verificationLevelAtLeast(p(5), p(5))).toBe(true);
    expect(verificationLevelAtLeast(p(4), p(5))).toBe(false);
  });
});

function generatedFeed(seed: number): PullFeedAccountData {
  const next = rng(seed);
  const feed = emptyPullFeed();
  feed.submissions = feed.submissions.map(() => ({
    oracle: randomKey(next),
    slot: randomBig(next, 64, false),
    landedAt: randomBig(next, 64, false),
    value: randomBig(next, 128, true),
  }));
  feed.authority = randomKey(next);
  feed.queue = randomKey(next);
  feed.feedHash = randomBytes(next, 32);
  feed.initializedAt = randomBig(next, 64, true);
  feed.permissions = randomBig(next, 64, false);
  feed.maxVariance = randomBig(next, 64, false);
  feed.minResponses = next();
  feed.name = randomBytes(next, 32);
  feed.padding1 = randomBytes(next, 1);
  feed.permitWriteByAuthority = next() & 0xff;
  feed.historicalResultIdx = next() & 0xff;
  feed.minSampleSize = next() & 0xff;
  feed.lastUpdateTimestamp = randomBig(next, 64, true);
  feed.lutSlot = randomBig(next, 64, false);
  feed.reserved1 = randomBytes(next, 32);
  feed.result = {
    value: randomBig(next, 128, true),
    stdDev: randomBig(next, 128, true),
    mean: randomBig(next, 128, true),
    range: randomBig(next, 128, true),
    minValue: randomBig(next, 128, true),
    maxValue: randomBig(next, 128, true),
    numSamples: next() & 0xff,
    submissionIdx: next() & 0xff,
    padding1: randomBytes(next, 6),
    slot: randomBig(next, 64, false),
    minSlot: randomBig(next, 64, false),
    maxSlot: randomBig(next, 64, false),
  };
  feed.maxStaleness = next();
  feed.padding2 = randomBytes(next, 12);
  feed.historicalResults = feed.historicalResults.map(() => ({
    stdDev: randomF32(next),
    mean: randomF32(next),
    slot: randomBig(next, 64, false),
  }));
  feed.ebuf4 = randomBytes(next, 8);
  feed.ebuf3 = randomBytes(next, 24);
  feed.submissionTimestamps = feed.submissionTimestamps.map(() => randomBig(next, 64, true));
  return feed;
}

describe("Switchboard PullFeedAccountData layout", () => {
  it("puts every field at the reference's account offset (§7.2)", () => {
    const feed = generatedFeed(42);
    const buf = encodePullFeed(feed);
    expect(buf.length).toBe(3208);
    expect(PULL_FEED_ACCOUNT_SIZE).toBe(3208);
    expect(buf.subarray(0, 8).toString("hex")).toBe("c41b6cc40ad7db28");
    expect(isPullFeed(buf)).toBe(true);
    // submissions[32] of OracleSubmission (64 bytes) from 8: oracle +0, slot +32, landed_at +40, value +48.
    for (let i = 0; i < 32; i++) {
      const at = 8 + 64 * i;
      expect(submissionOffset(i)).toBe(at);
      const s = feed.submissions[i]!;
      expect(bs58.encode(buf.subarray(at, at + 32))).toBe(s.oracle);
      expect(buf.readBigUInt64LE(at + 32)).toBe(s.slot);
      expect(buf.readBigUInt64LE(at + 40)).toBe(s.landedAt);
      expect(i128At(buf, at + 48)).toBe(s.value);
    }
    expect(bs58.encode(buf.subarray(2056, 2088))).toBe(feed.authority);
    expect(bs58.encode(buf.subarray(2088, 2120))).toBe(feed.queue);
    expect(Buffer.from(buf.subarray(2120, 2152))).toEqual(Buffer.from(feed.feedHash));
    expect(buf.readBigInt64LE(2152)).toBe(feed.initializedAt);
    expect(buf.readBigUInt64LE(2160)).toBe(feed.permissions);
    expect(buf.readBigUInt64LE(2168)).toBe(feed.maxVariance);
    expect(buf.readUInt32LE(2176)).toBe(feed.minResponses);
    expect(Buffer.from(buf.subarray(2180, 2212))).toEqual(Buffer.from(feed.name));
    expect(buf[2212]).toBe(feed.padding1[0]);
    expect(buf[2213]).toBe(feed.permitWriteByAuthority);
    expect(buf[2214]).toBe(feed.historicalResultIdx);
    expect(buf[2215]).toBe(feed.minSampleSize);
    expect(buf.readBigInt64LE(2216)).toBe(feed.lastUpdateTimestamp);
    expect(buf.readBigUInt64LE(2224)).toBe(feed.lutSlot);
    expect(Buffer.from(buf.subarray(2232, 2264))).toEqual(Buffer.from(feed.reserved1));
    // result: CurrentResult (128 bytes) at 2264.
    const r = feed.result;
    expect(i128At(buf, 2264)).toBe(r.value);
    expect(i128At(buf, 2280)).toBe(r.stdDev);
    expect(i128At(buf, 2296)).toBe(r.mean);
    expect(i128At(buf, 2312)).toBe(r.range);
    expect(i128At(buf, 2328)).toBe(r.minValue);
    expect(i128At(buf, 2344)).toBe(r.maxValue);
    expect(buf[2360]).toBe(r.numSamples);
    expect(buf[2361]).toBe(r.submissionIdx);
    expect(Buffer.from(buf.subarray(2362, 2368))).toEqual(Buffer.from(r.padding1));
    expect(buf.readBigUInt64LE(2368)).toBe(r.slot);
    expect(buf.readBigUInt64LE(2376)).toBe(r.minSlot);
    expect(buf.readBigUInt64LE(2384)).toBe(r.maxSlot);
    expect(buf.readUInt32LE(2392)).toBe(feed.maxStaleness);
    expect(Buffer.from(buf.subarray(2396, 2408))).toEqual(Buffer.from(feed.padding2));
    // historical_results[32] of CompactResult (16 bytes) at 2408: std_dev f32, mean f32, slot u64.
    for (let i = 0; i < 32; i++) {
      const at = 2408 + 16 * i;
      expect(historicalResultOffset(i)).toBe(at);
      const h = feed.historicalResults[i]!;
      expect(buf.readFloatLE(at)).toBe(h.stdDev);
      expect(buf.readFloatLE(at + 4)).toBe(h.mean);
      expect(buf.readBigUInt64LE(at + 8)).toBe(h.slot);
    }
    expect(Buffer.from(buf.subarray(2920, 2928))).toEqual(Buffer.from(feed.ebuf4));
    expect(Buffer.from(buf.subarray(2928, 2952))).toEqual(Buffer.from(feed.ebuf3));
    for (let i = 0; i < 32; i++) {
      expect(submissionTimestampOffset(i)).toBe(2952 + 8 * i);
      expect(buf.readBigInt64LE(2952 + 8 * i)).toBe(feed.submissionTimestamps[i]);
    }
  });

  it("exports the reference's offsets", () => {
    expect(PULL_FEED_OFFSETS).toEqual({
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
    expect(PULL_FEED_RESULT_OFFSETS).toMatchObject({ value: 2264, stdDev: 2280, slot: 2368, minSlot: 2376, maxSlot: 2384 });
  });

  it("round trips generated feeds byte for byte", () => {
    for (let seed = 1; seed <= 25; seed++) {
      const feed = generatedFeed(seed);
      const buf = encodePullFeed(feed);
      const back = decodePullFeed(buf);
      expect(back).toEqual(feed);
      expect(encodePullFeed(back).equals(buf)).toBe(true);
    }
  });

  it("round trips arbitrary bytes behind the discriminator (finite f32s)", () => {
    const next = rng(99);
    for (let k = 0; k < 10; k++) {
      const buf = Buffer.from(randomBytes(next, 3208));
      buf.set(Buffer.from("c41b6cc40ad7db28", "hex"), 0);
      for (let i = 0; i < 32; i++) {
        buf.writeFloatLE(randomF32(next), 2408 + 16 * i);
        buf.writeFloatLE(randomF32(next), 2412 + 16 * i);
      }
      expect(encodePullFeed(decodePullFeed(buf)).equals(buf)).toBe(true);
    }
  });

  it("reads a realistic feed the way a lending program does", () => {
    const feed = emptyPullFeed();
    feed.result.value = 215_681_370_690_000_000_000n; // 215.68137069 at 18 decimals
    feed.result.stdDev = 120_000_000_000_000_000n; // 0.12
    feed.result.slot = 311_798_332n;
    feed.lastUpdateTimestamp = 1_735_984_087n;
    feed.maxStaleness = 250;
    const buf = encodePullFeed(feed);
    expect(readPullFeedResult(buf)).toEqual({
      value: feed.result.value,
      stdDev: feed.result.stdDev,
      slot: 311_798_332n,
      lastUpdateTimestamp: 1_735_984_087n,
      maxStaleness: 250,
    });
    expect(feed.result.value / PULL_FEED_SCALE).toBe(215n);
    const negative = emptyPullFeed();
    negative.result.value = -5n * PULL_FEED_SCALE;
    expect(decodePullFeed(encodePullFeed(negative)).result.value).toBe(-5n * PULL_FEED_SCALE);
    expect(SWITCHBOARD_ON_DEMAND_PROGRAM_ID).toBe("SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv");
  });

  it("an empty feed is the discriminator followed by zeros", () => {
    const buf = encodePullFeed(emptyPullFeed());
    expect(buf.subarray(8).every((b) => b === 0)).toBe(true);
    expect(decodePullFeed(buf)).toEqual(emptyPullFeed());
  });

  it("rejects wrong discriminator and short data; leaves the target untouched on bad values", () => {
    const buf = encodePullFeed(generatedFeed(3));
    const wrong = Buffer.from(buf);
    wrong[7]! ^= 0x80;
    expect(() => decodePullFeed(wrong)).toThrow(OracleLayoutError);
    expect(() => decodePullFeed(buf.subarray(0, 3207))).toThrow(OracleLayoutError);
    expect(() => readPullFeedResult(buf.subarray(0, 3207))).toThrow(OracleLayoutError);
    const target = Buffer.from(buf);
    const bad = generatedFeed(4);
    bad.result.slot = -1n;
    expect(() => encodePullFeedInto(target, bad)).toThrow(RangeError);
    expect(target.equals(buf)).toBe(true);
    const tooFew = generatedFeed(5);
    tooFew.submissions = tooFew.submissions.slice(1);
    expect(() => encodePullFeed(tooFew)).toThrow(RangeError);
  });
});
