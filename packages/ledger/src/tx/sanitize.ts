import { MalformedTransactionError } from "../service.js";
import { TransactionError } from "../errors.js";
import type { WireTransaction } from "./wire.js";

/** Solana refuses transactions that lock more accounts than this. */
export const MAX_TX_ACCOUNT_LOCKS = 64;

function sanitizeFailure(): never {
  throw new MalformedTransactionError("invalid transaction: Transaction failed to sanitize accounts offsets correctly");
}

/** Structural checks Solana runs before it looks at any account (Message::sanitize and friends). */
export function sanitizeTransaction(tx: WireTransaction): void {
  const { header, staticAccountKeys: keys, instructions, addressTableLookups } = tx;
  if (tx.signatures.length !== header.numRequiredSignatures) sanitizeFailure();
  if (header.numRequiredSignatures === 0) sanitizeFailure();
  if (header.numRequiredSignatures > keys.length) sanitizeFailure();
  if (header.numReadonlySignedAccounts >= header.numRequiredSignatures) sanitizeFailure();
  if (header.numReadonlyUnsignedAccounts + header.numRequiredSignatures > keys.length) sanitizeFailure();
  let loadedCount = 0;
  for (const lookup of addressTableLookups) {
    if (lookup.writableIndexes.length + lookup.readonlyIndexes.length === 0) sanitizeFailure();
    loadedCount += lookup.writableIndexes.length + lookup.readonlyIndexes.length;
  }
  const total = keys.length + loadedCount;
  if (total > 256) sanitizeFailure();
  for (const ix of instructions) {
    // Programs must be static keys, and the fee payer can never be one.
    if (ix.programIdIndex === 0 || ix.programIdIndex >= keys.length) sanitizeFailure();
    for (const index of ix.accounts) if (index >= total) sanitizeFailure();
  }
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) throw new MalformedTransactionError(`invalid transaction: ${new TransactionError("AccountLoadedTwice").message}`);
    seen.add(key);
  }
}
