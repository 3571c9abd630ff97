import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import type { Keypair, Transaction } from "@solana/web3.js";

/** PKCS#8 prefix of an Ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/**
 * Signs with Node's native Ed25519 (web3.js's pure-JS signer is ~100× slower), so preparing a benchmark's
 * transactions takes seconds rather than minutes.
 */
export function signFast(tx: Transaction, signers: Keypair[]): Buffer {
  const message = tx.serializeMessage();
  for (const signer of signers) tx.addSignature(signer.publicKey, signBytes(message, signer));
  // web3.js would re-verify every signature in pure JS; Node just produced them.
  return tx.serialize({ verifySignatures: false });
}

/** The signer's Ed25519 signature of `message`, by Node's native signer. */
export function signBytes(message: Uint8Array, signer: Keypair): Buffer {
  return sign(null, message, privateKey(signer));
}

const keys = new WeakMap<Keypair, KeyObject>();
function privateKey(signer: Keypair): KeyObject {
  let key = keys.get(signer);
  if (!key) {
    key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, signer.secretKey.subarray(0, 32)]), format: "der", type: "pkcs8" });
    keys.set(signer, key);
  }
  return key;
}
