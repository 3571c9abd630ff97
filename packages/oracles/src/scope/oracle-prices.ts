// Kamino Scope's `OraclePrices` and `Configuration` accounts (scope programs/scope/src/states): Anchor zero-copy,
// 8-byte discriminator then a packed little-endian struct.
//
//   OraclePrices   oracle_mappings Pubkey, prices [DatedPrice; 512]                      28,704 bytes + 8
//   DatedPrice     price {value u64, exp u64}, last_updated_slot u64, unix_timestamp u64,
//                  generic_data [u8; 24]                                                 56 bytes
//   Configuration  admin, oracle_mappings, oracle_prices, tokens_metadata, oracle_twaps,
//                  admin_cached, emergency_council, resume_authority (Pubkeys), [u64; 1247]  10,232 bytes + 8
//
// A Scope price is value / 10^exp: `exp` counts decimals and is never negative.
import { accountDiscriminator, array, bytes, pubkey, skip, struct, u64, type StructValue } from "@ballast/codec";
import { OracleLayoutError, asBuffer, hasDiscriminator } from "../bytes.js";

/** sha256("account:OraclePrices")[0..8]. */
export const ORACLE_PRICES_DISCRIMINATOR: Uint8Array = Uint8Array.from(accountDiscriminator("OraclePrices"));
/** sha256("account:Configuration")[0..8]. */
export const SCOPE_CONFIGURATION_DISCRIMINATOR: Uint8Array = Uint8Array.from(accountDiscriminator("Configuration"));

/** Entries in one OraclePrices account (Scope's MAX_ENTRIES). */
export const SCOPE_MAX_ENTRIES = 512;
export const DATED_PRICE_SIZE = 56;
/** Scope's ORACLE_PRICES_SIZE: the struct without its discriminator. */
export const ORACLE_PRICES_STRUCT_SIZE = 28_704;
export const ORACLE_PRICES_ACCOUNT_SIZE = 8 + ORACLE_PRICES_STRUCT_SIZE;
/** Scope's CONFIGURATION_SIZE: the struct without its discriminator. */
export const SCOPE_CONFIGURATION_STRUCT_SIZE = 10_232;
export const SCOPE_CONFIGURATION_ACCOUNT_SIZE = 8 + SCOPE_CONFIGURATION_STRUCT_SIZE;
/** First seed of a Configuration PDA: ["conf", feed_name]. */
export const SCOPE_CONFIGURATION_SEED = "conf";

const ScopePriceStruct = struct(16, {
  value: [0, u64],
  /** Decimals: the price is value / 10^exp. */
  exp: [8, u64],
});

const DatedPriceStruct = struct(DATED_PRICE_SIZE, {
  price: [0, ScopePriceStruct],
  lastUpdatedSlot: [16, u64],
  /** Unix seconds of the source price this entry was refreshed from. */
  unixTimestamp: [24, u64],
  genericData: [32, bytes(24)],
});

const OraclePricesStruct = struct(ORACLE_PRICES_ACCOUNT_SIZE, {
  discriminator: [0, skip(8)],
  oracleMappings: [8, pubkey],
  prices: [40, array(DatedPriceStruct, SCOPE_MAX_ENTRIES)],
});

const ConfigurationStruct = struct(SCOPE_CONFIGURATION_ACCOUNT_SIZE, {
  discriminator: [0, skip(8)],
  admin: [8, pubkey],
  oracleMappings: [40, pubkey],
  oraclePrices: [72, pubkey],
  tokensMetadata: [104, pubkey],
  oracleTwaps: [136, pubkey],
  adminCached: [168, pubkey],
  emergencyCouncil: [200, pubkey],
  resumeAuthority: [232, pubkey],
  padding: [264, skip(8 * 1247)],
});

export type ScopePrice = StructValue<typeof ScopePriceStruct.fields>;
export type DatedPrice = StructValue<typeof DatedPriceStruct.fields>;
export type OraclePrices = StructValue<typeof OraclePricesStruct.fields>;
export type ScopeConfiguration = StructValue<typeof ConfigurationStruct.fields>;

/** Account-data offsets (discriminator included) of the OraclePrices fields. */
export const ORACLE_PRICES_OFFSETS = Object.freeze({ ...OraclePricesStruct.offsets, end: OraclePricesStruct.size });
/** Offsets inside one DatedPrice. */
export const DATED_PRICE_OFFSETS = Object.freeze(DatedPriceStruct.offsets);
/** Account-data offsets (discriminator included) of the Configuration fields. */
export const SCOPE_CONFIGURATION_OFFSETS = Object.freeze({ ...ConfigurationStruct.offsets, end: ConfigurationStruct.size });

/** Account-data offset of entry `index`'s DatedPrice. */
export function datedPriceOffset(index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= SCOPE_MAX_ENTRIES) {
    throw new RangeError(`Scope entry ${index} outside 0..${SCOPE_MAX_ENTRIES - 1}`);
  }
  return ORACLE_PRICES_OFFSETS.prices + index * DATED_PRICE_SIZE;
}

export function isOraclePrices(data: Uint8Array): boolean {
  return hasDiscriminator(data, ORACLE_PRICES_DISCRIMINATOR);
}

function checkOraclePrices(data: Uint8Array): Buffer {
  const buf = asBuffer(data);
  if (!isOraclePrices(buf)) throw new OracleLayoutError("account data does not start with the OraclePrices discriminator");
  if (buf.length < ORACLE_PRICES_ACCOUNT_SIZE) {
    throw new OracleLayoutError(`OraclePrices is ${buf.length} bytes, needs ${ORACLE_PRICES_ACCOUNT_SIZE}`);
  }
  return buf;
}

/** Decodes a whole OraclePrices account after checking discriminator and length. */
export function decodeOraclePrices(data: Uint8Array): OraclePrices {
  return OraclePricesStruct.read(checkOraclePrices(data), 0);
}

/** One entry of an OraclePrices account, read in place (discriminator and length checked). */
export function readDatedPrice(data: Uint8Array, index: number): DatedPrice {
  return DatedPriceStruct.read(checkOraclePrices(data), datedPriceOffset(index));
}

/** Writes one entry in place into an OraclePrices account image. */
export function writeDatedPrice(target: Uint8Array, index: number, value: DatedPrice): void {
  const buf = checkOraclePrices(target);
  const offset = datedPriceOffset(index);
  if (value.genericData.length !== 24) throw new RangeError(`generic_data must be 24 bytes, got ${value.genericData.length}`);
  const entry = Buffer.alloc(DATED_PRICE_SIZE);
  DatedPriceStruct.write(entry, 0, value);
  buf.set(entry, offset);
}

/** A zeroed DatedPrice (Scope's default entry). */
export function emptyDatedPrice(): DatedPrice {
  return { price: { value: 0n, exp: 0n }, lastUpdatedSlot: 0n, unixTimestamp: 0n, genericData: new Uint8Array(24) };
}

/** A fresh OraclePrices account image: the discriminator, `oracleMappings`, and every entry zero. */
export function encodeOraclePrices(oracleMappings: string): Buffer {
  const buf = Buffer.alloc(ORACLE_PRICES_ACCOUNT_SIZE);
  buf.set(ORACLE_PRICES_DISCRIMINATOR, 0);
  pubkey.write(buf, ORACLE_PRICES_OFFSETS.oracleMappings, oracleMappings);
  return buf;
}

export function isScopeConfiguration(data: Uint8Array): boolean {
  return hasDiscriminator(data, SCOPE_CONFIGURATION_DISCRIMINATOR);
}

/** Decodes a Configuration account after checking discriminator and length. */
export function decodeScopeConfiguration(data: Uint8Array): ScopeConfiguration {
  const buf = asBuffer(data);
  if (!isScopeConfiguration(buf)) throw new OracleLayoutError("account data does not start with the Configuration discriminator");
  if (buf.length < SCOPE_CONFIGURATION_ACCOUNT_SIZE) {
    throw new OracleLayoutError(`Configuration is ${buf.length} bytes, needs ${SCOPE_CONFIGURATION_ACCOUNT_SIZE}`);
  }
  return ConfigurationStruct.read(buf, 0);
}

/** Writes every modelled Configuration field over an image of at least its size; the padding is left as it is. */
export function encodeScopeConfigurationInto(target: Uint8Array, value: ScopeConfiguration): void {
  const buf = asBuffer(target);
  if (buf.length < SCOPE_CONFIGURATION_ACCOUNT_SIZE) {
    throw new RangeError(`Configuration needs ${SCOPE_CONFIGURATION_ACCOUNT_SIZE} bytes, target has ${buf.length}`);
  }
  buf.set(SCOPE_CONFIGURATION_DISCRIMINATOR, 0);
  ConfigurationStruct.write(buf, 0, value);
}
