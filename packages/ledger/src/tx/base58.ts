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
    text = bs58.encode(bytes);
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

export function encodeBase58(bytes: Uint8Array): string {
  return bs58.encode(bytes);
}
