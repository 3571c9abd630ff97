// Wire encoding of signed transactions for the RPC, bundle and server calls.
import bs58 from "bs58";
import type { VersionedTransaction } from "@solana/web3.js";
import { MESSAGES, ProcessTransactionError, ProcessTransactionErrorType, buildingError } from "./errors.js";

export function serializeTransaction(transaction: VersionedTransaction): Uint8Array {
  try {
    return transaction.serialize();
  } catch (error) {
    throw new ProcessTransactionError(MESSAGES.encodeFailed, ProcessTransactionErrorType.TransactionBuildingError, { cause: error });
  }
}

export function encodeTransaction(transaction: VersionedTransaction): string {
  return Buffer.from(serializeTransaction(transaction)).toString("base64");
}

/** The transaction's id: its fee payer's signature, base58. */
export function signatureOf(transaction: VersionedTransaction): string {
  const [feePayerSignature] = transaction.signatures;
  if (feePayerSignature === undefined) throw buildingError(MESSAGES.unsigned);
  return bs58.encode(feePayerSignature);
}
