// The UserMetadata account (1024 bytes + discriminator; reference §1.5): one per wallet at ["user_meta", owner],
// required before the wallet opens obligations. It records who referred the wallet (none in this market).
import { accountLayout, pubkey, skip, struct, u64, type AccountData, type StructValue } from "@ballast/codec";
import { asMarketAccountData, decodeMarketAccount, encodeMarketAccountInto } from "./common.js";

/** sha256("account:UserMetadata")[0..8]. */
export const USER_METADATA_DISCRIMINATOR: Uint8Array = Uint8Array.from([157, 214, 220, 235, 98, 135, 171, 28]);

export const UserMetadataLayout = accountLayout(
  "UserMetadata",
  Buffer.from(USER_METADATA_DISCRIMINATOR),
  struct(1024, {
    referrer: [0, pubkey],
    /** Bump of the ["user_meta", owner] PDA. */
    bump: [32, u64],
    userLookupTable: [40, pubkey],
    owner: [72, pubkey],
    padding: [104, skip(920)],
  }),
);

/** Account data size, discriminator included. */
export const USER_METADATA_SIZE = UserMetadataLayout.space;

export type UserMetadata = StructValue<typeof UserMetadataLayout.struct.fields>;

/** UserMetadata account data: the discriminator and size checked, so data of another kind never passes for it. */
export type UserMetadataData = AccountData<typeof UserMetadataLayout.name>;

/** Brands `data` as a UserMetadata's after the size and discriminator checks; null for data of another kind. */
export function asUserMetadataData(data: Buffer): UserMetadataData | null {
  return asMarketAccountData(UserMetadataLayout, data);
}

export function decodeUserMetadata(data: Uint8Array): UserMetadata {
  return decodeMarketAccount(UserMetadataLayout, data);
}

export function encodeUserMetadataInto(data: Buffer, m: UserMetadata): void {
  encodeMarketAccountInto(UserMetadataLayout, data, m);
}
