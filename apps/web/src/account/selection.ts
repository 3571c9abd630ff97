// Which margin account is selected (spec §2): the one chosen in this session, else the remembered one if the wallet
// still has it, else the first. Remembered per wallet and market in localStorage.
import { readStored, writeStored } from "../storage.js";

export function selectedAccountStorageKey(wallet: string, group: string): string {
  return `ballast:selected-account:${wallet}:${group}`;
}

export function rememberedAccount(wallet: string, group: string): string | null {
  return readStored(selectedAccountStorageKey(wallet, group));
}

export function rememberAccount(wallet: string, group: string, account: string): void {
  writeStored(selectedAccountStorageKey(wallet, group), account);
}

/**
 * `chosen`: set in this session (a newly created account may not be in the list yet, so it is kept as is);
 * `remembered`: from storage, used only while the list has it.
 */
export function resolveSelectedAccount(accounts: readonly string[], chosen: string | null, remembered: string | null): string | null {
  if (chosen !== null) return chosen;
  if (remembered !== null && accounts.includes(remembered)) return remembered;
  return accounts[0] ?? null;
}
