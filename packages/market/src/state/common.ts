// What every klend account shares: an Anchor layout checked (size, then discriminator) before decoding, written in
// place with the bytes it does not model left as they are, and LastUpdate, the refresh record of reserves and
// obligations (reference §1.3).
import {
  DISCRIMINATOR_SIZE,
  asAccountData,
  skip,
  struct,
  u64,
  u8,
  type AccountData,
  type AccountLayout,
  type FieldTable,
  type StructValue,
} from "@ballast/codec";

export class MarketDecodeError extends Error {}

/** Decodes `data` after checking its length and discriminator. */
export function decodeMarketAccount<F extends FieldTable>(layout: AccountLayout<F>, data: Uint8Array): StructValue<F> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < layout.space) throw new MarketDecodeError(`${layout.name} data is ${buf.length} bytes, needs ${layout.space}`);
  if (Buffer.compare(buf.subarray(0, DISCRIMINATOR_SIZE), layout.discriminator) !== 0)
    throw new MarketDecodeError(`account data does not start with the ${layout.name} discriminator`);
  return layout.struct.read(buf, DISCRIMINATOR_SIZE);
}

/** Brands `data` as the layout's after the size and discriminator checks; null for data of another kind. */
export function asMarketAccountData<F extends FieldTable, N extends string>(
  layout: AccountLayout<F, N>,
  data: Buffer,
): AccountData<N> | null {
  return data.length >= layout.space ? asAccountData(layout, data) : null;
}

/** Writes the discriminator and every modelled field of `value` into `data` in place (padding untouched). */
export function encodeMarketAccountInto<F extends FieldTable>(layout: AccountLayout<F>, data: Buffer, value: StructValue<F>): void {
  data.set(layout.discriminator, 0);
  layout.struct.write(data, DISCRIMINATOR_SIZE, value);
}

export const LastUpdateStruct = struct(16, {
  slot: [0, u64],
  /** u8: 1 when an operation marked the account stale since its last refresh. */
  stale: [8, u8],
  /** Bit set of checks the last refresh passed (63 = all). */
  priceStatus: [9, u8],
  padding: [10, skip(6)],
});

export type LastUpdate = StructValue<typeof LastUpdateStruct.fields>;

export const LAST_UPDATE_SIZE = LastUpdateStruct.size;
