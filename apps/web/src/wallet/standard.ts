// Wallet Standard discovery: every installed wallet that registers a Solana chain and can connect and sign
// transactions is offered; it signs through the standard `solana:*` features, and the app follows what the user does
// in the wallet itself (another account, a disconnect) through its `standard:events`.
import { getWallets, type Wallets } from "@wallet-standard/app";
import {
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from "@solana/wallet-standard-features";
import { PublicKey, VersionedTransaction } from "@solana/web3.js";
import type { ConnectedWallet, WalletOption } from "./types.js";

type StandardWallet = ReturnType<Wallets["get"]>[number];
type StandardAccount = StandardWallet["accounts"][number];

interface ConnectFeature {
  readonly "standard:connect": {
    readonly connect: (input?: { readonly silent?: boolean }) => Promise<{ readonly accounts: readonly StandardAccount[] }>;
  };
}
interface DisconnectFeature {
  readonly "standard:disconnect": { readonly disconnect: () => Promise<void> };
}
interface EventsFeature {
  readonly "standard:events": {
    readonly on: (event: "change", listener: (properties: { readonly accounts?: readonly StandardAccount[] }) => void) => () => void;
  };
}

/** The chain a wallet signs for: the local ledger or a remote cluster. */
export function chainFor(cluster: "local" | "remote"): `solana:${string}` {
  return cluster === "local" ? "solana:localnet" : "solana:mainnet";
}

function isSolanaWallet(wallet: StandardWallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith("solana:")) &&
    "standard:connect" in wallet.features &&
    SolanaSignTransaction in wallet.features
  );
}

/** The account the app uses among those a wallet shares: its first Solana account. */
function solanaAccount(accounts: readonly StandardAccount[]): StandardAccount | undefined {
  return accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
}

function connectedStandardWallet(wallet: StandardWallet, account: StandardAccount, chain: `solana:${string}`): ConnectedWallet {
  const features = wallet.features as Partial<SolanaSignTransactionFeature & SolanaSignMessageFeature & DisconnectFeature & EventsFeature>;
  const signer = features[SolanaSignTransaction]!;
  const messageSigner = features[SolanaSignMessage];
  const chainIfSupported = wallet.chains.includes(chain) ? chain : undefined;
  const signAll = async (transactions: VersionedTransaction[]) => {
    const outputs = await signer.signTransaction(
      ...transactions.map((tx) => ({ account, transaction: tx.serialize(), chain: chainIfSupported })),
    );
    return outputs.map((output) => VersionedTransaction.deserialize(output.signedTransaction));
  };
  return {
    id: wallet.name,
    name: wallet.name,
    icon: wallet.icon,
    publicKey: new PublicKey(account.publicKey),
    signMessage: messageSigner
      ? async (message) => {
          const [output] = await messageSigner.signMessage({ account, message });
          if (!output) throw new Error(`${wallet.name} returned no message signature`);
          return output.signature;
        }
      : null,
    signTransaction: async (transaction) => {
      const [signed] = await signAll([transaction]);
      if (!signed) throw new Error(`${wallet.name} returned no signed transaction`);
      return signed;
    },
    signAllTransactions: signAll,
    disconnect: async () => {
      await features["standard:disconnect"]?.disconnect();
    },
    watch(onChange) {
      // A wallet that still shares this account keeps it; otherwise the app moves to the account it now shares, or
      // disconnects when it shares none (the user disconnected the site in the wallet).
      const offChange = features["standard:events"]?.on("change", ({ accounts }) => {
        if (!accounts || accounts.some((a) => a.address === account.address)) return;
        const next = solanaAccount(accounts);
        onChange(next ? connectedStandardWallet(wallet, next, chain) : null);
      });
      // An uninstalled or disabled wallet unregisters; its connection is gone with it.
      const offUnregister = getWallets().on("unregister", (...gone) => {
        if (gone.includes(wallet)) onChange(null);
      });
      return () => {
        offChange?.();
        offUnregister();
      };
    },
  };
}

function standardOption(wallet: StandardWallet, chain: `solana:${string}`): WalletOption {
  return {
    id: wallet.name,
    name: wallet.name,
    icon: wallet.icon,
    kind: "standard",
    async connect(options) {
      const { accounts } = await (wallet.features as unknown as ConnectFeature)["standard:connect"].connect({ silent: options?.silent });
      const account = solanaAccount(accounts);
      if (!account) throw new Error(`${wallet.name} shared no account`);
      return connectedStandardWallet(wallet, account, chain);
    },
  };
}

/** Calls `onChange` with the Solana wallets now and whenever one registers or unregisters; returns the unsubscribe. */
export function watchStandardWallets(cluster: "local" | "remote", onChange: (options: WalletOption[]) => void): () => void {
  const wallets = getWallets();
  const chain = chainFor(cluster);
  const emit = () =>
    onChange(
      wallets
        .get()
        .filter(isSolanaWallet)
        .map((w) => standardOption(w, chain)),
    );
  emit();
  const offRegister = wallets.on("register", emit);
  const offUnregister = wallets.on("unregister", emit);
  return () => {
    offRegister();
    offUnregister();
  };
}
