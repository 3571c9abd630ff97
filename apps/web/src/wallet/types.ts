// A connected wallet as the app uses it, whatever its kind: a Wallet Standard wallet or the built-in local wallet.
import type { PublicKey, VersionedTransaction } from "@solana/web3.js";

export interface ConnectedWallet {
  /** "local" or the Wallet Standard wallet's name. */
  readonly id: string;
  readonly name: string;
  /** A data: URL of the wallet's icon. */
  readonly icon: string | null;
  readonly publicKey: PublicKey;
  /** Present when the wallet can sign arbitrary messages. */
  readonly signMessage: ((message: Uint8Array) => Promise<Uint8Array>) | null;
  readonly signTransaction: (transaction: VersionedTransaction) => Promise<VersionedTransaction>;
  readonly signAllTransactions: (transactions: VersionedTransaction[]) => Promise<VersionedTransaction[]>;
  readonly disconnect: () => Promise<void>;
  /**
   * Follows changes made in the wallet itself: `onChange` gets the wallet for the account it now shares, or null once
   * it shares none. Returns the unsubscribe. Absent when the wallet cannot change on its own (the built-in one).
   */
  readonly watch?: (onChange: (next: ConnectedWallet | null) => void) => () => void;
}

/** A wallet the user can pick. */
export interface WalletOption {
  readonly id: string;
  readonly name: string;
  readonly icon: string | null;
  readonly kind: "standard" | "local";
  /** `silent`: reconnect without a prompt (fails if the wallet would need one). */
  readonly connect: (options?: { readonly silent?: boolean }) => Promise<ConnectedWallet>;
}

export const WALLET_ERRORS = {
  notConnected: "Wallet not connected",
  noMessageSigning: "Wallet does not support message signing",
} as const;
