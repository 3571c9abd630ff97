// Reading and setting a margin account's flags (AccountFlags) in place: state, not program logic, so the risk
// engine's clients (the SDK in a browser) reach them without the program's account checks.
import type { MarginfiAccountData } from "./views.js";
import { MarginfiAccountLayout } from "./marginfi-account.js";

const a = MarginfiAccountLayout.fields;

export function accountFlags(account: MarginfiAccountData): bigint {
  return a.accountFlags.get(account);
}

export function hasAccountFlag(account: MarginfiAccountData, flag: bigint): boolean {
  return (a.accountFlags.get(account) & flag) !== 0n;
}

export function setAccountFlag(account: MarginfiAccountData, flag: bigint, on: boolean): void {
  const flags = a.accountFlags.get(account);
  a.accountFlags.set(account, on ? flags | flag : flags & ~flag);
}
