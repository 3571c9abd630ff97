// The keys of a market's address lookup table, from the market as the actions take it: a health check names every
// bank the account holds with its oracle accounts, so an account with many positions names more keys than a
// 1232-byte transaction holds at 32 bytes each. Loaded from a table, a key costs one byte.
import { PublicKey, SystemProgram, type AddressLookupTableAccount, type Connection } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { MAX_LOOKUP_TABLE_ADDRESSES } from "../instructions/lookup-tables.js";
import { bankVaultAddress, bankVaultAuthorityAddress } from "../instructions/pda.js";
import { bankOracleKeys } from "../instructions/risk-accounts.js";
import type { Market, MarketConfig } from "../state/market.js";
import { BallastSdkError } from "../errors.js";

/**
 * The keys the market's actions name besides the wallet's own accounts: the group, the token programs, and for every
 * bank of `market` (loaded with `config`) the bank, its mint, its liquidity vault and vault authority, and its oracle
 * accounts (a Kamino bank's reserve among them); each once, in that order, at most 256.
 */
export function marketLookupTableKeys(market: Market, config: MarketConfig): PublicKey[] {
  const programId = new PublicKey(config.programId);
  const keys = new Map<string, PublicKey>();
  const add = (key: PublicKey) => keys.set(key.toBase58(), key);
  for (const key of [new PublicKey(config.group), TOKEN_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID, SystemProgram.programId]) add(key);
  for (const [address, { bank }] of market.banks) {
    const key = new PublicKey(address);
    add(key);
    add(new PublicKey(bank.mint));
    add(bankVaultAddress(key, "liquidity", programId));
    add(bankVaultAuthorityAddress(key, "liquidity", programId));
    for (const oracle of bankOracleKeys(bank)) add(oracle);
  }
  if (keys.size > MAX_LOOKUP_TABLE_ADDRESSES) {
    throw new BallastSdkError("LOOKUP_TABLE_OVERFLOW", { banks: market.banks.size, keys: keys.size });
  }
  return [...keys.values()];
}

/** `own` tables and those of `addresses` not among them (e.g. a swap route's), loaded; tables not found are left out. */
export async function withLookupTables(
  connection: Connection,
  own: readonly AddressLookupTableAccount[],
  addresses: readonly PublicKey[],
): Promise<AddressLookupTableAccount[]> {
  const missing = addresses.filter(
    (address, i) => !own.some((table) => table.key.equals(address)) && addresses.findIndex((a) => a.equals(address)) === i,
  );
  const loaded = await Promise.all(missing.map((address) => connection.getAddressLookupTable(address)));
  return [...own, ...loaded.flatMap(({ value }) => (value ? [value] : []))];
}
