// Pyth's accumulator as the receiver checks it (pythnet_sdk, wire v1, big-endian): a VAA's payload is a
// WormholeMessage {magic "AUWV", payload: enum tag 0 = Merkle {slot u64, ring_size u32, root [u8; 20]}}; each price is
// a Message (enum tag 0 = PriceFeedMessage, 1 = TwapMessage, 2 = PublisherStakeCapsMessage) proven against the root
// by a path of 20-byte keccak160 hashes. Leaf = keccak160(0x00 ‖ message); node = keccak160(0x01 ‖ lower ‖ higher),
// the two children ordered bytewise; keccak160 is keccak256's first 20 bytes.
import { keccak_256 } from "@noble/hashes/sha3";
import type { PriceFeedMessage } from "./price-update-v2.js";

export const WORMHOLE_MERKLE_MAGIC = "AUWV";
export const MERKLE_HASH_LENGTH = 20;
/** Message variants in the accumulator's `Message` enum. */
export const AccumulatorMessageType = { PriceFeed: 0, Twap: 1, PublisherStakeCaps: 2 } as const;

const WORMHOLE_MERKLE_PAYLOAD_LENGTH = 4 + 1 + 8 + 4 + MERKLE_HASH_LENGTH;
const PRICE_FEED_MESSAGE_LENGTH = 1 + 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8;
const LEAF_PREFIX = 0;
const NODE_PREFIX = 1;

export function keccak160(data: Uint8Array): Uint8Array {
  return keccak_256(data).subarray(0, MERKLE_HASH_LENGTH);
}

export function merkleLeaf(message: Uint8Array): Uint8Array {
  return keccak160(Uint8Array.from([LEAF_PREFIX, ...message]));
}

function compare(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

export function merkleNode(a: Uint8Array, b: Uint8Array): Uint8Array {
  const [lower, higher] = compare(a, b) <= 0 ? [a, b] : [b, a];
  return keccak160(Uint8Array.from([NODE_PREFIX, ...lower, ...higher]));
}

/** Whether `proof` leads from `message`'s leaf to `root`. */
export function merkleProofHolds(root: Uint8Array, message: Uint8Array, proof: readonly Uint8Array[]): boolean {
  const computed = proof.reduce((current, sibling) => merkleNode(current, sibling), merkleLeaf(message));
  return compare(computed, root) === 0;
}

/**
 * The root over `messages` and each message's proof: leaves paired level by level, an odd last node carried up
 * unpaired (the way a publisher builds it does not matter to the check, which only follows the path).
 */
export function buildMerkleTree(messages: readonly Uint8Array[]): { root: Uint8Array; proofs: Uint8Array[][] } {
  if (messages.length === 0) throw new RangeError("a Merkle tree needs at least one message");
  let level = messages.map((m) => merkleLeaf(m));
  let positions = messages.map((_, i) => i);
  const proofs: Uint8Array[][] = messages.map(() => []);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i];
      const right = level[i + 1];
      if (left === undefined) break;
      next.push(right === undefined ? left : merkleNode(left, right));
    }
    positions = positions.map((position, m) => {
      const sibling = level[position ^ 1];
      if (sibling !== undefined) proofs[m]?.push(sibling);
      return position >> 1;
    });
    level = next;
  }
  const root = level[0];
  if (root === undefined) throw new RangeError("a Merkle tree needs at least one message");
  return { root, proofs };
}

export interface WormholeMerkleRoot {
  slot: bigint;
  ringSize: number;
  root: Uint8Array;
}

export function encodeWormholeMerkleRoot(p: WormholeMerkleRoot): Buffer {
  const out = Buffer.alloc(WORMHOLE_MERKLE_PAYLOAD_LENGTH);
  out.write(WORMHOLE_MERKLE_MAGIC, 0, "ascii");
  out.writeUInt8(0, 4);
  out.writeBigUInt64BE(p.slot, 5);
  out.writeUInt32BE(p.ringSize, 13);
  out.set(p.root, 17);
  return out;
}

/** The root a VAA payload carries; null unless it is a Merkle WormholeMessage. */
export function decodeWormholeMerkleRoot(payload: Uint8Array): WormholeMerkleRoot | null {
  const buf = Buffer.from(payload.buffer, payload.byteOffset, payload.length);
  if (buf.length < WORMHOLE_MERKLE_PAYLOAD_LENGTH) return null;
  if (buf.toString("ascii", 0, 4) !== WORMHOLE_MERKLE_MAGIC || buf.readUInt8(4) !== 0) return null;
  return { slot: buf.readBigUInt64BE(5), ringSize: buf.readUInt32BE(13), root: Uint8Array.from(buf.subarray(17, 37)) };
}

export function encodePriceFeedMessage(m: PriceFeedMessage): Buffer {
  const out = Buffer.alloc(PRICE_FEED_MESSAGE_LENGTH);
  out.writeUInt8(AccumulatorMessageType.PriceFeed, 0);
  out.set(m.feedId, 1);
  out.writeBigInt64BE(m.price, 33);
  out.writeBigUInt64BE(m.conf, 41);
  out.writeInt32BE(m.exponent, 49);
  out.writeBigInt64BE(m.publishTime, 53);
  out.writeBigInt64BE(m.prevPublishTime, 61);
  out.writeBigInt64BE(m.emaPrice, 69);
  out.writeBigUInt64BE(m.emaConf, 77);
  return out;
}

/** An accumulator message: a price feed message decoded, another known type by its tag, or null when malformed. */
export function decodeAccumulatorMessage(
  bytes: Uint8Array,
): { type: "price"; message: PriceFeedMessage } | { type: "other"; tag: number } | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const tag = buf.length > 0 ? buf.readUInt8(0) : -1;
  if (tag === AccumulatorMessageType.Twap || tag === AccumulatorMessageType.PublisherStakeCaps) return { type: "other", tag };
  if (tag !== AccumulatorMessageType.PriceFeed || buf.length < PRICE_FEED_MESSAGE_LENGTH) return null;
  return {
    type: "price",
    message: {
      feedId: Uint8Array.from(buf.subarray(1, 33)),
      price: buf.readBigInt64BE(33),
      conf: buf.readBigUInt64BE(41),
      exponent: buf.readInt32BE(49),
      publishTime: buf.readBigInt64BE(53),
      prevPublishTime: buf.readBigInt64BE(61),
      emaPrice: buf.readBigInt64BE(69),
      emaConf: buf.readBigUInt64BE(77),
    },
  };
}

export const ACCUMULATOR_UPDATE_MAGIC = "PNAU";

/**
 * Hermes' price update data (AccumulatorUpdateData, wire v1): magic "PNAU", major 1, minor, a u8-length trailing
 * header, then proof tag 0 = WormholeMerkle {vaa: u16-length bytes, updates: u8 count of {message: u16-length bytes,
 * proof: u8 count of 20-byte hashes}}: the VAA and each message with its proof, as post_update_atomic takes them.
 * Null when the bytes are not that.
 */
export function parseAccumulatorUpdateData(
  bytes: Uint8Array,
): { vaa: Uint8Array; updates: { message: Uint8Array; proof: Uint8Array[] }[] } | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let at = 0;
  const take = (n: number): Buffer | null => {
    if (at + n > buf.length) return null;
    at += n;
    return buf.subarray(at - n, at);
  };
  const u8 = () => take(1)?.readUInt8(0) ?? null;
  const u16 = () => take(2)?.readUInt16BE(0) ?? null;
  if (take(4)?.toString("ascii") !== ACCUMULATOR_UPDATE_MAGIC || u8() !== 1 || u8() === null) return null;
  const trailing = u8();
  if (trailing === null || take(trailing) === null || u8() !== 0) return null;
  const vaaLength = u16();
  const vaa = vaaLength === null ? null : take(vaaLength);
  const count = u8();
  if (vaa === null || count === null) return null;
  const updates: { message: Uint8Array; proof: Uint8Array[] }[] = [];
  for (let i = 0; i < count; i += 1) {
    const messageLength = u16();
    const message = messageLength === null ? null : take(messageLength);
    const depth = u8();
    if (message === null || depth === null) return null;
    const proof: Uint8Array[] = [];
    for (let j = 0; j < depth; j += 1) {
      const node = take(MERKLE_HASH_LENGTH);
      if (node === null) return null;
      proof.push(Uint8Array.from(node));
    }
    updates.push({ message: Uint8Array.from(message), proof });
  }
  return { vaa: Uint8Array.from(vaa), updates };
}
