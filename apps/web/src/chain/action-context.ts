// What every SDK action needs besides its own data: connection, wallet, program, the user's broadcast settings and
// the app server (priority fees, transaction routes), and the market's address lookup tables once loaded. Null until a
// wallet is connected.
import { PublicKey } from "@solana/web3.js";
import type { ActionContext } from "@ballast/sdk";
import { useMemo } from "react";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { useLookupTables } from "../queries/lookup-tables.js";
import { toBroadcastSettings } from "../settings/settings.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useWallet } from "../wallet/WalletProvider.js";

export function useActionContext(): ActionContext | null {
  const { config, connection, serverUrl } = useSelectedMarket();
  const { actionWallet } = useWallet();
  const { settings } = useSettings();
  const lookupTables = useLookupTables().data;
  return useMemo(
    () =>
      actionWallet
        ? {
            connection,
            wallet: actionWallet,
            programId: new PublicKey(config.programId),
            broadcast: toBroadcastSettings(settings),
            serverUrl,
            lookupTables,
          }
        : null,
    [actionWallet, connection, config.programId, settings, serverUrl, lookupTables],
  );
}
