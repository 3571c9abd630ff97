// Oracle prices, token prices, the slot duration and Kamino states (spec §3 Price info, §7): GET
// /api/oracles/{pythOracleData,swbOracleMap,swbOracleData}, /api/tokens/multi, /api/solana/slot-duration and
// /api/kamino/states. Lists of keys go comma separated in one query parameter.
import type { PriceInfo } from "../math/price.js";

/** GET /api/oracles/pythOracleData's query: feed addresses, comma separated (at most 100). */
export type PythOracleDataQuery = { readonly pythOracleKeys: string };

/** One Pyth feed: display prices in USD (spot and EMA legs, spec §3 Price info), publish time and shard. */
export interface PythOracleData extends PriceInfo {
  /** Publish time, unix seconds (not judged for staleness: the client weighs it). */
  readonly timestamp: number;
  /** The push-oracle shard of the address; null for feeds outside the push-oracle program, such as the ledger's. */
  readonly pythShardId: number | null;
}

/** GET /api/oracles/pythOracleData's reply, keyed by feed address; null for an account that cannot be priced. */
export type PythOracleDataReply = Record<string, PythOracleData | null>;

/** GET /api/oracles/swbOracleMap's query: pull-feed account addresses, comma separated (at most 100). */
export type SwbOracleMapQuery = { readonly oracleKeys: string };

/** A Switchboard pull-feed account's reading. */
export interface SwbOracleEntry {
  /** The feed hash, hex. */
  readonly feedId: string;
  /** The result value: i128 with 18 decimals, as a decimal integer string. */
  readonly rawPrice: string;
  /** Its standard deviation, likewise. */
  readonly stdev: string;
  /** Unix seconds. */
  readonly lastUpdateTimestamp: number;
}

/** GET /api/oracles/swbOracleMap's reply, keyed by account; null for an account that is not a pull feed. */
export interface SwbOracleMapReply {
  readonly data: Record<string, SwbOracleEntry | null>;
}

/** GET /api/oracles/swbOracleData's query: feed hashes (32 bytes, hex, 0x optional), comma separated (at most 100). */
export type SwbOracleDataQuery = { readonly feedIds: string };

/** A Switchboard feed's current value, by feed hash. */
export interface SwbFeedResult {
  /** Hex, lower case, without 0x. */
  readonly feedHash: string;
  /** The value as a number. */
  readonly results: readonly number[];
  /** The value and its standard deviation as exact decimal strings. */
  readonly value: string;
  readonly stdDev: string;
  /** The account read: the most recently updated when several carry the hash. */
  readonly oracleKey: string;
  /** Unix seconds. */
  readonly lastUpdateTimestamp: number;
}

/** GET /api/oracles/swbOracleData's reply: feed ids with no pull-feed account among the markets' oracles are left out. */
export interface SwbOracleDataReply {
  readonly results: SwbFeedResult[];
}

/** GET /api/tokens/multi's query: mints, comma separated (at most 100). */
export type TokenPricesQuery = { readonly mintList: string };

export interface TokenPrice {
  /** The bank's real-time oracle price, USD. */
  readonly value: number;
}

/** GET /api/tokens/multi's reply, keyed by mint: mints without a bank of the markets or a usable price are left out. */
export interface TokenPricesReply {
  readonly success: true;
  readonly data: Record<string, TokenPrice>;
}

/** GET /api/solana/slot-duration's reply. */
export interface SlotDurationReply {
  /** The median over the ledger's recent performance samples (last hour), ms; the 500 ms default with none. */
  readonly medianSlotDurationMs: number;
  /** Samples the median was taken over (those with at least one slot). */
  readonly sampleCount: number;
  /** True when there was no usable sample and the value is the default. */
  readonly fallback: boolean;
}

/** A bank depositing into a Kamino reserve, with its reserve and its obligation there. */
export interface KaminoBankKeys {
  readonly bank: string;
  readonly reserve: string;
  readonly obligation: string;
}

/** GET /api/kamino/states's query: `keys` repeated, "bank,reserve,obligation" each (at most 20). */
export type KaminoStatesQuery = { readonly keys: readonly string[] };

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/**
 * The decoded klend Reserve and Obligation: scaled fractions (on-chain *_sf, *_bsf) without the suffix as exact
 * decimal strings, 64-bit and wider integers as decimal strings; an obligation lists only its occupied deposit and
 * borrow slots and its live orders. Null when the account is missing, not owned by klend or not of that kind.
 */
export interface KaminoState {
  readonly reserveState: JsonObject | null;
  readonly obligationState: JsonObject | null;
}

/** GET /api/kamino/states's reply, keyed by bank. */
export type KaminoStatesReply = Record<string, KaminoState>;
