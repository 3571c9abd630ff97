// The queue, oracle and randomness layouts against the reference's tables (MO §7.3), the checksum and signing, and the
// result aggregation, without a ledger.
import { createHash } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  ORACLE_ACCOUNT_LAYOUT,
  QUEUE_ACCOUNT_LAYOUT,
  RANDOMNESS_ACCOUNT_LAYOUT,
  aggregateResult,
  decodeQueue,
  emptyPullFeed,
  oracleSecp256k1SecretKey,
  pullFeedSubmissionChecksum,
  recoverSigner,
  secp256k1SignerOf,
  signChecksum,
} from "../src/index.js";

const discriminator = (name: string) => createHash("sha256").update(`account:${name}`).digest().subarray(0, 8);

describe("Switchboard queue, oracle and randomness layouts", () => {
  it("have the reference's sizes and discriminators", () => {
    expect([QUEUE_ACCOUNT_LAYOUT.space, ORACLE_ACCOUNT_LAYOUT.space, RANDOMNESS_ACCOUNT_LAYOUT.space]).toEqual([6280, 4816, 480]);
    expect(QUEUE_ACCOUNT_LAYOUT.discriminator).toEqual(discriminator("QueueAccountData"));
    expect(ORACLE_ACCOUNT_LAYOUT.discriminator).toEqual(discriminator("OracleAccountData"));
    expect(RANDOMNESS_ACCOUNT_LAYOUT.discriminator).toEqual(discriminator("RandomnessAccountData"));
  });

  it("put the queue's fields at the reference's account offsets", () => {
    const o = QUEUE_ACCOUNT_LAYOUT.struct.offsets;
    const account = (field: keyof typeof o) => o[field] + 8;
    expect([account("authority"), account("mrEnclaves"), account("oracleKeys"), account("maxQuoteVerificationAge")]).toEqual([
      8, 40, 1064, 5160,
    ]);
    expect([account("mrEnclavesLen"), account("oracleKeysLen"), account("currIdx"), account("gcIdx")]).toEqual([5200, 5204, 5212, 5216]);
    expect([
      account("requireAuthorityHeartbeatPermission"),
      account("requireUsagePermissions"),
      account("mint"),
      account("allowSubsidies"),
    ]).toEqual([5220, 5222, 5224, 5264]);
    expect([account("ncn"), account("vaults"), account("lastRewardEpoch"), account("ebuf1")]).toEqual([5280, 5320, 5480, 5776]);
  });

  it("put the oracle's fields at the reference's account offsets", () => {
    const o = ORACLE_ACCOUNT_LAYOUT.struct.offsets;
    const account = (field: keyof typeof o) => o[field] + 8;
    expect([account("enclave"), account("authority"), account("queue"), account("createdAt"), account("lastHeartbeat")]).toEqual([
      8, 3440, 3472, 3504, 3512,
    ]);
    expect([account("secpAuthority"), account("gatewayUri"), account("permissions"), account("isOnQueue"), account("lutSlot")]).toEqual([
      3520, 3584, 3648, 3656, 3664,
    ]);
    expect([account("lastRewardEpoch"), account("operator"), account("ebuf3"), account("ebuf2"), account("ebuf1")]).toEqual([
      3672, 3680, 3712, 3728, 3792,
    ]);
  });

  it("decode a queue's bytes field by field, refusing another account's", () => {
    const data = Buffer.alloc(QUEUE_ACCOUNT_LAYOUT.space);
    QUEUE_ACCOUNT_LAYOUT.discriminator.copy(data, 0);
    const authority = Keypair.generate().publicKey;
    authority.toBuffer().copy(data, 8);
    data.writeUInt32LE(3, 5204);
    data.writeBigInt64LE(180n, 5176);
    expect(decodeQueue(data)).toMatchObject({ authority: authority.toBase58(), oracleKeysLen: 3, nodeTimeout: 180n });
    expect(() => decodeQueue(Buffer.alloc(QUEUE_ACCOUNT_LAYOUT.space))).toThrow("cannot decode QueueAccountData: found 0000000000000000");
  });
});

describe("Switchboard signing", () => {
  it("signs the checksum with a key that recovers, and a changed value does not recover to it", () => {
    const secret = oracleSecp256k1SecretKey(Keypair.generate().secretKey);
    const input = {
      queue: Keypair.generate().publicKey,
      feedHash: new Uint8Array(32).fill(1),
      value: -5n,
      slothash: new Uint8Array(32).fill(2),
      maxVariance: 7n,
      minResponses: 1,
    };
    const checksum = pullFeedSubmissionChecksum(input);
    const expected = createHash("sha256")
      .update(input.queue.toBuffer())
      .update(input.feedHash)
      .update(Buffer.from("fbffffffffffffffffffffffffffffff", "hex"))
      .update(input.slothash)
      .update(Buffer.from("0700000000000000", "hex"))
      .update(Buffer.from("01000000", "hex"))
      .digest();
    expect(Buffer.from(checksum)).toEqual(expected);
    const signed = signChecksum(checksum, secret);
    expect(recoverSigner(checksum, signed)).toEqual(secp256k1SignerOf(secret));
    expect(recoverSigner(pullFeedSubmissionChecksum({ ...input, value: -4n }), signed)).not.toEqual(secp256k1SignerOf(secret));
  });
});

describe("pull feed aggregation", () => {
  it("takes element len/2 of the fresh values, their mean, population deviation and range; none below min_sample_size", () => {
    const feed = emptyPullFeed();
    feed.maxStaleness = 10;
    feed.minSampleSize = 2;
    const key = () => Keypair.generate().publicKey.toBase58();
    feed.submissions[0] = { oracle: key(), slot: 100n, landedAt: 100n, value: 30n };
    feed.submissions[1] = { oracle: key(), slot: 80n, landedAt: 80n, value: 1_000n };
    feed.submissions[2] = { oracle: key(), slot: 104n, landedAt: 105n, value: 10n };
    expect(aggregateResult(feed, 106n)).toMatchObject({
      value: 30n,
      mean: 20n,
      stdDev: 10n,
      range: 20n,
      numSamples: 2,
      submissionIdx: 0,
      slot: 100n,
      minSlot: 100n,
      maxSlot: 104n,
    });
    expect(aggregateResult(feed, 111n)).toBeNull();
  });
});
