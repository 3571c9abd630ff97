// Ed25519 through libsodium (sodium-native): its verification takes less than half the time of Node's OpenSSL one
// here, and verification is the largest single cost of admitting a transaction.
import sodium from "sodium-native";

const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export function verifySignature(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  // libsodium refuses a key that is not a valid curve point, which cannot have signed anything; a wrong length throws.
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  return sodium.crypto_sign_verify_detached(asBuffer(signature), asBuffer(message), asBuffer(publicKey));
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
