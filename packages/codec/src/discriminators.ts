// Hashed with @noble/hashes rather than node:crypto so the codec runs in a browser without shims.
import { sha256 } from "@noble/hashes/sha2";

function discriminator(preimage: string): Buffer {
  return Buffer.from(sha256(new TextEncoder().encode(preimage)).subarray(0, 8));
}

/** Anchor's instruction discriminator: sha256("global:<snake_case name>")[0..8]. */
export function instructionDiscriminator(name: string): Buffer {
  return discriminator(`global:${name}`);
}

/** Anchor's account discriminator: sha256("account:<StructName>")[0..8]. */
export function accountDiscriminator(name: string): Buffer {
  return discriminator(`account:${name}`);
}
