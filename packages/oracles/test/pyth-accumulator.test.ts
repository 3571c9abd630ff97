// The VAA, accumulator root, Merkle proof and price message formats held to real data: a Hermes price update for
// ETH/USD (feed e62df6c8…, published 2024-02-19) as Pyth serves it, with the values Hermes reports for it alongside.
import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  PYTHNET_DATA_SOURCE,
  decodeAccumulatorMessage,
  decodeWormholeMerkleRoot,
  merkleProofHolds,
  parseAccumulatorUpdateData,
  parseVaa,
  readVaaBody,
  recoverGuardianAddress,
  vaaDigest,
} from "../src/index.js";
import { GUARDIAN_SET_3, HERMES_UPDATE } from "./support/hermes-update.js";

describe("a real Hermes price update", () => {
  const parsed = parseAccumulatorUpdateData(HERMES_UPDATE)!;
  const vaa = parseVaa(parsed.vaa)!;
  const body = readVaaBody(vaa.body)!;

  it("carries a v1 VAA of guardian set 3 with 13 signatures in increasing guardian order, from Pythnet's emitter", () => {
    expect(parsed.updates).toHaveLength(1);
    expect(vaa.version).toBe(1);
    expect(vaa.guardianSetIndex).toBe(3);
    const indices = vaa.signatures.map((s) => s.guardianIndex);
    expect(indices).toHaveLength(13);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
    expect(body.emitterChain).toBe(PYTHNET_DATA_SOURCE.chain);
    expect(new PublicKey(body.emitterAddress).toBase58()).toBe(PYTHNET_DATA_SOURCE.emitter);
    // Every signature recovers, over keccak256(keccak256(body)), to the address of its guardian in set 3.
    const digest = vaaDigest(vaa.body);
    for (const signature of vaa.signatures) {
      expect(Buffer.from(recoverGuardianAddress(digest, signature)!).toString("hex")).toBe(GUARDIAN_SET_3[signature.guardianIndex]);
    }
  });

  it("proves its price message against the accumulator root the VAA carries, and the message decodes to Hermes' values", () => {
    const root = decodeWormholeMerkleRoot(body.payload)!;
    expect(root.slot).toBe(125_976_528n);
    expect(root.ringSize).toBe(10_000);
    const update = parsed.updates[0]!;
    expect(merkleProofHolds(root.root, update.message, update.proof)).toBe(true);
    const tampered = Uint8Array.from(update.message);
    tampered[40] = (tampered[40]! + 1) % 256;
    expect(merkleProofHolds(root.root, tampered, update.proof)).toBe(false);
    expect(decodeAccumulatorMessage(update.message)).toEqual({
      type: "price",
      message: {
        feedId: Uint8Array.from(Buffer.from("e62df6c8b4a85fe1a67db44dc12de5db330f7ac66b72dc658afedf0f4a415b43", "hex")),
        price: 5_190_075_917_635n,
        conf: 2_661_582_364n,
        exponent: -8,
        publishTime: 1_708_363_256n,
        prevPublishTime: 1_708_363_255n,
        emaPrice: 5_209_141_800_000n,
        emaConf: 3_290_086_600n,
      },
    });
  });
});
