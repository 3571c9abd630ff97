// The wallets actions accept: a keypair (via keypairWallet) or a browser wallet that signs all transactions at once
// or one at a time. A wallet without a public key (not connected) has no one to pay the fees.
import type { PublicKey, VersionedTransaction } from "@solana/web3.js";
import { MESSAGES, buildingError, type TransactionWallet } from "../transactions/index.js";

interface SignsAll {
  signAllTransactions(transactions: VersionedTransaction[]): Promise<VersionedTransaction[]>;
}

interface SignsOne {
  signTransaction(transaction: VersionedTransaction): Promise<VersionedTransaction>;
}

export type ActionWallet = { publicKey: PublicKey | null } & (SignsAll | SignsOne);

function signsAll(wallet: ActionWallet): wallet is ActionWallet & SignsAll {
  return typeof (wallet as Partial<SignsAll>).signAllTransactions === "function";
}

/** The wallet's key: the account authority and fee payer of every action. */
export function walletKey(wallet: ActionWallet): PublicKey {
  if (!wallet.publicKey) throw buildingError(MESSAGES.feePayerAndBlockhash);
  return wallet.publicKey;
}

/** The wallet as the send flow wants it: one call that signs every transaction. */
export function transactionWallet(wallet: ActionWallet): TransactionWallet {
  const publicKey = walletKey(wallet);
  if (signsAll(wallet)) return { publicKey, signAllTransactions: (transactions) => wallet.signAllTransactions(transactions) };
  return {
    publicKey,
    async signAllTransactions(transactions) {
      const signed: VersionedTransaction[] = [];
      // One approval prompt after another, in the order the transactions are sent.
      for (const transaction of transactions) signed.push(await wallet.signTransaction(transaction));
      return signed;
    },
  };
}
