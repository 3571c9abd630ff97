// What a Switchboard oracle signs for a pull feed, and how the program checks it (reference §7.2): the checksum
// sha256(queue ‖ feed_hash ‖ value i128 LE ‖ slothash ‖ max_variance u64 LE ‖ min_responses u32 LE), signed with the
// oracle's secp256k1 key; the program recovers the key from the signature and its recovery id.
import { secp256k1 } from "@noble/curves/secp256k1";
import { sha256 } from "@noble/hashes/sha2";
import { toPublicKey, type Key } from "@ballast/codec";
import { SECP256K1_KEY_LENGTH } from "./accounts.js";

export interface SubmissionChecksumInput {
  queue: Key;
  feedHash: Uint8Array;
  /** i128 with 18 decimals. */
  value: bigint;
  /** The hash of the slot the value was signed at (its SlotHashes entry). */
  slothash: Uint8Array;
  maxVariance: bigint;
  minResponses: number;
}

function le(bytes: number, value: bigint): Buffer {
  const out = Buffer.alloc(bytes);
  let rest = BigInt.asUintN(bytes * 8, value);
  for (let i = 0; i < bytes; i++, rest >>= 8n) out[i] = Number(rest & 0xffn);
  return out;
}

export function pullFeedSubmissionChecksum(input: SubmissionChecksumInput): Uint8Array {
  if (input.feedHash.length !== 32) throw new RangeError(`feed hash must be 32 bytes, got ${input.feedHash.length}`);
  if (input.slothash.length !== 32) throw new RangeError(`slot hash must be 32 bytes, got ${input.slothash.length}`);
  return sha256(
    Buffer.concat([
      toPublicKey(input.queue).toBuffer(),
      input.feedHash,
      le(16, input.value),
      input.slothash,
      le(8, input.maxVariance),
      le(4, BigInt(input.minResponses)),
    ]),
  );
}

/** An oracle's secp256k1 public key as Switchboard stores it: x ‖ y, 64 bytes. */
export function secp256k1SignerOf(secretKey: Uint8Array): Uint8Array {
  return secp256k1.getPublicKey(secretKey, false).subarray(1);
}

/**
 * The secp256k1 key an oracle operated with a Solana keypair signs with: sha256 of a domain tag and the keypair's
 * 32-byte seed, so the one keypair the operator holds gives both keys.
 */
export function oracleSecp256k1SecretKey(solanaSecretKey: Uint8Array): Uint8Array {
  return sha256(Buffer.concat([Buffer.from("switchboard-oracle-secp256k1"), solanaSecretKey.subarray(0, 32)]));
}

export interface SignedValue {
  /** r ‖ s, 64 bytes. */
  signature: Uint8Array;
  recoveryId: number;
}

export function signChecksum(checksum: Uint8Array, secretKey: Uint8Array): SignedValue {
  const signature = secp256k1.sign(checksum, secretKey);
  return { signature: signature.toCompactRawBytes(), recoveryId: signature.recovery };
}

/** The 64-byte key that signed `checksum`, or null when the signature does not recover to a key. */
export function recoverSigner(checksum: Uint8Array, signed: SignedValue): Uint8Array | null {
  try {
    const point = secp256k1.Signature.fromCompact(signed.signature).addRecoveryBit(signed.recoveryId).recoverPublicKey(checksum);
    const raw = point.toRawBytes(false).subarray(1);
    return raw.length === SECP256K1_KEY_LENGTH ? raw : null;
  } catch {
    return null;
  }
}

/** What the committed oracle signs to reveal randomness: sha256(randomness ‖ seed_slothash ‖ seed_slot u64 LE). */
export function randomnessRevealMessage(randomness: Key, seedSlothash: Uint8Array, seedSlot: bigint): Uint8Array {
  return sha256(Buffer.concat([toPublicKey(randomness).toBuffer(), seedSlothash, le(8, seedSlot)]));
}
