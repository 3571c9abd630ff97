// Pyth receiver `PriceUpdateV2` account (reference §6.2): an Anchor Borsh account, 134 bytes allocated.
//
//   [0, 8)    discriminator 22f123639d7ef4cd
//   [8, 40)   write_authority
//   40        verification_level tag: 0 = Partial (then num_signatures u8 at 41), 1 = Full
//   then      price_message (84 bytes) and posted_slot u64
//
// Because the Borsh enum is one byte (Full) or two (Partial), every field after it sits one byte later for Partial.
import { bytes, i32, i64, pubkey, skip, struct, u64, u8, type StructValue } from "@ballast/codec";
import { type Address, OracleLayoutError, asBuffer, hasDiscriminator } from "../bytes.js";

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

const PriceFeedMessageStruct = struct(PRICE_FEED_MESSAGE_SIZE, {
  /** 32-byte Pyth feed id. */
  feedId: [0, bytes(FEED_ID_LENGTH)],
  /** Real price = price × 10^exponent. */
  price: [32, i64],
  conf: [40, u64],
  exponent: [48, i32],
  /** Unix seconds. */
  publishTime: [52, i64],
  prevPublishTime: [60, i64],
  emaPrice: [68, i64],
  emaConf: [76, u64],
});

export type PriceFeedMessage = StructValue<typeof PriceFeedMessageStruct.fields>;

// The account from its discriminator on, once per verification level: Full's enum is its tag alone, Partial's is the
// tag and num_signatures, so everything after it sits one byte later.
const FullStruct = struct(133, {
  discriminator: [0, skip(8)],
  writeAuthority: [8, pubkey],
  verificationLevel: [40, u8],
  priceMessage: [41, PriceFeedMessageStruct],
  /** Solana slot of the post. */
  postedSlot: [125, u64],
});

const PartialStruct = struct(134, {
  discriminator: [0, skip(8)],
  writeAuthority: [8, pubkey],
  verificationLevel: [40, u8],
  numSignatures: [41, u8],
  priceMessage: [42, PriceFeedMessageStruct],
  postedSlot: [126, u64],
});

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

function offsetsOf(layout: typeof FullStruct | typeof PartialStruct): PriceUpdateV2Offsets {
  const o = layout.offsets;
  const m = PriceFeedMessageStruct.offsets;
  const message = o.priceMessage;
  return Object.freeze({
    discriminator: o.discriminator,
    writeAuthority: o.writeAuthority,
    verificationLevel: o.verificationLevel,
    numSignatures: "numSignatures" in o ? o.numSignatures : null,
    feedId: message + m.feedId,
    price: message + m.price,
    conf: message + m.conf,
    exponent: message + m.exponent,
    publishTime: message + m.publishTime,
    prevPublishTime: message + m.prevPublishTime,
    emaPrice: message + m.emaPrice,
    emaConf: message + m.emaConf,
    postedSlot: o.postedSlot,
    end: layout.size,
  });
}

/** Offsets when verification_level is Full (one-byte enum): price at 73, posted_slot at 125. */
export const PRICE_UPDATE_V2_FULL_OFFSETS: PriceUpdateV2Offsets = offsetsOf(FullStruct);
/** Offsets when verification_level is Partial (two-byte enum): price at 74, posted_slot at 126. */
export const PRICE_UPDATE_V2_PARTIAL_OFFSETS: PriceUpdateV2Offsets = offsetsOf(PartialStruct);

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
  if (off === PRICE_UPDATE_V2_FULL_OFFSETS) {
    const { writeAuthority, priceMessage, postedSlot } = FullStruct.read(buf, 0);
    return { writeAuthority, verificationLevel: { kind: "Full" }, priceMessage, postedSlot };
  }
  const { writeAuthority, numSignatures, priceMessage, postedSlot } = PartialStruct.read(buf, 0);
  return { writeAuthority, verificationLevel: { kind: "Partial", numSignatures }, priceMessage, postedSlot };
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
  const { writeAuthority, postedSlot } = value;
  if (level.kind === "Full") {
    FullStruct.write(scratch, 0, { writeAuthority, verificationLevel: VERIFICATION_LEVEL_FULL_TAG, priceMessage: m, postedSlot });
  } else {
    const fields = { writeAuthority, verificationLevel: VERIFICATION_LEVEL_PARTIAL_TAG, numSignatures: level.numSignatures };
    PartialStruct.write(scratch, 0, { ...fields, priceMessage: m, postedSlot });
  }
  buf.set(scratch, 0);
}

/** A fresh zero-filled account image (`length` defaults to the receiver's 134-byte allocation). */
export function encodePriceUpdateV2(value: PriceUpdateV2, length: number = PRICE_UPDATE_V2_LEN): Buffer {
  const buf = Buffer.alloc(length);
  encodePriceUpdateV2Into(buf, value);
  return buf;
}
