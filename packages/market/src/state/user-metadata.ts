// The UserMetadata account (1024 bytes + discriminator; reference §1.5): one per wallet at ["user_meta", owner],
// required before the wallet opens obligations. It records who referred the wallet (none in this market).
import { checkAccount } from "./common.js";
import { FieldWriter } from "./fields.js";

/** sha256("account:UserMetadata")[0..8]. */
export const USER_METADATA_DISCRIMINATOR: Uint8Array = Uint8Array.from([157, 214, 220, 235, 98, 135, 171, 28]);
/** Account data size, discriminator included. */
export const USER_METADATA_SIZE = 1032;

export interface UserMetadata {
  referrer: string;
  /** Bump of the ["user_meta", owner] PDA. */
  bump: bigint;
  userLookupTable: string;
  owner: string;
}

export function decodeUserMetadata(data: Uint8Array): UserMetadata {
  const f = checkAccount(data, USER_METADATA_DISCRIMINATOR, USER_METADATA_SIZE, "UserMetadata");
  return { referrer: f.pubkey(8), bump: f.u64(40), userLookupTable: f.pubkey(48), owner: f.pubkey(80) };
}

export function encodeUserMetadataInto(data: Buffer, m: UserMetadata): void {
  const w = new FieldWriter(data);
  data.set(USER_METADATA_DISCRIMINATOR, 0);
  w.pubkey(8, m.referrer);
  w.u64(40, m.bump);
  w.pubkey(48, m.userLookupTable);
  w.pubkey(80, m.owner);
}
