// The built-in wallet: a keypair kept in this browser's localStorage, for the local chain and for trying the app
// without an extension. Its secret can be exported (base58) and another imported (base58 or a JSON byte array).
import bs58 from "bs58";
import { Keypair, type VersionedTransaction } from "@solana/web3.js";
import { readStored, writeStored } from "../storage.js";
import type { ConnectedWallet, WalletOption } from "./types.js";

export const LOCAL_WALLET_KEY = "ballast:local-wallet";
export const LOCAL_WALLET_ID = "local";

function storedLocalKeypair(): Keypair | null {
  const secret = readStored(LOCAL_WALLET_KEY);
  if (secret === null) return null;
  try {
    return Keypair.fromSecretKey(bs58.decode(secret));
  } catch {
    return null;
  }
}

function storeKeypair(keypair: Keypair): Keypair {
  writeStored(LOCAL_WALLET_KEY, bs58.encode(keypair.secretKey));
  return keypair;
}

/** The stored keypair, or a new one stored now. */
function localKeypair(): Keypair {
  return storedLocalKeypair() ?? storeKeypair(Keypair.generate());
}

/** The 64-byte secret key in base58, as wallets import it. */
export function exportLocalSecret(): string | null {
  return readStored(LOCAL_WALLET_KEY);
}

/** Replaces the local wallet's key; throws "Invalid secret key" for text that is not a 64-byte Ed25519 secret key. */
export function importLocalSecret(text: string): Keypair {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  try {
    bytes = trimmed.startsWith("[") ? Uint8Array.from(JSON.parse(trimmed) as number[]) : bs58.decode(trimmed);
  } catch {
    throw new Error("Invalid secret key");
  }
  if (bytes.length !== 64) throw new Error("Invalid secret key");
  let keypair: Keypair;
  try {
    keypair = Keypair.fromSecretKey(bytes);
  } catch {
    throw new Error("Invalid secret key");
  }
  return storeKeypair(keypair);
}

export function localConnectedWallet(keypair: Keypair): ConnectedWallet {
  const sign = (transaction: VersionedTransaction) => {
    transaction.sign([keypair]);
    return transaction;
  };
  return {
    id: LOCAL_WALLET_ID,
    name: "Browser wallet",
    icon: null,
    publicKey: keypair.publicKey,
    async signMessage(message) {
      // Loaded on first use: the curve code is only needed for sign-in and labels.
      const { ed25519 } = await import("@noble/curves/ed25519.js");
      return ed25519.sign(message, keypair.secretKey.slice(0, 32));
    },
    signTransaction: async (transaction) => sign(transaction),
    signAllTransactions: async (transactions) => transactions.map(sign),
    disconnect: async () => {},
  };
}

export const localWalletOption: WalletOption = {
  id: LOCAL_WALLET_ID,
  name: "Browser wallet",
  icon: null,
  kind: "local",
  connect: async () => localConnectedWallet(localKeypair()),
};
