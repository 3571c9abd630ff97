// The two node:crypto functions the shared packages call, for the browser build: SHA-256 digests (Anchor
// discriminators computed at module load) and random bytes (placeholder signatures in simulations).
import { Buffer } from "buffer";
import { sha256 } from "@noble/hashes/sha2.js";

export function createHash(algorithm) {
  if (algorithm !== "sha256") throw new Error(`createHash("${algorithm}") is not available in the browser build`);
  const parts = [];
  return {
    update(data) {
      parts.push(typeof data === "string" ? new TextEncoder().encode(data) : data);
      return this;
    },
    digest(encoding) {
      const digest = Buffer.from(sha256(Buffer.concat(parts)));
      return encoding ? digest.toString(encoding) : digest;
    },
  };
}

export function randomBytes(size) {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(size)));
}

export default { createHash, randomBytes };
