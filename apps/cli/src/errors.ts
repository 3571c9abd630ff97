// Exit codes and the two kinds of failure a command reports: bad input (nothing was sent) and a failed transaction
// (the chain or the program refused). Program errors carry the message of the program's error table.
import type { PublicKey } from "@solana/web3.js";
import { resolveTransactionError, TransactionErrorKind } from "@ballast/sdk";

export const EXIT_OK = 0;
/** A transaction failed or a program refused it. */
export const EXIT_FAILED = 1;
/** A bad flag, value or file: nothing was sent. */
export const EXIT_BAD_INPUT = 2;

/** Bad input, found before anything is sent; the message names the flag or field and what was expected. */
export class InputError extends Error {
  override readonly name = "InputError";
}

/** A transaction that failed or was refused, with the program's message when a program refused it. */
export class TransactionFailure extends Error {
  override readonly name = "TransactionFailure";
  constructor(
    message: string,
    readonly logs: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * Anything thrown while simulating, sending or confirming, as a TransactionFailure: a custom program error found in
 * the logs reads "<message> (program <id> error <code>)" with the message from the SDK's error tables.
 */
export function transactionFailure(error: unknown, lendingProgramId: PublicKey, stage: "simulation" | "sending"): TransactionFailure {
  const resolved = resolveTransactionError(error, { lendingProgramId }, stage);
  const logs = resolved.logs ?? [];
  if (resolved.kind === TransactionErrorKind.ProgramError && resolved.code !== undefined) {
    return new TransactionFailure(`${resolved.message} (program ${resolved.programId ?? "?"} error ${resolved.code})`, logs);
  }
  return new TransactionFailure(resolved.message, logs);
}
