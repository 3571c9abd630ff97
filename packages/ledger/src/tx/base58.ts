import bs58 from "bs58";

/**
 * base58 of 32-byte keys, memoised: the same few thousand keys recur in every transaction and the encoding is
 * the single most expensive step of decoding one.
 */
const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

export function keyToBase58(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let text = cache.get(raw);
  if (text === undefined) {
    text = encodeBase58(bytes);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(raw, text);
  }
  return text;
}

export function base58ToBytes(text: string): Buffer {
  return Buffer.from(bs58.decode(text));
}

/** The reverse, memoised for keys written into account data on every transaction (token accounts). */
const bytesCache = new Map<string, Buffer>();

/** Writes the 32 bytes of a base58 key into `out` at `offset`; returns how many bytes the key has (32 when valid). */
export function writeBase58Key(text: string, out: Buffer, offset: number): number {
  let bytes = bytesCache.get(text);
  if (bytes === undefined) {
    bytes = base58ToBytes(text);
    if (bytesCache.size >= CACHE_LIMIT) bytesCache.clear();
    bytesCache.set(text, bytes);
  }
  if (bytes.length === 32) bytes.copy(out, offset);
  return bytes.length;
}

const ALPHABET_CODES = Buffer.from("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", "latin1");
const ONE = 0x31;
/** 58^5: five base58 digits per limb keep every intermediate product below 2^53. */
const LIMB = 656_356_768;
/** log(256) / log(58^5): limbs needed per input byte. */
const LIMBS_PER_BYTE = 0.2732;

/**
 * base58 as bs58 writes it (one "1" per leading zero byte), converted five digits at a time over 16-bit input
 * chunks: a transaction signature is encoded on every send, and digit-at-a-time conversion cost ~10x more.
 */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const limbs = new Float64Array(Math.ceil((bytes.length - zeros) * LIMBS_PER_BYTE) + 1);
  let used = 0;
  let i = zeros;
  // An odd count takes one byte alone first, so the rest go in pairs.
  if ((bytes.length - zeros) % 2 === 1) {
    limbs[0] = bytes[i++] ?? 0;
    used = 1;
  }
  for (; i < bytes.length; i += 2) {
    let carry = ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
    for (let l = 0; l < used; l++) {
      const value = (limbs[l] ?? 0) * 65_536 + carry;
      carry = Math.floor(value / LIMB);
      limbs[l] = value - carry * LIMB;
    }
    while (carry > 0) {
      limbs[used++] = carry % LIMB;
      carry = Math.floor(carry / LIMB);
    }
  }
  // Digits written as character codes, most significant first: a string built a character at a time costs more.
  const out = Buffer.allocUnsafe(zeros + used * 5);
  out.fill(ONE, 0, zeros);
  let end = out.length;
  for (let l = 0; l < used; l++) {
    let limb = limbs[l] ?? 0;
    for (let d = 0; d < 5; d++) {
      const next = Math.floor(limb / 58);
      out[--end] = ALPHABET_CODES[limb - next * 58] ?? ONE;
      limb = next;
    }
  }
  // The top limb's leading zero digits are padding, not leading zero bytes.
  let start = zeros;
  while (start < out.length && out[start] === ONE) start++;
  return start === zeros ? out.toString("latin1") : out.toString("latin1", 0, zeros) + out.toString("latin1", start);
}
