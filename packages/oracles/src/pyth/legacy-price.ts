// Legacy Pyth oracle v2 price account (magic 0xa1b2c3d4, account type 3): repr(C), no discriminator, 3312 bytes.
// Decode only: nothing in the ledger writes these; old banks may still name one.
import { array, i32, i64, pubkey, struct, u16, u32, u64, u8, type StructValue } from "@ballast/codec";
import { OracleLayoutError, asBuffer } from "../bytes.js";

export const PYTH_LEGACY_MAGIC = 0xa1b2c3d4;
export const PYTH_LEGACY_VERSION = 2;
/** `atype` of a price account (1 = mapping, 2 = product, 3 = price). */
export const PYTH_LEGACY_ACCOUNT_TYPE_PRICE = 3;
export const PYTH_LEGACY_PRICE_ACCOUNT_SIZE = 3312;
export const PYTH_LEGACY_MAX_COMPONENTS = 32;
export const PYTH_LEGACY_PRICE_INFO_SIZE = 32;
export const PYTH_LEGACY_PRICE_COMP_SIZE = 96;

/** `PriceStatus` (u32 repr). */
export enum PythLegacyPriceStatus {
  Unknown = 0,
  Trading = 1,
  Halted = 2,
  Auction = 3,
  Ignored = 4,
}

export function pythLegacyPriceStatusName(status: number): string {
  return PythLegacyPriceStatus[status] ?? `Invalid(${status})`;
}

const RationalStruct = struct(24, { val: [0, i64], numer: [8, i64], denom: [16, i64] });

const PriceInfoStruct = struct(PYTH_LEGACY_PRICE_INFO_SIZE, {
  price: [0, i64],
  conf: [8, u64],
  /** A `PythLegacyPriceStatus` value; kept as the raw u32. */
  status: [16, u32],
  corpAct: [20, u32],
  pubSlot: [24, u64],
});

const PriceCompStruct = struct(PYTH_LEGACY_PRICE_COMP_SIZE, {
  publisher: [0, pubkey],
  agg: [32, PriceInfoStruct],
  latest: [64, PriceInfoStruct],
});

export const PythLegacyPriceStruct = struct(PYTH_LEGACY_PRICE_ACCOUNT_SIZE, {
  magic: [0, u32],
  ver: [4, u32],
  atype: [8, u32],
  size: [12, u32],
  ptype: [16, u32],
  expo: [20, i32],
  num: [24, u32],
  numQt: [28, u32],
  lastSlot: [32, u64],
  validSlot: [40, u64],
  emaPrice: [48, RationalStruct],
  emaConf: [72, RationalStruct],
  timestamp: [96, i64],
  minPub: [104, u8],
  drv2: [105, u8],
  drv3: [106, u16],
  drv4: [108, u32],
  prod: [112, pubkey],
  next: [144, pubkey],
  prevSlot: [176, u64],
  prevPrice: [184, i64],
  prevConf: [192, u64],
  prevTimestamp: [200, i64],
  agg: [208, PriceInfoStruct],
  /** Always all 32 slots; only the first `num` are live publishers. */
  comp: [240, array(PriceCompStruct, PYTH_LEGACY_MAX_COMPONENTS)],
});

export type PythLegacyRational = StructValue<typeof RationalStruct.fields>;
export type PythLegacyPriceInfo = StructValue<typeof PriceInfoStruct.fields>;
export type PythLegacyPriceComp = StructValue<typeof PriceCompStruct.fields>;
export type PythLegacyPriceAccount = StructValue<typeof PythLegacyPriceStruct.fields>;

/** Byte offsets from the start of the data. */
export const PYTH_LEGACY_PRICE_OFFSETS = Object.freeze({ ...PythLegacyPriceStruct.offsets, end: PythLegacyPriceStruct.size });

export const PYTH_LEGACY_RATIONAL_OFFSETS = Object.freeze(RationalStruct.offsets);
export const PYTH_LEGACY_PRICE_INFO_OFFSETS = Object.freeze(PriceInfoStruct.offsets);
export const PYTH_LEGACY_PRICE_COMP_OFFSETS = Object.freeze(PriceCompStruct.offsets);

export function pythLegacyComponentOffset(i: number): number {
  if (!Number.isInteger(i) || i < 0 || i >= PYTH_LEGACY_MAX_COMPONENTS) throw new RangeError(`component index ${i} outside 0..31`);
  return PYTH_LEGACY_PRICE_OFFSETS.comp + i * PYTH_LEGACY_PRICE_COMP_SIZE;
}

export function isPythLegacyPriceAccount(data: Uint8Array): boolean {
  if (data.length < PYTH_LEGACY_PRICE_ACCOUNT_SIZE) return false;
  const buf = asBuffer(data);
  return (
    buf.readUInt32LE(PYTH_LEGACY_PRICE_OFFSETS.magic) === PYTH_LEGACY_MAGIC &&
    buf.readUInt32LE(PYTH_LEGACY_PRICE_OFFSETS.atype) === PYTH_LEGACY_ACCOUNT_TYPE_PRICE
  );
}

/** Checks magic, version and account type, then reads every field. */
export function decodePythLegacyPriceAccount(data: Uint8Array): PythLegacyPriceAccount {
  const buf = asBuffer(data);
  const O = PYTH_LEGACY_PRICE_OFFSETS;
  if (buf.length < O.end) throw new OracleLayoutError(`legacy Pyth price account is ${buf.length} bytes, needs ${O.end}`);
  const magic = buf.readUInt32LE(O.magic);
  if (magic !== PYTH_LEGACY_MAGIC) throw new OracleLayoutError(`legacy Pyth magic is 0x${magic.toString(16)}, not 0xa1b2c3d4`);
  const ver = buf.readUInt32LE(O.ver);
  if (ver !== PYTH_LEGACY_VERSION) throw new OracleLayoutError(`legacy Pyth version ${ver} is not 2`);
  const atype = buf.readUInt32LE(O.atype);
  if (atype !== PYTH_LEGACY_ACCOUNT_TYPE_PRICE) throw new OracleLayoutError(`legacy Pyth account type ${atype} is not 3 (price)`);
  return PythLegacyPriceStruct.read(buf, 0);
}
