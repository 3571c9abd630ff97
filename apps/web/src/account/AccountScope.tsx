// Feeds the selected-account context from the wallet's account list in the selected market.
import type { ReactNode } from "react";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { useAccountAddresses } from "../queries/accounts.js";
import { useWallet } from "../wallet/WalletProvider.js";
import { SelectedAccountProvider } from "./SelectedAccountProvider.js";

export function AccountScope({ children }: { readonly children: ReactNode }) {
  const { address } = useWallet();
  const { market } = useSelectedMarket();
  const addresses = useAccountAddresses();
  return (
    <SelectedAccountProvider wallet={address} group={market.group} accounts={addresses.data}>
      {children}
    </SelectedAccountProvider>
  );
}
