import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { rememberAccount, rememberedAccount, resolveSelectedAccount } from "./selection.js";

export interface SelectedAccountContextValue {
  /** The selected margin account's address, or null when the wallet has none (or none is connected). */
  readonly selectedAccount: string | null;
  /** Selects an account — e.g. one just created — and remembers it for this wallet and market. */
  readonly setSelectedAccount: (account: string) => void;
  /** The wallet's accounts in the market (undefined while loading). */
  readonly accounts: readonly string[] | undefined;
}

const SelectedAccountContext = createContext<SelectedAccountContextValue | null>(null);

export function SelectedAccountProvider({
  wallet,
  group,
  accounts,
  children,
}: {
  readonly wallet: string | null;
  readonly group: string;
  readonly accounts: readonly string[] | undefined;
  readonly children: ReactNode;
}) {
  // The in-session choice belongs to one wallet and market; switching either starts from what is remembered.
  const [chosen, setChosen] = useState<{ readonly scope: string; readonly account: string } | null>(null);
  const scope = `${wallet}:${group}`;

  const setSelectedAccount = useCallback(
    (account: string) => {
      setChosen({ scope, account });
      if (wallet) rememberAccount(wallet, group, account);
    },
    [scope, wallet, group],
  );

  const selectedAccount =
    wallet === null
      ? null
      : resolveSelectedAccount(accounts ?? [], chosen?.scope === scope ? chosen.account : null, rememberedAccount(wallet, group));

  const value = useMemo(() => ({ selectedAccount, setSelectedAccount, accounts }), [selectedAccount, setSelectedAccount, accounts]);
  return <SelectedAccountContext.Provider value={value}>{children}</SelectedAccountContext.Provider>;
}

export function useSelectedAccount(): SelectedAccountContextValue {
  const value = useContext(SelectedAccountContext);
  if (!value) throw new Error("useSelectedAccount must be under SelectedAccountProvider");
  return value;
}
