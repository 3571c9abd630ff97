// Exact wire size of a transaction, computed from its compiled message rather than by serializing, so oversized
// candidates (which web3.js refuses to serialize) can still be measured while packing.
import {
  PublicKey,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type Message,
  type MessageV0,
  type TransactionInstruction,
} from "@solana/web3.js";
import { MESSAGES, buildingError } from "./errors.js";

/** Solana's packet limit for a whole transaction. */
export const MAX_TRANSACTION_SIZE = 1232;
/** More account keys than this (static and looked up) counts as an overflowing transaction. */
export const MAX_ACCOUNT_KEYS = 64;

const SIGNATURE_SIZE = 64;
const KEY_SIZE = 32;
const BLOCKHASH_SIZE = 32;
const HEADER_SIZE = 3;
const VERSION_PREFIX_SIZE = 1;

/** Bytes of Solana's compact-u16 length prefix. */
export function shortVecSize(length: number): number {
  if (length < 0x80) return 1;
  if (length < 0x4000) return 2;
  return 3;
}

/** Size of a legacy or v0 message as it goes on the wire. */
export function messageSize(message: Message | MessageV0): number {
  let size = HEADER_SIZE + shortVecSize(message.staticAccountKeys.length) + message.staticAccountKeys.length * KEY_SIZE + BLOCKHASH_SIZE;
  const instructions = message.compiledInstructions;
  size += shortVecSize(instructions.length);
  for (const ix of instructions) {
    size += 1 + shortVecSize(ix.accountKeyIndexes.length) + ix.accountKeyIndexes.length + shortVecSize(ix.data.length) + ix.data.length;
  }
  if (message.version === 0) {
    size += VERSION_PREFIX_SIZE + shortVecSize(message.addressTableLookups.length);
    for (const lookup of message.addressTableLookups) {
      size += KEY_SIZE;
      size += shortVecSize(lookup.writableIndexes.length) + lookup.writableIndexes.length;
      size += shortVecSize(lookup.readonlyIndexes.length) + lookup.readonlyIndexes.length;
    }
  }
  return size;
}

/** Keys the message locks: static keys plus those loaded from lookup tables. */
export function accountKeyCount(message: Message | MessageV0): number {
  const looked = message.addressTableLookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  return message.staticAccountKeys.length + looked;
}

function signedSize(message: Message | MessageV0): number {
  const signatures = message.header.numRequiredSignatures;
  return shortVecSize(signatures) + signatures * SIGNATURE_SIZE + messageSize(message);
}

/** Wire size of a transaction, signed or not (every required signature takes its 64 bytes). */
export function transactionSize(transaction: Transaction | VersionedTransaction): number {
  if (transaction instanceof VersionedTransaction) {
    const { message } = transaction;
    if (message.version === 1) throw buildingError("Version 1 transactions are not supported");
    return signedSize(message);
  }
  if (!transaction.feePayer || !transaction.recentBlockhash) throw buildingError(MESSAGES.feePayerAndBlockhash);
  return signedSize(transaction.compileMessage());
}

/** Instructions not yet made into a transaction: enough to measure one. */
export interface InstructionSet {
  payer: PublicKey;
  instructions: TransactionInstruction[];
  lookupTables?: AddressLookupTableAccount[];
  /** Default 0 (v0 message, which lookup tables require). */
  version?: "legacy" | 0;
}

export interface Measurement {
  bytes: number;
  accountKeys: number;
}

/** The size does not depend on the blockhash's value. */
const PLACEHOLDER_BLOCKHASH = PublicKey.default.toBase58();

export function compileInstructionSet(set: InstructionSet, blockhash: string = PLACEHOLDER_BLOCKHASH): Message | MessageV0 {
  const message = new TransactionMessage({ payerKey: set.payer, recentBlockhash: blockhash, instructions: set.instructions });
  return set.version === "legacy" ? message.compileToLegacyMessage() : message.compileToV0Message(set.lookupTables);
}

/** Size and key count of the transaction these instructions would make. */
export function measureInstructions(set: InstructionSet): Measurement {
  const message = compileInstructionSet(set);
  return { bytes: signedSize(message), accountKeys: accountKeyCount(message) };
}

export function fitsInTransaction(measurement: Measurement, reservedBytes = 0): boolean {
  return measurement.bytes + reservedBytes <= MAX_TRANSACTION_SIZE && measurement.accountKeys <= MAX_ACCOUNT_KEYS;
}
