// The referrer accounts (reference MO §1.5, SML §2.2): a referrer's fees per reserve (ReferrerTokenState at
// ["referrer_acc", referrer, reserve]), the referrer's registration (ReferrerState at ["ref_state", referrer]) and its
// short URL (ShortUrl at ["short_url", url], a Borsh account holding the referrer and the URL string).
import { accountLayout, pubkey, skip, struct, u128, u64, type AccountData, type StructValue } from "@ballast/codec";
import { asMarketAccountData, decodeMarketAccount, encodeMarketAccountInto } from "./common.js";

/** sha256("account:ReferrerTokenState")[0..8]. */
export const REFERRER_TOKEN_STATE_DISCRIMINATOR: Uint8Array = Uint8Array.from([39, 15, 208, 77, 32, 195, 105, 56]);

export const ReferrerTokenStateLayout = accountLayout(
  "ReferrerTokenState",
  Buffer.from(REFERRER_TOKEN_STATE_DISCRIMINATOR),
  struct(352, {
    referrer: [0, pubkey],
    /** The reserve's liquidity mint. */
    mint: [32, pubkey],
    /** Fees earned and not yet withdrawn (Fraction). */
    amountUnclaimedSf: [64, u128],
    /** Fees ever earned (Fraction). */
    amountCumulativeSf: [80, u128],
    bump: [96, u64],
    padding: [104, skip(248)],
  }),
);

export const REFERRER_TOKEN_STATE_SIZE = ReferrerTokenStateLayout.space;

export type ReferrerTokenState = StructValue<typeof ReferrerTokenStateLayout.struct.fields>;

export type ReferrerTokenStateData = AccountData<typeof ReferrerTokenStateLayout.name>;

export function asReferrerTokenStateData(data: Buffer): ReferrerTokenStateData | null {
  return asMarketAccountData(ReferrerTokenStateLayout, data);
}

export function decodeReferrerTokenState(data: Uint8Array): ReferrerTokenState {
  return decodeMarketAccount(ReferrerTokenStateLayout, data);
}

export function encodeReferrerTokenStateInto(data: Buffer, s: ReferrerTokenState): void {
  encodeMarketAccountInto(ReferrerTokenStateLayout, data, s);
}

/** sha256("account:ReferrerState")[0..8]. */
export const REFERRER_STATE_DISCRIMINATOR: Uint8Array = Uint8Array.from([194, 81, 217, 103, 12, 19, 12, 66]);

export const ReferrerStateLayout = accountLayout(
  "ReferrerState",
  Buffer.from(REFERRER_STATE_DISCRIMINATOR),
  struct(64, {
    /** The address of the referrer's ShortUrl account. */
    shortUrl: [0, pubkey],
    owner: [32, pubkey],
  }),
);

export const REFERRER_STATE_SIZE = ReferrerStateLayout.space;

export type ReferrerState = StructValue<typeof ReferrerStateLayout.struct.fields>;

export function decodeReferrerState(data: Uint8Array): ReferrerState {
  return decodeMarketAccount(ReferrerStateLayout, data);
}

/** sha256("account:ShortUrl")[0..8]. */
export const SHORT_URL_DISCRIMINATOR: Uint8Array = Uint8Array.from([28, 89, 174, 25, 226, 124, 126, 212]);

/** klend allocates 68 bytes after the discriminator: the referrer, the string's u32 length and at most 32 bytes. */
export const SHORT_URL_SIZE = 8 + 68;

/** The longest URL a ShortUrl account holds (and a PDA seed allows). */
export const SHORT_URL_MAX_LENGTH = 32;

export interface ShortUrl {
  referrer: string;
  shortUrl: string;
}

/** ShortUrl data as Anchor's Borsh serialisation writes it, zero-filled to the allocated size. */
export function encodeShortUrl(s: ShortUrl): Buffer {
  const url = Buffer.from(s.shortUrl, "utf8");
  const data = Buffer.alloc(Math.max(SHORT_URL_SIZE, 8 + 32 + 4 + url.length));
  data.set(SHORT_URL_DISCRIMINATOR, 0);
  pubkey.write(data, 8, s.referrer);
  data.writeUInt32LE(url.length, 40);
  url.copy(data, 44);
  return data;
}

export function decodeShortUrl(data: Uint8Array): ShortUrl {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const length = buf.readUInt32LE(40);
  return { referrer: pubkey.read(buf, 8), shortUrl: buf.subarray(44, 44 + length).toString("utf8") };
}
