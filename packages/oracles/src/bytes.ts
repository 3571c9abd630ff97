// What the oracle account layouts share beyond the layout engine: the address spelling, byte views, the
// discriminator check and the layout error.

/** Base58 account address, the spelling the ledger uses everywhere. */
export type Address = string;

export const PUBKEY_LENGTH = 32;

/** Views any byte array as a Buffer over the same memory (no copy). */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Checks the 8-byte Anchor discriminator at the start of `data`. */
export function hasDiscriminator(data: Uint8Array, discriminator: Uint8Array): boolean {
  return data.length >= discriminator.length && bytesEqual(data.subarray(0, discriminator.length), discriminator);
}

/** Thrown when account bytes do not hold the layout a decoder expects (wrong discriminator, too short, bad tag). */
export class OracleLayoutError extends Error {
  override readonly name = "OracleLayoutError";
}
