import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { rememberAccount, rememberedAccount, resolveSelectedAccount } from "./selection.js";

export interface SelectedAccountContextValue {
  /** The selected margin account's address, or null when the wallet has none (or none is connected). */
  readonly selectedAccount: string | null;
  /** Selects an account — e.g. one just created — and remembers it for this wallet and market. */
  readonly setSelectedAccount: (account: string) => void;
  /**
   * An account that is gone — closed, or transferred to another wallet — leaves the list and the selection at once,
   * before the account list is refetched (so nothing asks the server about it any more).
   */
  readonly forgetAccount: (account: string) => void;
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
  // Addresses are unique across wallets and markets, so what is gone is gone for every scope.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const scope = `${wallet}:${group}`;

  const setSelectedAccount = useCallback(
    (account: string) => {
      setChosen({ scope, account });
      if (wallet) rememberAccount(wallet, group, account);
    },
    [scope, wallet, group],
  );
  const forgetAccount = useCallback((account: string) => setGone((previous) => new Set(previous).add(account)), []);

  const listed = useMemo(() => accounts?.filter((account) => !gone.has(account)), [accounts, gone]);
  const current = chosen?.scope === scope && !gone.has(chosen.account) ? chosen.account : null;
  const selectedAccount = wallet === null ? null : resolveSelectedAccount(listed ?? [], current, rememberedAccount(wallet, group));

  const value = useMemo(
    () => ({ selectedAccount, setSelectedAccount, forgetAccount, accounts: listed }),
    [selectedAccount, setSelectedAccount, forgetAccount, listed],
  );
  return <SelectedAccountContext.Provider value={value}>{children}</SelectedAccountContext.Provider>;
}

export function useSelectedAccount(): SelectedAccountContextValue {
  const value = useContext(SelectedAccountContext);
  if (!value) throw new Error("useSelectedAccount must be under SelectedAccountProvider");
  return value;
}
