// Instruction builders and PDA helpers for the local Pyth receiver, Switchboard On-Demand and Scope programs.
import { PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, toPublicKey as key, type Key } from "@ballast/codec";
import { PYTH_RECEIVER_INSTRUCTIONS, SCOPE_INSTRUCTIONS, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS } from "./instructions.js";
import { PYTH_RECEIVER_PROGRAM_ID, SCOPE_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_PROGRAM_ID } from "./program-ids.js";
import { FEED_ID_LENGTH } from "./pyth/price-update-v2.js";
import { ORACLE_PRICES_ACCOUNT_SIZE, SCOPE_CONFIGURATION_SEED } from "./scope/oracle-prices.js";
import { PYTH_FEED_SEED, SWITCHBOARD_FEED_SEED } from "./seeds.js";

function fixedBytes(what: string, value: Uint8Array, length: number): Buffer {
  if (value.length !== length) throw new RangeError(`${what} must be ${length} bytes, got ${value.length}`);
  return Buffer.from(value);
}

// ---- Pyth receiver ---------------------------------------------------------------------------------------

/** The feed PDA ["price_feed", authority, feed_id] and its bump. */
export function pythFeedAddress(authority: Key, feedId: Uint8Array, programId: Key = PYTH_RECEIVER_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from(PYTH_FEED_SEED), key(authority).toBuffer(), fixedBytes("feed id", feedId, FEED_ID_LENGTH)],
    key(programId),
  );
}

export interface CreatePythFeedParams {
  authority: Key;
  feedId: Uint8Array;
  /** A fresh keypair's address (which must then sign); defaults to the PDA of authority and feed id. */
  feed?: Key;
  programId?: Key;
}

export function createPythFeedInstruction(p: CreatePythFeedParams): TransactionInstruction {
  const programId = p.programId ?? PYTH_RECEIVER_PROGRAM_ID;
  const feed = p.feed === undefined ? pythFeedAddress(p.authority, p.feedId, programId)[0] : key(p.feed);
  return buildInstruction(programId, PYTH_RECEIVER_INSTRUCTIONS, "create_feed", {
    accounts: { authority: p.authority, feed: { key: feed, signer: p.feed !== undefined }, systemProgram: SystemProgram.programId },
    args: { feedId: p.feedId },
  });
}

export interface UpdatePythPriceParams {
  authority: Key;
  feed: Key;
  /** Price = price × 10^exponent. */
  price: bigint;
  conf: bigint;
  exponent: number;
  /** Unix seconds; must not be older than the stored publish time. */
  publishTime: bigint;
  emaPrice: bigint;
  emaConf: bigint;
  programId?: Key;
}

export function updatePythPriceInstruction(p: UpdatePythPriceParams): TransactionInstruction {
  const { authority, feed, price, conf, exponent, publishTime, emaPrice, emaConf } = p;
  return buildInstruction(p.programId ?? PYTH_RECEIVER_PROGRAM_ID, PYTH_RECEIVER_INSTRUCTIONS, "update_price", {
    accounts: { authority, feed },
    args: { price, conf, exponent, publishTime, emaPrice, emaConf },
  });
}

// ---- Switchboard On-Demand -------------------------------------------------------------------------------

/** The feed PDA ["pull_feed", authority, feed_hash] and its bump. */
export function switchboardFeedAddress(
  authority: Key,
  feedHash: Uint8Array,
  programId: Key = SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from(SWITCHBOARD_FEED_SEED), key(authority).toBuffer(), fixedBytes("feed hash", feedHash, 32)],
    key(programId),
  );
}

export interface CreateSwitchboardFeedParams {
  authority: Key;
  feedHash: Uint8Array;
  /** Up to 32 bytes of UTF-8, zero padded; empty by default. */
  name?: string;
  /** Slots; 0 by default. */
  maxStaleness?: number;
  /** A fresh keypair's address (which must then sign); defaults to the PDA of authority and feed hash. */
  feed?: Key;
  programId?: Key;
}

/** A feed name as the layout stores it: UTF-8, zero padded to 32 bytes. */
export function encodeFeedName(name: string): Buffer {
  const raw = Buffer.from(name, "utf8");
  if (raw.length > 32) throw new RangeError(`feed name is ${raw.length} bytes, at most 32 fit`);
  const out = Buffer.alloc(32);
  raw.copy(out);
  return out;
}

export function createSwitchboardFeedInstruction(p: CreateSwitchboardFeedParams): TransactionInstruction {
  const programId = p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID;
  const feed = p.feed === undefined ? switchboardFeedAddress(p.authority, p.feedHash, programId)[0] : key(p.feed);
  return buildInstruction(programId, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "create_feed", {
    accounts: { authority: p.authority, feed: { key: feed, signer: p.feed !== undefined }, systemProgram: SystemProgram.programId },
    args: { feedHash: p.feedHash, name: encodeFeedName(p.name ?? ""), maxStaleness: p.maxStaleness ?? 0 },
  });
}

export interface UpdateSwitchboardResultParams {
  authority: Key;
  feed: Key;
  /** i128 with 18 decimals. */
  value: bigint;
  /** i128 with 18 decimals, not negative. */
  stdDev: bigint;
  programId?: Key;
}

export function updateSwitchboardResultInstruction(p: UpdateSwitchboardResultParams): TransactionInstruction {
  return buildInstruction(p.programId ?? SWITCHBOARD_ON_DEMAND_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS, "update_result", {
    accounts: { authority: p.authority, feed: p.feed },
    args: { value: p.value, stdDev: p.stdDev },
  });
}

// ---- Scope -----------------------------------------------------------------------------------------------

/** The Configuration PDA ["conf", feed_name] and its bump. */
export function scopeConfigurationAddress(feedName: string, programId: Key = SCOPE_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync([Buffer.from(SCOPE_CONFIGURATION_SEED), Buffer.from(feedName, "utf8")], key(programId));
}

/** Solana's rent: (128 + data length) bytes × 3,480 lamports per byte-year × 2 years. */
function rentExemptLamports(dataLength: number): number {
  return (128 + dataLength) * 3_480 * 2;
}

export interface CreateScopeOraclePricesParams {
  admin: Key;
  /** Names the feed: its Configuration sits at ["conf", feed_name]; at most 32 bytes of UTF-8. */
  feedName: string;
  /** A fresh keypair's address, which must sign (the System program creates it). */
  oraclePrices: Key;
  programId?: Key;
}

/**
 * Creates the OraclePrices account through the System program (28,712 bytes, more than a program may allocate in one
 * call, so Scope takes it pre-created), then initialises it and the feed's Configuration: two instructions.
 */
export function createScopeOraclePricesInstructions(p: CreateScopeOraclePricesParams): TransactionInstruction[] {
  const programId = key(p.programId ?? SCOPE_PROGRAM_ID);
  const admin = key(p.admin);
  const oraclePrices = key(p.oraclePrices);
  return [
    SystemProgram.createAccount({
      fromPubkey: admin,
      newAccountPubkey: oraclePrices,
      lamports: rentExemptLamports(ORACLE_PRICES_ACCOUNT_SIZE),
      space: ORACLE_PRICES_ACCOUNT_SIZE,
      programId,
    }),
    buildInstruction(programId, SCOPE_INSTRUCTIONS, "create_oracle_prices", {
      accounts: {
        admin,
        configuration: scopeConfigurationAddress(p.feedName, programId)[0],
        oraclePrices,
        systemProgram: SystemProgram.programId,
      },
      args: { feedName: p.feedName },
    }),
  ];
}

export interface ScopeEntryUpdate {
  /** Index in the prices array (0..511). */
  index: number;
  /** Price = value / 10^exp. */
  value: bigint;
  exp: bigint;
  /** Unix seconds of the price; must not be older than the entry's stored one. */
  unixTimestamp: bigint;
}

export interface SetScopePricesParams {
  admin: Key;
  feedName: string;
  oraclePrices: Key;
  updates: readonly ScopeEntryUpdate[];
  programId?: Key;
}

export function setScopePricesInstruction(p: SetScopePricesParams): TransactionInstruction {
  const programId = p.programId ?? SCOPE_PROGRAM_ID;
  return buildInstruction(programId, SCOPE_INSTRUCTIONS, "operator_set_prices", {
    accounts: { admin: p.admin, configuration: scopeConfigurationAddress(p.feedName, programId)[0], oraclePrices: p.oraclePrices },
    args: { feedName: p.feedName, updates: p.updates },
  });
}
