// What every klend account shares: the discriminator and size check before decoding, and LastUpdate, the refresh
// record of reserves and obligations (reference §1.3).
import { FieldReader, FieldWriter } from "./fields.js";

export class MarketDecodeError extends Error {}

/** A decoder's view of `data` once its length and discriminator are right. */
export function checkAccount(data: Uint8Array, discriminator: Uint8Array, size: number, kind: string): FieldReader {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < size) throw new MarketDecodeError(`${kind} data is ${buf.length} bytes, needs ${size}`);
  if (Buffer.compare(buf.subarray(0, 8), discriminator) !== 0)
    throw new MarketDecodeError(`account data does not start with the ${kind} discriminator`);
  return new FieldReader(buf);
}

export interface LastUpdate {
  slot: bigint;
  /** u8: 1 when an operation marked the account stale since its last refresh. */
  stale: number;
  /** Bit set of checks the last refresh passed (63 = all). */
  priceStatus: number;
}

export const LAST_UPDATE_SIZE = 16;

export function readLastUpdate(f: FieldReader, offset: number): LastUpdate {
  return { slot: f.u64(offset), stale: f.u8(offset + 8), priceStatus: f.u8(offset + 9) };
}

export function writeLastUpdate(w: FieldWriter, offset: number, value: LastUpdate): void {
  w.u64(offset, value.slot);
  w.u8(offset + 8, value.stale);
  w.u8(offset + 9, value.priceStatus);
}
