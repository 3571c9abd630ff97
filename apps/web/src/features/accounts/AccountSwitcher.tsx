// Which of the wallet's accounts in the selected market the app shows: a select naming each account by its label
// (or "Account N"), remembered per wallet and market by the selected-account context.
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { shortenAddress } from "../../format/index.js";
import { useAccountLabels } from "../../queries/index.js";

/** An account's name: its label, else "Account N" by its place in the list (the server lists accounts in opening order). */
export function accountName(account: string, accounts: readonly string[], labels: Readonly<Record<string, string>>): string {
  const label = labels[account];
  if (label) return label;
  const index = accounts.indexOf(account);
  return index === -1 ? shortenAddress(account) : `Account ${index + 1}`;
}

export function AccountSwitcher() {
  const { accounts, selectedAccount, setSelectedAccount } = useSelectedAccount();
  const labels = useAccountLabels().data ?? {};
  if (!accounts || selectedAccount === null) return null;
  // A just-created account may not be in the list yet; it is still the selection.
  const options = accounts.includes(selectedAccount) ? accounts : [...accounts, selectedAccount];
  return (
    <label className="flex items-center gap-2">
      <span className="text-sm font-medium text-muted">Account</span>
      <select
        value={selectedAccount}
        onChange={(event) => setSelectedAccount(event.target.value)}
        className="focus-ring h-9 max-w-[16rem] truncate rounded-lg border border-line bg-surface px-3 text-sm font-medium text-fg"
      >
        {options.map((account) => (
          <option key={account} value={account}>
            {accountName(account, options, labels)} · {shortenAddress(account)}
          </option>
        ))}
      </select>
    </label>
  );
}
