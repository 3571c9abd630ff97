import { createPublicKey, verify, type KeyObject } from "node:crypto";

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const keyObjects = new Map<string, KeyObject>();
const KEY_CACHE_LIMIT = 100_000;

function publicKeyObject(raw: Uint8Array): KeyObject {
  const id = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("latin1");
  let key = keyObjects.get(id);
  if (key === undefined) {
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
    if (keyObjects.size >= KEY_CACHE_LIMIT) keyObjects.clear();
    keyObjects.set(id, key);
  }
  return key;
}

export function verifySignature(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    // A key that is not a valid curve point cannot have signed anything.
    return false;
  }
}

export interface SignedMessage {
  message: Uint8Array;
  signatures: readonly Uint8Array[];
  /** Raw 32-byte keys of the required signers, in signature order. */
  signerKeys: readonly Uint8Array[];
}

/** Every required signer's signature over the message must verify. */
export function verifyTransactionSignatures(tx: SignedMessage): boolean {
  for (const [i, signature] of tx.signatures.entries()) {
    const signer = tx.signerKeys[i];
    if (signer === undefined || !verifySignature(tx.message, signature, signer)) return false;
  }
  return true;
}
