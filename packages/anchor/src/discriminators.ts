import { createHash } from "node:crypto";

/** Anchor's instruction discriminator: sha256("global:<snake_case name>")[0..8]. */
export function instructionDiscriminator(name: string): Buffer {
  return createHash("sha256").update(`global:${name}`).digest().subarray(0, 8);
}

/** Anchor's account discriminator: sha256("account:<StructName>")[0..8]. */
export function accountDiscriminator(name: string): Buffer {
  return createHash("sha256").update(`account:${name}`).digest().subarray(0, 8);
}
