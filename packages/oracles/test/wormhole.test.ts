// Wormhole guardian sets, VAAs and Pyth's Merkle tree without a ledger: byte layouts, PDAs, the quorum, round trips,
// and proofs for every leaf of trees of every small size; the State account's layout next to them.
import { createHash } from "node:crypto";
import { PublicKey } from "@solana/web3.js";
import { sha256 } from "@noble/hashes/sha2";
import { describe, expect, it } from "vitest";
import {
  STATE_ACCOUNT_LAYOUT,
  WORMHOLE_CORE_PROGRAM_ID,
  buildMerkleTree,
  decodeGuardianSet,
  encodeGuardianSet,
  encodeVaa,
  encodeVaaBody,
  guardianAddressFromSecret,
  guardianQuorum,
  guardianSetAddress,
  guardianSetIsActive,
  merkleProofHolds,
  parseVaa,
  readVaaBody,
  recoverGuardianAddress,
  signVaaBody,
  vaaDigest,
  wormholeQuorum,
} from "../src/index.js";

describe("Wormhole guardian sets", () => {
  const keys = [1, 2, 3].map((i) => guardianAddressFromSecret(sha256(Uint8Array.of(i))));

  it("are Borsh: index, key count and 20-byte keys, creation and expiration time, all little-endian", () => {
    const bytes = encodeGuardianSet({ index: 4, keys, creationTime: 1_700_000_000, expirationTime: 0 });
    expect(bytes.length).toBe(4 + 4 + 3 * 20 + 8);
    expect([bytes.readUInt32LE(0), bytes.readUInt32LE(4), bytes.readUInt32LE(68), bytes.readUInt32LE(72)]).toEqual([
      4, 3, 1_700_000_000, 0,
    ]);
    expect(Uint8Array.from(bytes.subarray(28, 48))).toEqual(keys[1]);
    expect(decodeGuardianSet(bytes)).toEqual({ index: 4, keys, creationTime: 1_700_000_000, expirationTime: 0 });
  });

  it("live at ['GuardianSet', index big-endian] under the core bridge and stay active until their expiration", () => {
    const [address] = guardianSetAddress(4);
    const [expected] = PublicKey.findProgramAddressSync(
      [Buffer.from("GuardianSet"), Buffer.from([0, 0, 0, 4])],
      new PublicKey(WORMHOLE_CORE_PROGRAM_ID),
    );
    expect(address.toBase58()).toBe(expected.toBase58());
    const set = { index: 4, keys, creationTime: 0, expirationTime: 1_000 };
    expect([
      guardianSetIsActive(set, 1_000n),
      guardianSetIsActive(set, 1_001n),
      guardianSetIsActive({ ...set, expirationTime: 0 }, 10n ** 12n),
    ]).toEqual([true, false, true]);
  });

  it("verify fully from more than two thirds of their guardians", () => {
    expect([1, 3, 4, 13, 19].map(wormholeQuorum)).toEqual([1, 3, 3, 9, 13]);
    expect([1, 2, 3, 4].map(guardianQuorum)).toEqual([1, 2, 2, 3]);
  });
});

describe("VAAs", () => {
  it("round-trip through their framing, and each signature recovers to its guardian over the body's double keccak", () => {
    const secret = sha256(Uint8Array.of(9));
    const body = encodeVaaBody({
      timestamp: 1,
      nonce: 2,
      emitterChain: 26,
      emitterAddress: new Uint8Array(32).fill(5),
      sequence: 3n,
      consistencyLevel: 1,
      payload: Uint8Array.of(7, 8, 9),
    });
    const bytes = encodeVaa({ version: 1, guardianSetIndex: 4, signatures: [signVaaBody(body, 2, secret)], body });
    expect(bytes.length).toBe(6 + 66 + 51 + 3);
    expect(bytes.subarray(0, 6).toString("hex")).toBe("010000000401");
    const parsed = parseVaa(bytes)!;
    expect(parsed.guardianSetIndex).toBe(4);
    expect(Buffer.from(parsed.body)).toEqual(body);
    expect(readVaaBody(parsed.body)).toMatchObject({ emitterChain: 26, payload: Buffer.from([7, 8, 9]) });
    const signature = parsed.signatures[0]!;
    expect(signature.guardianIndex).toBe(2);
    expect(recoverGuardianAddress(vaaDigest(body), signature)).toEqual(guardianAddressFromSecret(secret));
    expect(parseVaa(bytes.subarray(0, 60))).toBeNull();
  });
});

describe("Pyth's Merkle tree", () => {
  it("proves every leaf of trees of one to nine messages, and no other message", () => {
    for (let size = 1; size <= 9; size += 1) {
      const messages = Array.from({ length: size }, (_, i) => Uint8Array.of(size, i));
      const { root, proofs } = buildMerkleTree(messages);
      messages.forEach((message, i) => {
        expect(merkleProofHolds(root, message, proofs[i]!)).toBe(true);
        expect(merkleProofHolds(root, Uint8Array.of(size, i, 0), proofs[i]!)).toBe(false);
      });
    }
  });
});

describe("Switchboard's State", () => {
  it("has its discriminator, and its authority and guardian queue at the crate's offsets", () => {
    expect(STATE_ACCOUNT_LAYOUT.discriminator).toEqual(createHash("sha256").update("account:State").digest().subarray(0, 8));
    const o = STATE_ACCOUNT_LAYOUT.struct.offsets;
    expect([o.bump, o.authority, o.guardianQueue].map((offset) => offset + 8)).toEqual([8, 16, 48]);
    expect(STATE_ACCOUNT_LAYOUT.space).toBe(1032);
  });
});
