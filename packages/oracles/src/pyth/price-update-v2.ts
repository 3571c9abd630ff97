// Pyth receiver `PriceUpdateV2` account (reference §6.2): an Anchor Borsh account, 134 bytes allocated.
//
//   [0, 8)    discriminator 22f123639d7ef4cd
//   [8, 40)   write_authority
//   40        verification_level tag: 0 = Partial (then num_signatures u8 at 41), 1 = Full
//   then      price_message (84 bytes) and posted_slot u64
//
// Because the Borsh enum is one byte (Full) or two (Partial), every field after it sits one byte later for Partial.
import {
  type Address,
  OracleLayoutError,
  asBuffer,
  hasDiscriminator,
  readBytes,
  readI64,
  readPubkey,
  readU64,
  writeBytes,
  writeI64,
  writePubkey,
  writeU64,
} from "../bytes.js";

/** sha256("account:PriceUpdateV2")[0..8]. */
export const PRICE_UPDATE_V2_DISCRIMINATOR: Uint8Array = Uint8Array.from([34, 241, 35, 99, 157, 126, 244, 205]);
/** `PriceUpdateV2::LEN`: the space the receiver allocates (the Partial encoding fills it exactly). */
export const PRICE_UPDATE_V2_LEN = 134;
/** Serialized `PriceFeedMessage` size. */
export const PRICE_FEED_MESSAGE_SIZE = 84;
export const FEED_ID_LENGTH = 32;

export const VERIFICATION_LEVEL_PARTIAL_TAG = 0;
export const VERIFICATION_LEVEL_FULL_TAG = 1;

export type VerificationLevel = { readonly kind: "Partial"; readonly numSignatures: number } | { readonly kind: "Full" };

export interface PriceFeedMessage {
  /** 32-byte Pyth feed id. */
  feedId: Uint8Array;
  /** Real price = price × 10^exponent. */
  price: bigint;
  conf: bigint;
  exponent: number;
  /** Unix seconds. */
  publishTime: bigint;
  prevPublishTime: bigint;
  emaPrice: bigint;
  emaConf: bigint;
}

export interface PriceUpdateV2 {
  writeAuthority: Address;
  verificationLevel: VerificationLevel;
  priceMessage: PriceFeedMessage;
  /** Solana slot of the post. */
  postedSlot: bigint;
}

/** Account-data offsets (discriminator included) for one verification level. */
export interface PriceUpdateV2Offsets {
  readonly discriminator: number;
  readonly writeAuthority: number;
  readonly verificationLevel: number;
  /** Only present for Partial. */
  readonly numSignatures: number | null;
  readonly feedId: number;
  readonly price: number;
  readonly conf: number;
  readonly exponent: number;
  readonly publishTime: number;
  readonly prevPublishTime: number;
  readonly emaPrice: number;
  readonly emaConf: number;
  readonly postedSlot: number;
  /** First byte after posted_slot (133 for Full, 134 for Partial). */
  readonly end: number;
}

function offsetsFor(shift: 0 | 1): PriceUpdateV2Offsets {
  const feedId = 41 + shift;
  return Object.freeze({
    discriminator: 0,
    writeAuthority: 8,
    verificationLevel: 40,
    numSignatures: shift === 1 ? 41 : null,
    feedId,
    price: feedId + 32,
    conf: feedId + 40,
    exponent: feedId + 48,
    publishTime: feedId + 52,
    prevPublishTime: feedId + 60,
    emaPrice: feedId + 68,
    emaConf: feedId + 76,
    postedSlot: feedId + 84,
    end: feedId + 92,
  });
}

/** Offsets when verification_level is Full (one-byte enum): price at 73, posted_slot at 125. */
export const PRICE_UPDATE_V2_FULL_OFFSETS: PriceUpdateV2Offsets = offsetsFor(0);
/** Offsets when verification_level is Partial (two-byte enum): price at 74, posted_slot at 126. */
export const PRICE_UPDATE_V2_PARTIAL_OFFSETS: PriceUpdateV2Offsets = offsetsFor(1);

export function priceUpdateV2Offsets(level: VerificationLevel | VerificationLevel["kind"]): PriceUpdateV2Offsets {
  const kind = typeof level === "string" ? level : level.kind;
  return kind === "Full" ? PRICE_UPDATE_V2_FULL_OFFSETS : PRICE_UPDATE_V2_PARTIAL_OFFSETS;
}

/** The offsets that apply to these account bytes, read from the verification-level tag at byte 40. */
export function priceUpdateV2OffsetsOf(data: Uint8Array): PriceUpdateV2Offsets {
  if (data.length <= 40) throw new OracleLayoutError(`PriceUpdateV2 data is ${data.length} bytes, too short for the verification level`);
  const tag = data[40];
  if (tag === VERIFICATION_LEVEL_FULL_TAG) return PRICE_UPDATE_V2_FULL_OFFSETS;
  if (tag === VERIFICATION_LEVEL_PARTIAL_TAG) return PRICE_UPDATE_V2_PARTIAL_OFFSETS;
  throw new OracleLayoutError(`PriceUpdateV2 verification level tag ${tag} is neither 0 (Partial) nor 1 (Full)`);
}

export function isPriceUpdateV2(data: Uint8Array): boolean {
  return hasDiscriminator(data, PRICE_UPDATE_V2_DISCRIMINATOR);
}

/** Full ≥ anything; Partial{a} ≥ Partial{b} iff a ≥ b; Partial never satisfies Full (receiver SDK rule). */
export function verificationLevelAtLeast(level: VerificationLevel, required: VerificationLevel): boolean {
  if (level.kind === "Full") return true;
  if (required.kind === "Full") return false;
  return level.numSignatures >= required.numSignatures;
}

/** Decodes PriceUpdateV2 account data, as Anchor does: discriminator check, then Borsh fields; trailing bytes are ignored. */
export function decodePriceUpdateV2(data: Uint8Array): PriceUpdateV2 {
  const buf = asBuffer(data);
  if (!isPriceUpdateV2(buf)) throw new OracleLayoutError("account data does not start with the PriceUpdateV2 discriminator");
  const off = priceUpdateV2OffsetsOf(buf);
  if (buf.length < off.end) throw new OracleLayoutError(`PriceUpdateV2 data is ${buf.length} bytes, needs ${off.end}`);
  const verificationLevel: VerificationLevel =
    off.numSignatures === null ? { kind: "Full" } : { kind: "Partial", numSignatures: buf.readUInt8(off.numSignatures) };
  return {
    writeAuthority: readPubkey(buf, off.writeAuthority),
    verificationLevel,
    priceMessage: {
      feedId: readBytes(buf, off.feedId, FEED_ID_LENGTH),
      price: readI64(buf, off.price),
      conf: readU64(buf, off.conf),
      exponent: buf.readInt32LE(off.exponent),
      publishTime: readI64(buf, off.publishTime),
      prevPublishTime: readI64(buf, off.prevPublishTime),
      emaPrice: readI64(buf, off.emaPrice),
      emaConf: readU64(buf, off.emaConf),
    },
    postedSlot: readU64(buf, off.postedSlot),
  };
}

/**
 * Serializes `value` over the start of `target` (discriminator included) like Anchor's account write-back:
 * bytes after the encoding's end (the spare byte of a Full account) are left as they are.
 */
export function encodePriceUpdateV2Into(target: Uint8Array, value: PriceUpdateV2): void {
  const buf = asBuffer(target);
  const off = priceUpdateV2Offsets(value.verificationLevel);
  if (buf.length < off.end) throw new RangeError(`PriceUpdateV2 needs ${off.end} bytes, target has ${buf.length}`);
  const level = value.verificationLevel;
  const m = value.priceMessage;
  // Validate everything before the first write so a bad value never leaves a half-written account.
  if (level.kind === "Partial" && !(Number.isInteger(level.numSignatures) && level.numSignatures >= 0 && level.numSignatures <= 0xff)) {
    throw new RangeError(`num_signatures must be a u8, got ${level.numSignatures}`);
  }
  if (m.feedId.length !== FEED_ID_LENGTH) throw new RangeError(`feed_id must be 32 bytes, got ${m.feedId.length}`);
  if (!Number.isInteger(m.exponent) || m.exponent < -0x8000_0000 || m.exponent > 0x7fff_ffff) {
    throw new RangeError(`exponent must be an i32, got ${m.exponent}`);
  }
  const scratch = Buffer.alloc(off.end);
  scratch.set(PRICE_UPDATE_V2_DISCRIMINATOR, off.discriminator);
  writePubkey(scratch, off.writeAuthority, value.writeAuthority);
  if (level.kind === "Full") {
    scratch.writeUInt8(VERIFICATION_LEVEL_FULL_TAG, off.verificationLevel);
  } else {
    scratch.writeUInt8(VERIFICATION_LEVEL_PARTIAL_TAG, off.verificationLevel);
    scratch.writeUInt8(level.numSignatures, off.numSignatures!);
  }
  writeBytes(scratch, off.feedId, FEED_ID_LENGTH, m.feedId);
  writeI64(scratch, off.price, m.price);
  writeU64(scratch, off.conf, m.conf);
  scratch.writeInt32LE(m.exponent, off.exponent);
  writeI64(scratch, off.publishTime, m.publishTime);
  writeI64(scratch, off.prevPublishTime, m.prevPublishTime);
  writeI64(scratch, off.emaPrice, m.emaPrice);
  writeU64(scratch, off.emaConf, m.emaConf);
  writeU64(scratch, off.postedSlot, value.postedSlot);
  buf.set(scratch, 0);
}

/** A fresh zero-filled account image (`length` defaults to the receiver's 134-byte allocation). */
export function encodePriceUpdateV2(value: PriceUpdateV2, length: number = PRICE_UPDATE_V2_LEN): Buffer {
  const buf = Buffer.alloc(length);
  encodePriceUpdateV2Into(buf, value);
  return buf;
}
