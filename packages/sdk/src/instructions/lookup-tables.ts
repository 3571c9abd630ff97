// Address lookup tables for a market's actions: a health check names every bank the account holds with its oracle
// accounts, so an account with many positions names more keys than a 1232-byte transaction holds at 32 bytes each.
// Loaded from a table, a key costs one byte.
import { AddressLookupTableProgram, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { Bank } from "@ballast/protocol";
import { bankVaultAddress, bankVaultAuthorityAddress } from "./pda.js";
import { bankOracleKeys } from "./risk-accounts.js";
import { BallastSdkError } from "../errors.js";

/** A table holds at most this many addresses. */
export const MAX_LOOKUP_TABLE_ADDRESSES = 256;
/** Addresses per extend instruction, so that its transaction stays within 1232 bytes. */
export const LOOKUP_TABLE_EXTEND_BATCH = 20;

/**
 * The keys the market's actions name besides the wallet's own accounts: the group, the token programs, and for every
 * bank the bank, its mint, its liquidity vault and vault authority, and its oracle accounts (a Kamino bank's
 * reserve among them); each once, in that order, at most 256.
 */
export function marketLookupTableKeys(group: PublicKey, banks: ReadonlyMap<string, Bank>, programId?: PublicKey): PublicKey[] {
  const keys = new Map<string, PublicKey>();
  const add = (key: PublicKey) => keys.set(key.toBase58(), key);
  for (const key of [group, TOKEN_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID, SystemProgram.programId]) add(key);
  for (const [address, bank] of banks) {
    const key = new PublicKey(address);
    add(key);
    add(new PublicKey(bank.mint));
    add(bankVaultAddress(key, "liquidity", programId));
    add(bankVaultAuthorityAddress(key, "liquidity", programId));
    for (const oracle of bankOracleKeys(bank)) add(oracle);
  }
  if (keys.size > MAX_LOOKUP_TABLE_ADDRESSES) {
    throw new BallastSdkError("LOOKUP_TABLE_OVERFLOW", { banks: banks.size, keys: keys.size });
  }
  return [...keys.values()];
}

export interface CreateLookupTableParams {
  /** May extend and close the table. */
  authority: PublicKey;
  payer: PublicKey;
  /** A recent slot: the table's address derives from it and the authority. */
  recentSlot: number;
  addresses: readonly PublicKey[];
}

/**
 * The table's address, and the transactions that create it and fill it, in order: the creation with the first
 * batch of addresses, then one transaction per further batch. The table serves transactions from the slot after
 * its last extension.
 */
export function createLookupTableTransactions(p: CreateLookupTableParams): {
  address: PublicKey;
  transactions: TransactionInstruction[][];
} {
  const [create, address] = AddressLookupTableProgram.createLookupTable({
    authority: p.authority,
    payer: p.payer,
    recentSlot: p.recentSlot,
  });
  const extend = (addresses: PublicKey[]) =>
    AddressLookupTableProgram.extendLookupTable({ lookupTable: address, authority: p.authority, payer: p.payer, addresses });
  const transactions: TransactionInstruction[][] = [];
  for (let i = 0; i < p.addresses.length; i += LOOKUP_TABLE_EXTEND_BATCH) {
    const batch = extend(p.addresses.slice(i, i + LOOKUP_TABLE_EXTEND_BATCH));
    transactions.push(i === 0 ? [create, batch] : [batch]);
  }
  if (transactions.length === 0) transactions.push([create]);
  return { address, transactions };
}
