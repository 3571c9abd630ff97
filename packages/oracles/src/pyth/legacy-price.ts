// Legacy Pyth oracle v2 price account (magic 0xa1b2c3d4, account type 3): repr(C), no discriminator, 3312 bytes.
// Decode only: nothing in the ledger writes these; old banks may still name one.
import { type Address, OracleLayoutError, asBuffer, readI64, readPubkey, readU64 } from "../bytes.js";

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

export interface PythLegacyRational {
  val: bigint;
  numer: bigint;
  denom: bigint;
}

export interface PythLegacyPriceInfo {
  price: bigint;
  conf: bigint;
  /** A `PythLegacyPriceStatus` value; kept as the raw u32. */
  status: number;
  corpAct: number;
  pubSlot: bigint;
}

export interface PythLegacyPriceComp {
  publisher: Address;
  agg: PythLegacyPriceInfo;
  latest: PythLegacyPriceInfo;
}

export interface PythLegacyPriceAccount {
  magic: number;
  ver: number;
  atype: number;
  size: number;
  ptype: number;
  expo: number;
  num: number;
  numQt: number;
  lastSlot: bigint;
  validSlot: bigint;
  emaPrice: PythLegacyRational;
  emaConf: PythLegacyRational;
  timestamp: bigint;
  minPub: number;
  drv2: number;
  drv3: number;
  drv4: number;
  prod: Address;
  next: Address;
  prevSlot: bigint;
  prevPrice: bigint;
  prevConf: bigint;
  prevTimestamp: bigint;
  agg: PythLegacyPriceInfo;
  /** Always all 32 slots; only the first `num` are live publishers. */
  comp: PythLegacyPriceComp[];
}

/** Byte offsets from the start of the data. */
export const PYTH_LEGACY_PRICE_OFFSETS = Object.freeze({
  magic: 0,
  ver: 4,
  atype: 8,
  size: 12,
  ptype: 16,
  expo: 20,
  num: 24,
  numQt: 28,
  lastSlot: 32,
  validSlot: 40,
  emaPrice: 48,
  emaConf: 72,
  timestamp: 96,
  minPub: 104,
  drv2: 105,
  drv3: 106,
  drv4: 108,
  prod: 112,
  next: 144,
  prevSlot: 176,
  prevPrice: 184,
  prevConf: 192,
  prevTimestamp: 200,
  agg: 208,
  comp: 240,
  end: 3312,
});

export const PYTH_LEGACY_RATIONAL_OFFSETS = Object.freeze({ val: 0, numer: 8, denom: 16 });
export const PYTH_LEGACY_PRICE_INFO_OFFSETS = Object.freeze({ price: 0, conf: 8, status: 16, corpAct: 20, pubSlot: 24 });
export const PYTH_LEGACY_PRICE_COMP_OFFSETS = Object.freeze({ publisher: 0, agg: 32, latest: 64 });

export function pythLegacyComponentOffset(i: number): number {
  if (!Number.isInteger(i) || i < 0 || i >= PYTH_LEGACY_MAX_COMPONENTS) throw new RangeError(`component index ${i} outside 0..31`);
  return PYTH_LEGACY_PRICE_OFFSETS.comp + i * PYTH_LEGACY_PRICE_COMP_SIZE;
}

function readRational(buf: Buffer, base: number): PythLegacyRational {
  const o = PYTH_LEGACY_RATIONAL_OFFSETS;
  return { val: readI64(buf, base + o.val), numer: readI64(buf, base + o.numer), denom: readI64(buf, base + o.denom) };
}

function readPriceInfo(buf: Buffer, base: number): PythLegacyPriceInfo {
  const o = PYTH_LEGACY_PRICE_INFO_OFFSETS;
  return {
    price: readI64(buf, base + o.price),
    conf: readU64(buf, base + o.conf),
    status: buf.readUInt32LE(base + o.status),
    corpAct: buf.readUInt32LE(base + o.corpAct),
    pubSlot: readU64(buf, base + o.pubSlot),
  };
}

export function isPythLegacyPriceAccount(data: Uint8Array): boolean {
  if (data.length < PYTH_LEGACY_PRICE_ACCOUNT_SIZE) return false;
  const buf = asBuffer(data);
  return buf.readUInt32LE(0) === PYTH_LEGACY_MAGIC && buf.readUInt32LE(8) === PYTH_LEGACY_ACCOUNT_TYPE_PRICE;
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
  const comp: PythLegacyPriceComp[] = [];
  for (let i = 0; i < PYTH_LEGACY_MAX_COMPONENTS; i++) {
    const base = pythLegacyComponentOffset(i);
    const c = PYTH_LEGACY_PRICE_COMP_OFFSETS;
    comp.push({
      publisher: readPubkey(buf, base + c.publisher),
      agg: readPriceInfo(buf, base + c.agg),
      latest: readPriceInfo(buf, base + c.latest),
    });
  }
  return {
    magic,
    ver,
    atype,
    size: buf.readUInt32LE(O.size),
    ptype: buf.readUInt32LE(O.ptype),
    expo: buf.readInt32LE(O.expo),
    num: buf.readUInt32LE(O.num),
    numQt: buf.readUInt32LE(O.numQt),
    lastSlot: readU64(buf, O.lastSlot),
    validSlot: readU64(buf, O.validSlot),
    emaPrice: readRational(buf, O.emaPrice),
    emaConf: readRational(buf, O.emaConf),
    timestamp: readI64(buf, O.timestamp),
    minPub: buf.readUInt8(O.minPub),
    drv2: buf.readUInt8(O.drv2),
    drv3: buf.readUInt16LE(O.drv3),
    drv4: buf.readUInt32LE(O.drv4),
    prod: readPubkey(buf, O.prod),
    next: readPubkey(buf, O.next),
    prevSlot: readU64(buf, O.prevSlot),
    prevPrice: readI64(buf, O.prevPrice),
    prevConf: readU64(buf, O.prevConf),
    prevTimestamp: readI64(buf, O.prevTimestamp),
    agg: readPriceInfo(buf, O.agg),
    comp,
  };
}
