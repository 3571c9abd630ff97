// The wallet context: the wallets on offer (Wallet Standard + the built-in one), the connected wallet, connect and
// disconnect, message signing, and the wallet in the SDK's ActionWallet shape for actions. The last wallet used is
// reconnected silently on the next visit; account switches and disconnects made in the wallet itself are followed.
import type { ActionWallet } from "@ballast/sdk";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { readStored, writeStored } from "../storage.js";
import { LOCAL_WALLET_ID, localConnectedWallet, localWalletOption } from "./local-wallet.js";
import { watchStandardWallets } from "./standard.js";
import { WALLET_ERRORS, type ConnectedWallet, type WalletOption } from "./types.js";
import type { Keypair } from "@solana/web3.js";

const LAST_WALLET_KEY = "ballast:last-wallet";

export interface WalletContextValue {
  readonly options: readonly WalletOption[];
  readonly wallet: ConnectedWallet | null;
  /** The connected wallet's address (base58), or null. */
  readonly address: string | null;
  readonly connecting: boolean;
  readonly connect: (optionId: string) => Promise<void>;
  readonly disconnect: () => Promise<void>;
  /** Signs with the connected wallet; throws "Wallet not connected" / "Wallet does not support message signing". */
  readonly signMessage: (message: Uint8Array) => Promise<Uint8Array>;
  /** The connected wallet as the SDK's actions take it, or null. */
  readonly actionWallet: ActionWallet | null;
  /** Switches the local wallet to another key (after an import). */
  readonly switchLocalKeypair: (keypair: Keypair) => void;
}

const WalletContext = createContext<WalletContextValue | null>(null);

export function WalletProvider({ cluster, children }: { readonly cluster: "local" | "remote"; readonly children: ReactNode }) {
  const [standard, setStandard] = useState<WalletOption[]>([]);
  const [wallet, setWallet] = useState<ConnectedWallet | null>(null);
  const [connecting, setConnecting] = useState(false);

  useEffect(() => watchStandardWallets(cluster, setStandard), [cluster]);
  const options = useMemo(() => [...standard, localWalletOption], [standard]);

  const connectOption = useCallback(async (option: WalletOption, silent: boolean) => {
    setConnecting(true);
    try {
      const connected = await option.connect({ silent });
      setWallet(connected);
      writeStored(LAST_WALLET_KEY, option.id);
    } finally {
      setConnecting(false);
    }
  }, []);

  // What the user does in the wallet itself: another account replaces this one; none left means disconnected.
  useEffect(() => {
    if (!wallet?.watch) return;
    return wallet.watch((next) => {
      setWallet(next);
      if (!next) writeStored(LAST_WALLET_KEY, null);
    });
  }, [wallet]);

  // Reconnect the last wallet once it is on offer (standard wallets register asynchronously).
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored || wallet) return;
    const last = readStored(LAST_WALLET_KEY);
    const option = last && options.find((o) => o.id === last);
    if (!option) return;
    setRestored(true);
    connectOption(option, true).catch(() => writeStored(LAST_WALLET_KEY, null));
  }, [options, restored, wallet, connectOption]);

  const connect = useCallback(
    async (optionId: string) => {
      const option = options.find((o) => o.id === optionId);
      if (!option) throw new Error(`Unknown wallet ${optionId}`);
      await connectOption(option, false);
    },
    [options, connectOption],
  );

  const disconnect = useCallback(async () => {
    const current = wallet;
    setWallet(null);
    writeStored(LAST_WALLET_KEY, null);
    await current?.disconnect();
  }, [wallet]);

  const signMessage = useCallback(
    async (message: Uint8Array) => {
      if (!wallet) throw new Error(WALLET_ERRORS.notConnected);
      if (!wallet.signMessage) throw new Error(WALLET_ERRORS.noMessageSigning);
      return wallet.signMessage(message);
    },
    [wallet],
  );

  const switchLocalKeypair = useCallback((keypair: Keypair) => {
    setWallet(localConnectedWallet(keypair));
    writeStored(LAST_WALLET_KEY, LOCAL_WALLET_ID);
  }, []);

  const actionWallet = useMemo<ActionWallet | null>(
    () => (wallet ? { publicKey: wallet.publicKey, signAllTransactions: wallet.signAllTransactions } : null),
    [wallet],
  );

  const value = useMemo<WalletContextValue>(
    () => ({
      options,
      wallet,
      address: wallet?.publicKey.toBase58() ?? null,
      connecting,
      connect,
      disconnect,
      signMessage,
      actionWallet,
      switchLocalKeypair,
    }),
    [options, wallet, connecting, connect, disconnect, signMessage, actionWallet, switchLocalKeypair],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error("useWallet must be under WalletProvider");
  return value;
}
