import { createPublicKey, verify, type KeyObject } from "node:crypto";
import type { WireTransaction } from "./wire.js";
import { base58ToBytes } from "./base58.js";

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const keyObjects = new Map<string, KeyObject>();
const KEY_CACHE_LIMIT = 100_000;

function publicKeyObject(address: string): KeyObject {
  let key = keyObjects.get(address);
  if (key === undefined) {
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, base58ToBytes(address)]), format: "der", type: "spki" });
    if (keyObjects.size >= KEY_CACHE_LIMIT) keyObjects.clear();
    keyObjects.set(address, key);
  }
  return key;
}

export function verifySignature(message: Uint8Array, signature: Uint8Array, address: string): boolean {
  try {
    return verify(null, message, publicKeyObject(address), signature);
  } catch {
    // A key that is not a valid curve point cannot have signed anything.
    return false;
  }
}

/** Every required signer's signature over the message must verify. */
export function verifyTransactionSignatures(tx: WireTransaction): boolean {
  for (let i = 0; i < tx.signatures.length; i++) {
    if (!verifySignature(tx.message, tx.signatures[i], tx.staticAccountKeys[i])) return false;
  }
  return true;
}
