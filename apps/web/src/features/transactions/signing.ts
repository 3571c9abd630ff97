// The staged toast's parts that need the SDK (signing through it, resolving program errors), loaded with the first
// send so the markets page's first load carries neither the SDK's transaction layer nor its error tables.
import { resolveTransactionError, transactionWallet, type ActionErrorContext, type ActionWallet } from "@ballast/sdk";
import type { PublicKey, VersionedTransaction } from "@solana/web3.js";

/**
 * What the user sees of any failure: the SDK's resolved message (program error descriptions, spec §8, explained for
 * the action when one is given), never a raw exception.
 */
export function failureMessage(error: unknown, lendingProgramId: PublicKey, action?: ActionErrorContext): string {
  return resolveTransactionError(error, { lendingProgramId, action }).message;
}

/** The wallet as the SDK sees it, reporting when the user has signed (the toast moves past "Sign transaction"). */
export function withSigningNotice(wallet: ActionWallet, onSigned: () => void): ActionWallet {
  const signer = transactionWallet(wallet);
  return {
    publicKey: signer.publicKey,
    async signAllTransactions(transactions: VersionedTransaction[]) {
      const signed = await signer.signAllTransactions(transactions);
      onSigned();
      return signed;
    },
  };
}
