// Ed25519 wallet signatures, checked with node:crypto: wallet addresses are base58 32-byte public keys, and a
// signature is accepted in either encoding wallets and SDKs produce (base58, or standard padded base64).
import { createPublicKey, verify } from "node:crypto";
import bs58 from "bs58";

export const PUBLIC_KEY_LENGTH = 32;
export const SIGNATURE_LENGTH = 64;

/** DER SubjectPublicKeyInfo header of an Ed25519 key; the raw 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** Padded base64 of 64 bytes is 88 characters ending in "=="; base58 never contains "=", so the forms cannot collide. */
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

/** The 32 key bytes of a base58 wallet address, or null when it is not one. */
export function publicKeyBytes(address: string): Uint8Array | null {
  const bytes = bs58.decodeUnsafe(address);
  return bytes && bytes.length === PUBLIC_KEY_LENGTH ? bytes : null;
}

export function isPublicKeyAddress(address: string): boolean {
  return publicKeyBytes(address) !== null;
}

/** The 64 signature bytes of a base64 (padded) or base58 signature, or null when it is neither. */
export function signatureBytes(encoded: string): Uint8Array | null {
  const bytes = BASE64_SIGNATURE.test(encoded) ? Buffer.from(encoded, "base64") : bs58.decodeUnsafe(encoded);
  return bytes && bytes.length === SIGNATURE_LENGTH ? bytes : null;
}

/** Whether `signature` is the Ed25519 signature of `message` by the key. Malformed keys or signatures are simply false. */
export function verifyEd25519(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== SIGNATURE_LENGTH || publicKey.length !== PUBLIC_KEY_LENGTH) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
