// Wormhole, as the Pyth receiver reads it: the core bridge's guardian sets, v1 VAAs, guardian signatures and the
// encoded-VAA accounts the core bridge leaves verified.
//
// GuardianSet (a legacy core-bridge account: no discriminator, Borsh) at PDA ["GuardianSet", index u32 big-endian]
// under the core bridge: index u32, keys Vec<[u8; 20]> (Ethereum addresses: the last 20 bytes of keccak256 of the
// 64-byte public key), creation_time u32, expiration_time u32 (unix seconds; 0 = never expires).
//
// VAA v1: version u8 = 1, guardian_set_index u32 BE, signature count u8, then per signature guardian_index u8 and a
// 65-byte r ‖ s ‖ recovery id; then the body: timestamp u32 BE, nonce u32 BE, emitter_chain u16 BE,
// emitter_address [32], sequence u64 BE, consistency_level u8, payload. Guardians sign keccak256(keccak256(body)).
import { PublicKey } from "@solana/web3.js";
import { secp256k1 } from "@noble/curves/secp256k1";
import { keccak_256 } from "@noble/hashes/sha3";
import { toPublicKey as key, type Key } from "@ballast/codec";
import { WORMHOLE_CORE_PROGRAM_ID } from "../program-ids.js";
import { OracleLayoutError } from "../bytes.js";

export const GUARDIAN_SET_SEED = "GuardianSet";
export const GUARDIAN_KEY_LENGTH = 20;
export const VAA_VERSION = 1;
const SIGNATURE_LENGTH = 66;
const VAA_HEADER_LENGTH = 6;
const VAA_BODY_FIXED_LENGTH = 51;

/** Signatures that verify a VAA fully: more than two thirds of the guardian set (Wormhole's quorum). */
export function wormholeQuorum(guardians: number): number {
  return Math.floor((2 * guardians) / 3) + 1;
}

export interface GuardianSet {
  index: number;
  /** 20-byte Ethereum addresses, in guardian-index order. */
  keys: Uint8Array[];
  creationTime: number;
  /** Unix seconds after which the set no longer verifies; 0 for the current set. */
  expirationTime: number;
}

/** The guardian set PDA ["GuardianSet", index BE] under the core bridge, and its bump. */
export function guardianSetAddress(index: number, wormhole: Key = WORMHOLE_CORE_PROGRAM_ID): [PublicKey, number] {
  const be = Buffer.alloc(4);
  be.writeUInt32BE(index);
  return PublicKey.findProgramAddressSync([Buffer.from(GUARDIAN_SET_SEED), be], key(wormhole));
}

export function encodeGuardianSet(set: GuardianSet): Buffer {
  const out = Buffer.alloc(4 + 4 + set.keys.length * GUARDIAN_KEY_LENGTH + 8);
  out.writeUInt32LE(set.index, 0);
  out.writeUInt32LE(set.keys.length, 4);
  set.keys.forEach((k, i) => {
    if (k.length !== GUARDIAN_KEY_LENGTH) throw new RangeError(`guardian key ${i} is ${k.length} bytes, not 20`);
    out.set(k, 8 + i * GUARDIAN_KEY_LENGTH);
  });
  const tail = 8 + set.keys.length * GUARDIAN_KEY_LENGTH;
  out.writeUInt32LE(set.creationTime, tail);
  out.writeUInt32LE(set.expirationTime, tail + 4);
  return out;
}

export function decodeGuardianSet(data: Uint8Array): GuardianSet {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.length);
  if (buf.length < 8) throw new OracleLayoutError(`guardian set is ${buf.length} bytes`);
  const count = buf.readUInt32LE(4);
  const tail = 8 + count * GUARDIAN_KEY_LENGTH;
  if (buf.length < tail + 8) throw new OracleLayoutError(`guardian set of ${count} keys is ${buf.length} bytes`);
  return {
    index: buf.readUInt32LE(0),
    keys: Array.from({ length: count }, (_, i) =>
      Uint8Array.from(buf.subarray(8 + i * GUARDIAN_KEY_LENGTH, 8 + (i + 1) * GUARDIAN_KEY_LENGTH)),
    ),
    creationTime: buf.readUInt32LE(tail),
    expirationTime: buf.readUInt32LE(tail + 4),
  };
}

/** Whether the set still verifies at `unixTimestamp` (the core bridge's is_active). */
export function guardianSetIsActive(set: GuardianSet, unixTimestamp: bigint): boolean {
  return set.expirationTime === 0 || BigInt(set.expirationTime) >= unixTimestamp;
}

/** A guardian's Ethereum address from its uncompressed 64-byte public key x ‖ y. */
export function guardianAddressOf(publicKey: Uint8Array): Uint8Array {
  return keccak_256(publicKey).subarray(12);
}

/** The Ethereum address of a guardian's secp256k1 secret key. */
export function guardianAddressFromSecret(secretKey: Uint8Array): Uint8Array {
  return guardianAddressOf(secp256k1.getPublicKey(secretKey, false).subarray(1));
}

export interface VaaSignature {
  guardianIndex: number;
  /** r ‖ s */
  signature: Uint8Array;
  recoveryId: number;
}

export interface VaaBody {
  timestamp: number;
  nonce: number;
  emitterChain: number;
  emitterAddress: Uint8Array;
  sequence: bigint;
  consistencyLevel: number;
  payload: Uint8Array;
}

export interface Vaa {
  version: number;
  guardianSetIndex: number;
  signatures: VaaSignature[];
  /** The signed bytes. */
  body: Uint8Array;
}

export function encodeVaaBody(body: VaaBody): Buffer {
  const out = Buffer.alloc(VAA_BODY_FIXED_LENGTH + body.payload.length);
  out.writeUInt32BE(body.timestamp, 0);
  out.writeUInt32BE(body.nonce, 4);
  out.writeUInt16BE(body.emitterChain, 8);
  out.set(body.emitterAddress, 10);
  out.writeBigUInt64BE(body.sequence, 42);
  out.writeUInt8(body.consistencyLevel, 50);
  out.set(body.payload, VAA_BODY_FIXED_LENGTH);
  return out;
}

/** The emitter chain, emitter address and payload of a VAA body; null when too short. */
export function readVaaBody(body: Uint8Array): { emitterChain: number; emitterAddress: Uint8Array; payload: Uint8Array } | null {
  if (body.length < VAA_BODY_FIXED_LENGTH) return null;
  const buf = Buffer.from(body.buffer, body.byteOffset, body.length);
  return { emitterChain: buf.readUInt16BE(8), emitterAddress: buf.subarray(10, 42), payload: buf.subarray(VAA_BODY_FIXED_LENGTH) };
}

/** What guardians sign: keccak256 of the body's keccak256 hash. */
export function vaaDigest(body: Uint8Array): Uint8Array {
  return keccak_256(keccak_256(body));
}

export function encodeVaa(vaa: Vaa): Buffer {
  const out = Buffer.alloc(VAA_HEADER_LENGTH + vaa.signatures.length * SIGNATURE_LENGTH + vaa.body.length);
  out.writeUInt8(vaa.version, 0);
  out.writeUInt32BE(vaa.guardianSetIndex, 1);
  out.writeUInt8(vaa.signatures.length, 5);
  vaa.signatures.forEach((s, i) => {
    const at = VAA_HEADER_LENGTH + i * SIGNATURE_LENGTH;
    out.writeUInt8(s.guardianIndex, at);
    out.set(s.signature, at + 1);
    out.writeUInt8(s.recoveryId, at + 65);
  });
  out.set(vaa.body, VAA_HEADER_LENGTH + vaa.signatures.length * SIGNATURE_LENGTH);
  return out;
}

/** Parses a VAA's framing (any version); null when the bytes cannot hold what they announce. */
export function parseVaa(bytes: Uint8Array): Vaa | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.length < VAA_HEADER_LENGTH) return null;
  const count = buf.readUInt8(5);
  const bodyAt = VAA_HEADER_LENGTH + count * SIGNATURE_LENGTH;
  if (buf.length < bodyAt + VAA_BODY_FIXED_LENGTH) return null;
  const signatures = Array.from({ length: count }, (_, i) => {
    const at = VAA_HEADER_LENGTH + i * SIGNATURE_LENGTH;
    return { guardianIndex: buf.readUInt8(at), signature: buf.subarray(at + 1, at + 65), recoveryId: buf.readUInt8(at + 65) };
  });
  return { version: buf.readUInt8(0), guardianSetIndex: buf.readUInt32BE(1), signatures, body: buf.subarray(bodyAt) };
}

/** Guardian `guardianIndex`'s signature over a VAA body. */
export function signVaaBody(body: Uint8Array, guardianIndex: number, secretKey: Uint8Array): VaaSignature {
  const signature = secp256k1.sign(vaaDigest(body), secretKey, { prehash: false });
  return { guardianIndex, signature: signature.toCompactRawBytes(), recoveryId: signature.recovery };
}

/** The Ethereum address a VAA signature recovers to, or null when it recovers to none. */
export function recoverGuardianAddress(digest: Uint8Array, signature: VaaSignature): Uint8Array | null {
  try {
    const point = secp256k1.Signature.fromCompact(signature.signature).addRecoveryBit(signature.recoveryId).recoverPublicKey(digest);
    return guardianAddressOf(point.toRawBytes(false).subarray(1));
  } catch {
    return null;
  }
}

// ---- encoded VAA accounts ---------------------------------------------------------------------------------

/** The core bridge's `EncodedVaa` status: a VAA written there is readable once the bridge has verified it. */
export const EncodedVaaStatus = { Unset: 0, Writing: 1, Verified: 2 } as const;

/** sha256("account:EncodedVaa")[0..8]. */
export const ENCODED_VAA_DISCRIMINATOR = Uint8Array.from([226, 101, 163, 4, 133, 160, 84, 245]);

/**
 * An `EncodedVaa` account's data: discriminator, header {status u8, write_authority, version u8}, then the VAA as a
 * Borsh `Vec<u8>`.
 */
export function encodeEncodedVaa(p: { status: number; writeAuthority: Key; vaa: Uint8Array }): Buffer {
  const out = Buffer.alloc(8 + 1 + 32 + 1 + 4 + p.vaa.length);
  out.set(ENCODED_VAA_DISCRIMINATOR, 0);
  out.writeUInt8(p.status, 8);
  out.set(key(p.writeAuthority).toBytes(), 9);
  out.writeUInt8(VAA_VERSION, 41);
  out.writeUInt32LE(p.vaa.length, 42);
  out.set(p.vaa, 46);
  return out;
}

export function decodeEncodedVaa(data: Uint8Array): { status: number; vaa: Uint8Array } | null {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.length);
  if (buf.length < 46 || !buf.subarray(0, 8).equals(ENCODED_VAA_DISCRIMINATOR)) return null;
  const length = buf.readUInt32LE(42);
  if (buf.length < 46 + length) return null;
  return { status: buf.readUInt8(8), vaa: buf.subarray(46, 46 + length) };
}
