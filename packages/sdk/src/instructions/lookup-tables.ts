// Address lookup tables for a market's actions (their keys: actions/lookup-tables.ts marketLookupTableKeys): the
// transactions that create a table and fill it.
import { AddressLookupTableProgram, type PublicKey, type TransactionInstruction } from "@solana/web3.js";

/** A table holds at most this many addresses. */
export const MAX_LOOKUP_TABLE_ADDRESSES = 256;
/** Addresses per extend instruction, so that its transaction stays within 1232 bytes. */
export const LOOKUP_TABLE_EXTEND_BATCH = 20;

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
